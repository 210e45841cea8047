import { LANGUAGES, type Language } from '../../../contract/http';
import type { ChoosableNotificationKind } from '../../../contract/notificationPreferences';
import type { AppContext } from '../../context';
import type { Mail } from '../../mail/mailer';
import { bodyText, paragraphsOf, renderMail, type MailContent } from '../../mail/mailTemplate';
import { instantIn } from '../../mail/mailTime';
import { translate } from '../../core/i18n';
import { digestItems } from '../../db/schema';
import { loadPreferences, type PreferenceOwner } from './preferences';
import { unsubscribeToken, type UnsubscribeKind } from './unsubscribeToken';

/** A chat line a notification quotes, before it is put in the reader's zone and language. */
export interface QuotedMessage {
  author: string;
  at: Date;
  text: string;
}

export interface NotificationMail {
  to: PreferenceOwner & { email: string };
  kind: ChoosableNotificationKind;
  subjectKey: string;
  bodyKey: string;
  /** The action button's label; the button opens `link`. */
  actionKey?: string;
  /** Said after the button (e.g. that answering the mail posts in the chat). */
  afterKey?: string;
  values: Record<string, string>;
  /** Values that are instants, written in each copy's language and the reader's zone (over `values` of the same name). */
  times?: Record<string, Date>;
  link?: string;
  /** Lines quoted under the body, oldest first (a ticket's last chat lines, never its internal notes). */
  quote?: QuotedMessage[];
  /** A ticket's reply address and threading headers (server/modules/inboundMail/ticketMailHeaders.ts). */
  threading?: Pick<Mail, 'replyTo' | 'messageId' | 'inReplyTo' | 'references'>;
}

/** The one-click unsubscribe link (RFC 8058) of a kind for a user. */
export const unsubscribeUrl = (ctx: Pick<AppContext, 'config'>, userId: string, kind: UnsubscribeKind) =>
  `${ctx.config.publicUrl}/api/unsubscribe?token=${unsubscribeToken(ctx.config.jwtSecret, userId, kind)}`;

/** The List-Unsubscribe headers every non-security mail carries. */
export const unsubscribeHeaders = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

/** One language's copy of a notification, times in the reader's zone. */
function contentOf(mail: NotificationMail, language: Language, timeZone: string): MailContent & { subject: string } {
  const times = Object.entries(mail.times ?? {}).map(([key, at]) => [key, instantIn(language, timeZone, at)]);
  const values = { ...mail.values, ...Object.fromEntries(times) };
  const subject = translate(language, mail.subjectKey, values);
  return {
    subject,
    heading: subject,
    paragraphs: paragraphsOf(translate(language, mail.bodyKey, values)),
    quote: mail.quote?.map((line) => ({ author: line.author, at: instantIn(language, timeZone, line.at), text: line.text })),
    action: mail.link && mail.actionKey ? { label: translate(language, mail.actionKey, values), url: mail.link } : undefined,
    after: mail.afterKey ? paragraphsOf(translate(language, mail.afterKey, values)) : undefined,
  };
}

/**
 * Every non-security mail goes through here (issue 38, item 4): the recipient's choice for its kind decides. `mail`
 * sends it at once (in their language, or every language when they chose none) with its unsubscribe link, `portal`
 * sends nothing (the portal's own notification stays), `digest` keeps it for their daily digest (digest.ts).
 */
export async function sendNotificationMail(ctx: Pick<AppContext, 'config' | 'db' | 'mailer'>, mail: NotificationMail) {
  const preferences = await loadPreferences(ctx.db, mail.to);
  const channel = preferences.channels[mail.kind];
  if (channel === 'portal') return;
  const copy = (language: Language) => contentOf(mail, language, preferences.timeZone);
  if (channel === 'digest') {
    await ctx.db.insert(digestItems).values({
      userId: mail.to.id,
      kind: mail.kind,
      subjects: Object.fromEntries(LANGUAGES.map((language) => [language, copy(language).subject])),
      // Its first paragraph greets the reader (every body's does): the digest greets them once.
      texts: Object.fromEntries(LANGUAGES.map((language) => [language, bodyText({ ...copy(language), paragraphs: copy(language).paragraphs.slice(1) })])),
      link: mail.link ?? null,
    });
    return;
  }
  const languages = preferences.language ? [preferences.language] : LANGUAGES;
  const url = unsubscribeUrl(ctx, mail.to.id, mail.kind);
  await ctx.mailer.send({
    to: mail.to.email,
    ...renderMail(languages, copy, url),
    link: mail.link,
    ...mail.threading,
    headers: unsubscribeHeaders(url),
  });
}
