import { LANGUAGES, type Language } from '../../../contract/http';
import type { ChoosableNotificationKind } from '../../../contract/notificationPreferences';
import type { AppContext } from '../../context';
import type { Mail } from '../../mail/mailer';
import { translate } from '../../core/i18n';
import { digestItems } from '../../db/schema';
import { loadPreferences, type PreferenceOwner } from './preferences';
import { unsubscribeToken, type UnsubscribeKind } from './unsubscribeToken';

export interface NotificationMail {
  to: PreferenceOwner & { email: string };
  kind: ChoosableNotificationKind;
  subjectKey: string;
  bodyKey: string;
  values: Record<string, string>;
  link?: string;
  /** A ticket's reply address and threading headers (server/modules/inboundMail/ticketMailHeaders.ts). */
  threading?: Pick<Mail, 'replyTo' | 'messageId' | 'inReplyTo' | 'references'>;
}

/** The one-click unsubscribe link (RFC 8058) of a kind for a user. */
export const unsubscribeUrl = (ctx: Pick<AppContext, 'config'>, userId: string, kind: UnsubscribeKind) =>
  `${ctx.config.publicUrl}/api/unsubscribe?token=${unsubscribeToken(ctx.config.jwtSecret, userId, kind)}`;

/** The List-Unsubscribe headers every non-security mail carries. */
export const unsubscribeHeaders = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

const inLanguages = (languages: readonly Language[], key: string, values: Record<string, string>) =>
  Object.fromEntries(languages.map((language) => [language, translate(language, key, values)]));

/**
 * Every non-security mail goes through here (issue 38, item 4): the recipient's choice for its kind decides. `mail`
 * sends it at once (in their language, or every language when they chose none) with its unsubscribe link, `portal`
 * sends nothing (the portal's own notification stays), `digest` keeps it for their daily digest (digest.ts).
 */
export async function sendNotificationMail(ctx: Pick<AppContext, 'config' | 'db' | 'mailer'>, mail: NotificationMail) {
  const preferences = await loadPreferences(ctx.db, mail.to);
  const channel = preferences.channels[mail.kind];
  if (channel === 'portal') return;
  if (channel === 'digest') {
    await ctx.db.insert(digestItems).values({
      userId: mail.to.id,
      kind: mail.kind,
      subjects: inLanguages(LANGUAGES, mail.subjectKey, mail.values),
      texts: inLanguages(LANGUAGES, mail.bodyKey, mail.values),
      link: mail.link ?? null,
    });
    return;
  }
  const languages = preferences.language ? [preferences.language] : LANGUAGES;
  const url = unsubscribeUrl(ctx, mail.to.id, mail.kind);
  const footer = (language: Language) => translate(language, 'notificationPreferences.unsubscribeFooter', { link: url });
  await ctx.mailer.send({
    to: mail.to.email,
    subject: languages.map((language) => translate(language, mail.subjectKey, mail.values)).join(' / '),
    text: languages.map((language) => `${translate(language, mail.bodyKey, mail.values)}\n\n${footer(language)}`).join('\n\n-----\n\n'),
    link: mail.link,
    ...mail.threading,
    headers: unsubscribeHeaders(url),
  });
}
