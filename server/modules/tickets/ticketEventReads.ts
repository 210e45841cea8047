import type { TicketAttachmentRef, TicketMessageDto } from '../../../contract/tickets';
import type { TicketHeader } from './tickets.events';
import type { Db } from '../../db/client';
import { ticketMessages } from '../../db/schema';
import { preparedStatement, rowOf } from '../../core/preparedStatement';
import { messageDtoOf } from './ticketDtos';
import { attachmentRefs } from './ticketWrites';

/**
 * The ticket ($1) and, when the event names one, its message ($2) with the author and the files: everything the relay
 * sends and notifies, in one statement.
 */
const READ_TICKET_EVENT = `select t.id, t.partner_id as "partnerId", p.name as "partnerName", t.subject, t.assignee_id as "assigneeId",
    t.created_by as "createdBy", m.id as m_id, m.ticket_id as m_ticket_id, m.author_id as m_author_id, m.body as m_body,
    m.internal as m_internal, m.system_event as m_system_event, m.created_at as m_created_at,
    u.first_name as "authorFirstName", u.last_name as "authorLastName", u.partner_id as "authorPartnerId",
    ${attachmentRefs('ticket_attachments a where a.message_id = m.id')} as "attachmentRefs"
  from tickets t join partners p on p.id = t.partner_id
    left join ticket_messages m on m.id = $2::uuid and m.ticket_id = t.id left join users u on u.id = m.author_id
  where t.id = $1`;

const statements = new WeakMap<Db, ReturnType<typeof preparedStatement>>();

/** The ticket of an event as it is after the change committed, and the message it names; null when either is gone. */
export async function readTicketEvent(
  db: Db,
  ticketId: string,
  messageId: string | null = null,
): Promise<{ ticket: TicketHeader; message: TicketMessageDto | null } | null> {
  let read = statements.get(db);
  if (!read) statements.set(db, (read = preparedStatement(db, 'ticket_event_read', READ_TICKET_EVENT)));
  const [raw] = await read([ticketId, messageId]);
  if (!raw || (messageId && !raw.m_id)) return null;
  const ticket: TicketHeader = {
    id: raw.id as string,
    partnerId: raw.partnerId as string,
    partnerName: raw.partnerName as string,
    subject: raw.subject as string,
    assigneeId: (raw.assigneeId as string | null) ?? null,
    createdBy: raw.createdBy as string,
  };
  if (!messageId) return { ticket, message: null };
  const author = {
    firstName: raw.authorFirstName as string,
    lastName: raw.authorLastName as string,
    partnerId: (raw.authorPartnerId as string | null) ?? null,
  };
  const message = messageDtoOf({ message: rowOf(ticketMessages, raw, 'm_'), ...author }, raw.attachmentRefs as TicketAttachmentRef[]);
  return { ticket, message };
}
