import type { Config } from '../../config';
import type { Mail } from '../../mail/mailer';
import { bounceAddress, replyAddress, replyTokenKey, signReplyToken, ticketMailId, ticketThreadRoot, type ReplyKind } from './replyTokens';

type ThreadHeaders = Pick<Mail, 'replyTo' | 'messageId' | 'inReplyTo' | 'references'>;

const keys = new WeakMap<Uint8Array, Buffer>();
/** The reply tokens' key of this server's secret, derived once. */
export function replyKeyOf(config: Pick<Config, 'jwtSecret'>) {
  let key = keys.get(config.jwtSecret);
  if (!key) keys.set(config.jwtSecret, (key = replyTokenKey(config.jwtSecret)));
  return key;
}

/**
 * The headers of a mail about a ticket's chat line to one user: its own Message-ID under the ticket's thread root
 * (mail clients group a ticket's mails), and, when inbound mail is configured, a reply address signed for that user.
 */
export function ticketMailHeaders(
  config: Pick<Config, 'inboundMail' | 'jwtSecret' | 'publicUrl'>,
  about: { ticketId: string; messageId: string; recipientId: string; kind?: ReplyKind },
  now = new Date(),
): ThreadHeaders {
  const { domain, replyDays } = config.inboundMail;
  const idDomain = domain ?? new URL(config.publicUrl).hostname;
  const root = ticketThreadRoot(about.ticketId, idDomain);
  const headers: ThreadHeaders = { messageId: ticketMailId(about.ticketId, about.messageId, idDomain), inReplyTo: root, references: [root] };
  if (!domain) return headers;
  const expiresAt = new Date(now.getTime() + replyDays * 24 * 60 * 60 * 1000);
  const token = signReplyToken(replyKeyOf(config), about.kind ?? 'reply', about.ticketId, about.recipientId, expiresAt);
  return { ...headers, replyTo: replyAddress(about.kind ?? 'reply', token, domain) };
}

/** Where a mail's delivery reports go: the recipient's bounce address when inbound mail is configured, else the mailer's default. */
export function envelopeFromOf(config: Pick<Config, 'inboundMail' | 'jwtSecret'>, to: string) {
  return config.inboundMail.domain ? bounceAddress(replyKeyOf(config), to, config.inboundMail.domain) : undefined;
}
