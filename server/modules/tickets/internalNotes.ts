import { and, eq, sql, type SQL } from 'drizzle-orm';
import { permission, type Permission } from '../../../contract/permissions';
import type { TicketMessageDto } from '../../../contract/tickets';
import type { AppContext } from '../../context';
import { writeAudit } from '../../core/audit';
import { fieldError, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { rowIdOf } from '../../core/search';
import { auditTrails, ticketAttachments, ticketMessages, tickets } from '../../db/schema';
import type { StoredUpload } from '../../files/uploadForm';
import { foldedBodyOf } from './conversationSearch';
import { selectMessageDtos, toAttachmentRef } from './ticketDtos';
import { textOfHtml, toSafeHtml } from './ticketHtml';

/**
 * Internal notes (issue 25, point 2): staff write them in a ticket's chat and a partner never receives one, by any
 * path. A note is a `ticket_messages` row with `internal` true; it does not move the ticket's turn, last message time
 * or update time (a partner sees those), and every reader of messages filters on the permissions below.
 */
export const NOTES_VIEW: Permission = permission('TicketNotes', 'View');
export const NOTES_CREATE: Permission = permission('TicketNotes', 'Create');

/** Whether a principal may read internal notes: staff (no partner) holding TicketNotes.View. */
export const mayReadNotes = (principal: Pick<Principal, 'partnerId' | 'permissions'>) => !principal.partnerId && principal.permissions.has(NOTES_VIEW);

/** The messages a principal may read: all of them with TicketNotes.View, else none of the internal ones. */
export const messagesReadableBy = (principal: Pick<Principal, 'partnerId' | 'permissions'>): SQL | undefined =>
  mayReadNotes(principal) ? undefined : eq(ticketMessages.internal, false);

/** Audit rows a principal may read: an internal note's rows only with TicketNotes.View. */
export const auditRowsReadableBy = (principal: Pick<Principal, 'partnerId' | 'permissions'>): SQL | undefined =>
  mayReadNotes(principal)
    ? undefined
    : sql`not (${auditTrails.tableName} = 'ticket_messages' and coalesce(${auditTrails.newValues} ->> 'internal', ${auditTrails.oldValues} ->> 'internal') = 'true')`;

/**
 * Writes an internal note on a ticket and announces it to staff. For the composer (its route checks TicketNotes.Create)
 * and for other parts of the desk that leave a note (a reassignment, a merge): the caller decides who may; this checks
 * that the author is staff reaching every partner's tickets and that the ticket exists (404 otherwise). A note may be
 * left on a ticket in any status. `html` is sanitised here; a note with neither text nor files is a 400.
 */
export async function postInternalNote(
  ctx: Pick<AppContext, 'db' | 'events'>,
  principal: Principal,
  ticketId: string,
  html: string,
  uploads: StoredUpload[] = [],
): Promise<TicketMessageDto> {
  if (principal.partnerId || !principal.permissions.has(permission('Tickets', 'AdminView'))) throw notFound('tickets.notFound');
  const body = toSafeHtml(html);
  if (!textOfHtml(body) && !uploads.length) throw fieldError('body', 'tickets.messageRequired');
  const id = rowIdOf(ticketId, 'tickets.notFound');
  const written = await ctx.db.transaction(async (tx) => {
    // A share lock: the ticket is not deleted or merged away under the note, and its row is not written (no turn moves).
    const [ticket] = await tx.select({ id: tickets.id, partnerId: tickets.partnerId }).from(tickets).where(eq(tickets.id, id)).for('share');
    if (!ticket) throw notFound('tickets.notFound');
    const [message] = await tx
      .insert(ticketMessages)
      .values({ ticketId: ticket.id, authorId: principal.id, body, bodyFolded: foldedBodyOf(body), internal: true })
      .returning();
    const files = uploads.length
      ? await tx
          .insert(ticketAttachments)
          .values(
            uploads.map((u) => ({
              ticketId: ticket.id,
              messageId: message.id,
              uploadedBy: principal.id,
              fileName: u.fileName,
              contentType: u.contentType,
              size: u.size,
              storageName: u.key,
            })),
          )
          .returning()
      : [];
    await writeAudit(tx, {
      userId: principal.id,
      type: 'Create',
      table: 'ticket_messages',
      key: message.id,
      after: {
        id: message.id,
        ticketId: ticket.id,
        authorId: principal.id,
        body,
        internal: true,
        createdAt: message.createdAt,
        attachments: files.map(toAttachmentRef),
      },
    });
    return { ticket, messageId: message.id };
  });
  const [note] = await selectMessageDtos(ctx.db, and(eq(ticketMessages.id, written.messageId))!);
  // Staff lists refresh (no partnerId: staff only hear it); the hub's ticket relay sends the note to staff alone.
  await Promise.all([
    ctx.events.publish({ type: 'ResourceChanged', resource: 'tickets', id: written.ticket.id, action: 'updated' }),
    ctx.events.publish({
      type: 'TicketMessagePosted',
      ticketId: written.ticket.id,
      partnerId: written.ticket.partnerId,
      messageId: written.messageId,
      actor: { id: principal.id, partnerId: null },
    }),
  ]);
  return note;
}
