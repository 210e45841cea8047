import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import type { AddressObject, AttachmentStream, HeaderValue } from 'mailparser';
import { lazyModule } from '../../core/lazyModules';

const mailParser = lazyModule(() => import('mailparser'));
import { permission } from '../../../contract/permissions';
import { ticketDetailRoute } from '../../../contract/tickets';
import type { AppContext } from '../../context';
import { ApiError } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { inboundMails, tickets, users } from '../../db/schema';
import { loadPrincipal } from '../accounts/principal';
import { TICKET_UPLOADS } from '../tickets/ticketFiles';
import { textOfHtml } from '../tickets/ticketHtml';
import { createTicketAnnouncer } from '../tickets/tickets.events';
import { createTicketService } from '../tickets/tickets.service';
import { sendBounce, type RefusalReason } from './bounceMail';
import { deliveryFailuresOf, isDeliveryReport, markBouncing } from './mailBounces';
import { createMailAttachments } from './mailAttachments';
import { noiseOf } from './mailNoise';
import { bounceTagVerifies, parseBounceAddress, parseReplyAddress, readReplyToken, replyTokenVerifies, type ReplyKind } from './replyTokens';
import { replyKeyOf } from './ticketMailHeaders';
import { visibleHtmlOf, visibleTextOf } from './visibleReply';

/** The SMTP envelope of one mail: who the relay says sent it (empty for a bounce's `<>`) and to whom. */
export interface InboundEnvelope {
  mailFrom: string;
  recipients: string[];
  /** Whether the message went past the size limit while it streamed: nothing of it is then kept. */
  tooLarge?: () => boolean;
}

export type InboundOutcome = 'posted' | 'note' | 'refused' | 'ignored' | 'duplicate' | 'bounce' | 'dropped';

/** What the headers decided, before the body is read (attachments are stored only for a mail to be posted). */
type Verdict =
  | { kind: 'post'; as: ReplyKind; principal: Principal; ticketId: string; subject: string }
  | { kind: 'refuse'; reason: RefusalReason; to: Principal; ticketId: string; subject: string }
  | { kind: 'dsn'; tags: string[] }
  | { kind: 'ignore'; why: string }
  | { kind: 'drop'; why: string }
  | { kind: 'duplicate'; why: string };

const CHAT_CREATE = permission('TicketConversations', 'Create');
const TICKET_UPDATE = permission('Tickets', 'Update');
const ADMIN_UPDATE = permission('Tickets', 'AdminUpdate');
/** A partner with more users than this has its colleagues' tokens checked against the first ones only. */
const COLLEAGUES_CHECKED = 5000;
const DSN_BYTES = 64 * 1024;

const addressOf = (value: HeaderValue | undefined) => ((value as AddressObject | undefined)?.value?.[0]?.address ?? '').trim().toLowerCase();

/**
 * Replies by mail into tickets (issue 38). A mail is posted only when its reply address's token verifies for its
 * sender (the token's recipient, or a user of the ticket's partner the token was signed for a colleague of), and
 * then through the chat's own write path (ticket service: scope, permissions, the hub, SLA, notifications, audit).
 */
