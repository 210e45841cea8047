import type { Language } from '../../../contract/http';
import type { AppContext } from '../../context';
import type { UserRow } from '../accounts/session';
import { mailFromKeys } from '../../mail/mailTemplate';
import { fullNameOf } from '../accounts/principal';

/** Mails the link that activates an account (a new user's first mail and every "request another"). */
export async function sendActivationMail(
  ctx: Pick<AppContext, 'config' | 'mailer'>,
  user: Pick<UserRow, 'email' | 'firstName' | 'lastName'>,
  token: string,
  language: Language,
) {
  const link = `${ctx.config.publicUrl}/active?email=${encodeURIComponent(user.email)}&code=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    ...mailFromKeys(
      [language],
      { subjectKey: 'mail.activationSubject', bodyKey: 'mail.activationBody', actionKey: 'mail.activationAction' },
      { name: fullNameOf(user) },
      link,
    ),
    link,
  });
}
