import { permission } from '../../../contract/permissions';
import type { TicketMessageDto } from '../../../contract/tickets';
import type { AppContext } from '../../context';
import { ApiError, fieldError, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { rowIdOf } from '../../core/search';
import type { StoredUpload } from '../../files/uploadForm';
import { createTicketAnnouncer, type TicketAnnouncer } from './tickets.events';
import { textOfHtml, toSafeHtml } from './ticketHtml';
import { createTicketWrites, type ChatLineAudience } from './ticketWrites';

const ADMIN_VIEW = permission('Tickets', 'AdminView');

/**
 * The partner whose tickets a line may be written on (null: every partner's); out of reach is a 404. A note is staff's
 * alone: its writer reaches every partner's tickets. Whether the writer may write that kind of line is the caller's.
 */
function reachOf(principal: Principal, audience: ChatLineAudience) {
  if (principal.partnerId && audience === 'everyone') return principal.partnerId;
  if (!principal.partnerId && principal.permissions.has(ADMIN_VIEW)) return null;
  throw notFound('tickets.notFound');
}

/**
 * The one write path of a ticket's chat (issue 34, item 4): a message, which everyone on the ticket reads, or an
 * internal note (issue 25), which staff alone read; the audience is the only difference (see ticketWrites' postLine).
 * `html` is sanitised here; a line with neither text nor files is a 400. Announced after it committed: its event
 * carries the line and the ticket as the relay tells of them.
 */
export function createChatLines(ctx: Pick<AppContext, 'db' | 'events'>, announce: TicketAnnouncer = createTicketAnnouncer(ctx)) {
  const writes = createTicketWrites(ctx.db);

  return async function postLine(
    principal: Principal,
    ticketId: string,
    html: string,
    uploads: StoredUpload[],
    audience: ChatLineAudience,
  ): Promise<TicketMessageDto> {
    const scope = reachOf(principal, audience);
    const body = toSafeHtml(html);
    if (!textOfHtml(body) && !uploads.length) throw fieldError('body', 'tickets.messageRequired');
    const id = rowIdOf(ticketId, 'tickets.notFound');
    const author = { id: principal.id, side: principal.partnerId ? ('partner' as const) : ('staff' as const) };
    const posted = await writes.postLine(id, scope, author, { body, uploads, audience });
    if (!posted) {
      // Nothing written: out of reach (404), or a message to a CLOSED ticket (409), told apart on this path only.
      const status = audience === 'everyone' ? await writes.statusOf(id, scope) : null;
      if (status === null) throw notFound('tickets.notFound');
      throw new ApiError(409, 'tickets.closed');
    }
    await announce.linePosted(posted, principal);
    return posted.message;
  };
}

export type PostChatLine = ReturnType<typeof createChatLines>;