export function createInboundMail(ctx: AppContext) {
  const tickets_ = createTicketService(ctx, createTicketAnnouncer(ctx));
  const key = replyKeyOf(ctx.config);
  const domain = ctx.config.inboundMail.domain ?? '';
  /** Addresses taken at RCPT: reply, note and bounce addresses of our domain. */
  const isOurAddress = (address: string) => !!parseReplyAddress(address, domain) || !!parseBounceAddress(address, domain);

  async function principalByEmail(email: string) {
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email} and ${users.deletedAt} is null`);
    return user ? loadPrincipal(ctx.db, user.id) : null;
  }

  /** Whether the token was signed for a user of the ticket's partner, the sender being one too. */
  async function signedForColleague(kind: ReplyKind, token: string, ticketId: string, sender: Principal) {
    if (kind !== 'reply' || !sender.partnerId) return false;
    const [ticket] = await ctx.db.select({ partnerId: tickets.partnerId }).from(tickets).where(eq(tickets.id, ticketId));
    if (!ticket || ticket.partnerId !== sender.partnerId) return false;
    const colleagues = await ctx.db.select({ id: users.id }).from(users).where(eq(users.partnerId, ticket.partnerId)).limit(COLLEAGUES_CHECKED);
    return colleagues.some((user) => replyTokenVerifies(key, kind, token, user.id) === 'valid');
  }

  async function decide(envelope: InboundEnvelope, headers: Map<string, HeaderValue>, messageId: string): Promise<Verdict> {
    const subject = String(headers.get('subject') ?? '');
    // Before the noise: a delivery report is auto-submitted too, and is read, never answered.
    if (isDeliveryReport(headers)) {
      const tags = envelope.recipients.map((r) => parseBounceAddress(r, domain)).filter((tag) => tag !== null);
      return tags.length ? { kind: 'dsn', tags } : { kind: 'drop', why: 'a report to no bounce address' };
    }
    const noise = noiseOf(headers, subject);
    if (noise) return { kind: 'ignore', why: noise };
    const ours = envelope.recipients.map((r) => parseReplyAddress(r, domain)).find((r) => r !== null);
    const from = addressOf(headers.get('from'));
    const read = ours ? readReplyToken(ours.token) : null;
    if (!ours || !read || !from) return { kind: 'drop', why: 'not a reply address' };
    // Claimed first: the same mail delivered twice (or to two instances at once) goes on once.
    const [claimed] = await ctx.db.insert(inboundMails).values({ messageId, outcome: 'received' }).onConflictDoNothing().returning();
    if (!claimed) return { kind: 'duplicate', why: messageId };
    const sender = await principalByEmail(from);
    // A stranger is not answered: a forged sender would turn our bounces into spam (backscatter).
    if (!sender) return { kind: 'drop', why: 'unknown sender' };
    const base = { ticketId: read.ticketId, subject };
    const check = replyTokenVerifies(key, ours.kind, ours.token, sender.id);
    if (check === 'expired') return { kind: 'refuse', reason: 'expired', to: sender, ...base };
    if (check === 'invalid' && !(await signedForColleague(ours.kind, ours.token, read.ticketId, sender)))
      return { kind: 'refuse', reason: 'notRecipient', to: sender, ...base };
    return { kind: 'post', as: ours.kind, principal: sender, ...base };
  }

  /** A reply to a CLOSED ticket reopens it when its sender may (docs/decisions.md), as the chat's owner or staff would. */
  async function reopenIfClosed(principal: Principal, ticketId: string) {
    const ticket = await tickets_.get(principal, ticketId);
    if (ticket.status !== 'CLOSED') return;
    const via = principal.permissions.has(ADMIN_UPDATE) ? 'admin' : 'owner';
    if (via === 'owner' && !principal.permissions.has(TICKET_UPDATE)) throw new ApiError(409, 'tickets.closed');
    await tickets_.changeStatus(principal, ticketId, 'OPEN', via);
  }

  /** Posts what the headers allowed; a refusal of the chat's write path becomes the reason told to the sender. */
  async function post(verdict: Extract<Verdict, { kind: 'post' }>, body: string, uploads: Parameters<typeof tickets_.postMessage>[3]) {
    const { principal, ticketId } = verdict;
    try {
      if (verdict.as === 'note') {
        if (principal.partnerId) return 'note' as const;
        await tickets_.postNote(principal, ticketId, body, uploads);
        return null;
      }
      if (!principal.permissions.has(CHAT_CREATE)) return 'notAllowed' as const;
      await reopenIfClosed(principal, ticketId);
      await tickets_.postMessage(principal, ticketId, body, uploads);
      return null;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.messageKey === 'tickets.closed') return 'closed' as const;
      if (error.messageKey === 'tickets.messageRequired') return 'empty' as const;
      return verdict.as === 'note' && error.statusCode === 403 ? ('note' as const) : ('notAllowed' as const);
    }
  }

  /**
   * Reads one mail as it streams: the headers decide; attachments of a mail to be posted are stored through the chat's
   * checks as they come, any other mail's are read and dropped; the body is cut to its visible reply and posted.
   */
  async function receive(envelope: InboundEnvelope, source: Readable): Promise<InboundOutcome> {
    const { MailParser } = await mailParser();
    const parser = new MailParser({ skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
    const files = createMailAttachments(tickets_.attachments, TICKET_UPLOADS);
    let verdict: Promise<Verdict> | undefined;
    let messageId = '';
    let text = '';
    let html = '';
    let deliveryStatus = '';
    let fileProblem: ApiError | undefined;
    let failure: unknown;
    let chain = Promise.resolve();

    parser.on('headers', (headers: Map<string, HeaderValue>) => {
      messageId = String(headers.get('message-id') ?? '').slice(0, 998) || `<no-id-${randomUUID()}@${domain}>`;
      verdict = decide(envelope, headers, messageId);
      verdict.catch(() => {});
    });
    parser.on('data', (part: { type: 'text'; text?: string; html?: string | false } | AttachmentStream) => {
      if (part.type === 'text') {
        text = part.text ?? '';
        html = typeof part.html === 'string' ? part.html : '';
        return;
      }
      const data: AttachmentStream = part;
      // One attachment at a time: the parser waits for each to be released.
      chain = chain.then(async () => {
        try {
          const decided = await verdict;
          if (decided?.kind === 'dsn' && data.contentType === 'message/delivery-status') {
            for await (const chunk of data.content) if (deliveryStatus.length < DSN_BYTES) deliveryStatus += String(chunk);
          } else if (decided?.kind === 'post' && !fileProblem && !envelope.tooLarge?.()) {
            await files.add(data.content, data.filename);
          } else data.content.resume();
        } catch (error) {
          // Every attachment is still read and released: a parser left waiting would hold the SMTP session forever.
          if (error instanceof ApiError) fileProblem ??= error;
          else failure ??= error;
          data.content.resume();
        } finally {
          data.release?.();
        }
      });
    });

    try {
      await pipeline(source, parser);
      await chain;
      if (failure) throw failure;
      const decided = await verdict;
      if (!decided) return 'dropped';
      const outcome = await conclude(decided);
      if (decided.kind !== 'duplicate' && (decided.kind === 'post' || decided.kind === 'refuse'))
        await ctx.db.update(inboundMails).set({ outcome, ticketId: decided.ticketId }).where(eq(inboundMails.messageId, messageId));
      return outcome;
    } catch (error) {
      await files.discard();
      // A mail that failed on our side is released, so the relay's retry is taken.
      if (messageId)
        await ctx.db
          .delete(inboundMails)
          .where(eq(inboundMails.messageId, messageId))
          .catch(() => {});
      throw error;
    }

    async function conclude(decided: Verdict): Promise<InboundOutcome> {
      if (envelope.tooLarge?.()) {
        await files.discard();
        return 'refused';
      }
      if (decided.kind === 'dsn') {
        // mailparser reads a message/delivery-status part as text, some relays send it as an attachment.
        const failures = deliveryFailuresOf(deliveryStatus || text);
        // Only a recipient the report's bounce address was made for: a forged report silences nobody else.
        await markBouncing(
          ctx.db,
          failures.filter((failure) => decided.tags.some((tag) => bounceTagVerifies(key, tag, failure.email))),
        );
        return 'bounce';
      }
      if (decided.kind === 'ignore') return 'ignored';
      if (decided.kind === 'drop') return 'dropped';
      if (decided.kind === 'duplicate') return 'duplicate';
      const refuse = async (reason: RefusalReason, values: Record<string, unknown> = {}) => {
        await files.discard();
        const link = `${ctx.config.publicUrl}${ticketDetailRoute(decided.ticketId)}`;
        // Never to the null sender (`<>`, a bounce itself).
        if (envelope.mailFrom)
          await sendBounce(ctx.mailer, { to: decided.kind === 'refuse' ? decided.to : decided.principal, subject: decided.subject, link, reason, values });
        return 'refused' as const;
      };
      if (decided.kind === 'refuse') return refuse(decided.reason);
      if (fileProblem) return refuse('file', { problem: fileProblem });
      const body = html ? visibleHtmlOf(html) : visibleTextOf(text);
      if (!textOfHtml(body) && !files.uploads.length) return refuse('empty');
      const refused = await post(decided, body, files.uploads);
      if (refused) return refuse(refused);
      return decided.as === 'note' ? 'note' : 'posted';
    }
  }

  return { isOurAddress, receive };
}

export type InboundMail = ReturnType<typeof createInboundMail>;
