import type { Language } from '../../../contract/http';
import type { AppContext } from '../../context';
import type { UserRow } from '../accounts/session';
import { translate } from '../../core/i18n';
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
    subject: translate(language, 'mail.activationSubject'),
    text: translate(language, 'mail.activationBody', { name: fullNameOf(user), link }),
    link,
  });
}
