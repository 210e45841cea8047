import type { TicketSla } from '../../../contract/serviceLevels';
import type { TicketAttachmentRef, TicketDto, TicketMessageDto, TicketRating, TicketStatus } from '../../../contract/tickets';
import type { Db } from '../../db/client';
import { ticketMessages, tickets } from '../../db/schema';
import { preparedStatement, rowOf } from '../../core/preparedStatement';
import { fullNameOf } from '../accounts/principal';
import { foldedBodyOf } from './conversationSearch';
import { SLA_FACT_COLUMNS, SLA_SETTINGS_COLUMN, slaOfRead } from './sla/ticketSla';
import { messageDtoOf, ticketDtoOf, type TicketRow } from './ticketDtos';
import type { TicketHeader } from './tickets.events';

/** A timestamp as JSON.stringify writes a Date, for audit values built in SQL. */
const isoOf = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Attachment references as the DTOs carry them, oldest first then by name. */
export const attachmentRefs = (from: string) =>
  `coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'fileName', a.file_name, 'contentType', a.content_type, 'size', a.size)
    order by a.created_at, a.file_name) from ${from}), '[]'::jsonb)`;

/**
 * A ticket within reach ($2: the partner a partner user is limited to, null for staff who see all), with what its
 * DTO shows beside the row and the row's xmin (a change below writes only over this very row version).
 */
const READ_TICKET = `select t.xmin::text as "rowXmin", t.*, p.name as "partnerName", creator.first_name as "creatorFirstName", creator.last_name as "creatorLastName",
    ${attachmentRefs('ticket_attachments a where a.ticket_id = t.id and a.message_id is null')} as "attachmentRefs",
    au.first_name as "assigneeFirstName", au.last_name as "assigneeLastName", (select st.name from support_teams st where st.id = t.team_id) as "teamName",
    (select jsonb_build_object('score', r.score, 'comment', r.comment, 'ratedAt', ${isoOf('r.rated_at')},
      'ratedByName', trim(ru.first_name || ' ' || ru.last_name)) from ticket_ratings r join users ru on ru.id = r.rated_by where r.ticket_id = t.id) as "rating",
    ${SLA_FACT_COLUMNS}, ${SLA_SETTINGS_COLUMN}
  from tickets t join partners p on p.id = t.partner_id join users creator on creator.id = t.created_by left join users au on au.id = t.assignee_id
  where t.id = $1 and ($2::uuid is null or t.partner_id = $2)`;

/** The status of a ticket within reach: the check a chat message passes before its upload is read. */
const STATUS_OF = 'select status from tickets where id = $1 and ($2::uuid is null or partner_id = $2)';

/** The status written over the row version read, its audit row and its history row (the SLA clock's), in one statement. */
const CHANGE_STATUS = `with changed as (
    update tickets set status = $3, updated_at = $4 where id = $1 and xmin = $2::text::xid returning *
  ), audit as (
    insert into audit_trails (user_id, type, table_name, primary_key, old_values, new_values, affected_columns)
    select $5::uuid, 'Update', 'tickets', changed.id::text, jsonb_build_object('status', $6::text), jsonb_build_object('status', changed.status),
      '["status"]'::jsonb from changed
  ), history as (
    insert into ticket_status_changes (ticket_id, from_status, to_status, changed_at, actor_id)
    select changed.id, $6::text, changed.status, changed.updated_at, $5::uuid from changed
  )
  select * from changed`;

/** Who reads a chat line: everyone on the ticket (a message) or staff alone (an internal note, issue 25). */
export type ChatLineAudience = 'everyone' | 'staff';

/**
 * A chat line in one statement: the ticket ($1, within the reach $2 names) is claimed, the line and its files are
 * inserted, audited, and answered with its author's name and what its relay tells of the ticket. A message claims
 * the ticket by moving its turn (only the first word of a side's turn moves it; a CLOSED ticket matches nothing, so
 * nothing is written): the UPDATE locks the row for this statement alone, so a close in flight is waited for and then
 * refuses the message. A note moves nothing a partner sees (turn, last message and update times) and may be left in
 * any status: it holds a share lock, so the ticket is not deleted or merged away under it.
 */
const postLineStatement = (audience: ChatLineAudience) => {
  const internal = audience === 'staff';
  const claim = internal
    ? `select id, partner_id, subject, assignee_id, created_by from tickets where id = $1 and ($2::uuid is null or partner_id = $2) for share`
    : `update tickets set last_message_at = now(), updated_at = $9,
      awaiting_side = case when awaiting_side = $7 then $8 else awaiting_side end,
      awaiting_since = case when awaiting_side = $7 then now() else awaiting_since end
    where id = $1 and ($2::uuid is null or partner_id = $2) and status <> 'CLOSED'
    returning id, partner_id, subject, assignee_id, created_by`;
  const audited = ['id', 'ticketId', 'authorId', 'body', ...(internal ? ['internal'] : []), 'createdAt', 'attachments'];
  return `with ticket as (
    ${claim}
  ), message as (
    insert into ticket_messages (ticket_id, author_id, body, body_folded, internal, created_at) select ticket.id, $3, $4, $6, ${internal}, now() from ticket returning *
  ), files as (
    insert into ticket_attachments (ticket_id, message_id, uploaded_by, file_name, content_type, size, storage_name, created_at)
    select message.ticket_id, message.id, $3, f.file_name, f.content_type, f.size, f.storage_name, now()
    from message, jsonb_to_recordset($5::jsonb) as f(file_name text, content_type text, size int, storage_name text)
    returning *
  ), audit as (
    insert into audit_trails (user_id, type, table_name, primary_key, new_values, affected_columns)
    select $3, 'Create', 'ticket_messages', message.id::text,
      jsonb_build_object('id', message.id, 'ticketId', message.ticket_id, 'authorId', message.author_id, 'body', message.body,${internal ? " 'internal', true," : ''}
        'createdAt', ${isoOf('message.created_at')}, 'attachments', ${attachmentRefs('files a')}),
      '${JSON.stringify(audited)}'::jsonb
    from message
  )
  select message.*, ticket.partner_id as "ticketPartnerId", ticket.subject as "ticketSubject", ticket.assignee_id as "ticketAssigneeId",
    ticket.created_by as "ticketCreatedBy", p.name as "partnerName", u.first_name as "authorFirstName", u.last_name as "authorLastName",
    u.partner_id as "authorPartnerId", ${attachmentRefs('files a')} as "attachmentRefs"
  from message join ticket on ticket.id = message.ticket_id join partners p on p.id = ticket.partner_id join users u on u.id = message.author_id`;
};

export interface VisibleTicket {
  row: TicketRow;
  /** The row version read: a change is written only over it. */
  xmin: string;
  /** With its SLA as it is now. */
  dto: TicketDto;
  /** The SLA once a status change is added to what was read. */
  slaAfter(change: { status: TicketStatus; at: Date }): TicketSla;
}

/** A chat line written: the line as the chat shows it and its ticket as its relay tells of it. */
export interface PostedLine {
  message: TicketMessageDto;
  ticket: TicketHeader;
}

export interface MessageUpload {
  fileName: string;
  contentType: string;
  size: number;
  key: string;
}

/**
 * The hot ticket writes as prepared statements (issue 21): a status change is a read and one write, a chat line (a
 * message or a note) one write. `scopePartner` is the partner a partner user is limited to, null for staff who reach every ticket.
 */
export function createTicketWrites(db: Db) {
  const readTicket = preparedStatement(db, 'ticket_read_visible', READ_TICKET);
  const readStatus = preparedStatement(db, 'ticket_status_of', STATUS_OF);
  const changeStatusRow = preparedStatement(db, 'ticket_change_status', CHANGE_STATUS);
  const postLineRows = {
    everyone: preparedStatement(db, 'ticket_post_message', postLineStatement('everyone')),
    staff: preparedStatement(db, 'ticket_post_note', postLineStatement('staff')),
  };

  return {
    /** The status of a ticket within reach, or null. */
    async statusOf(id: string, scopePartner: string | null): Promise<TicketStatus | null> {
      const [raw] = await readStatus([id, scopePartner]);
      return raw ? (raw.status as TicketStatus) : null;
    },

    async visible(id: string, scopePartner: string | null): Promise<VisibleTicket | null> {
      const [raw] = await readTicket([id, scopePartner]);
      if (!raw) return null;
      const row = rowOf(tickets, raw);
      const joined = {
        partnerName: raw.partnerName as string,
        createdByName: fullNameOf({ firstName: raw.creatorFirstName as string, lastName: raw.creatorLastName as string }),
        attachments: raw.attachmentRefs as TicketAttachmentRef[],
        assigneeName: row.assigneeId ? fullNameOf({ firstName: raw.assigneeFirstName as string, lastName: raw.assigneeLastName as string }) : null,
        teamName: (raw.teamName as string | null) ?? null,
        rating: (raw.rating as TicketRating | null) ?? null,
      };
      const slaRead = {
        ...row,
        status: row.status as TicketStatus,
        raisedByStaff: raw.raisedByStaff as boolean,
        firstStaffReplyAt: raw.firstStaffReplyAt as Date | null,
        history: raw.history,
        serviceLevels: raw.serviceLevels,
      };
      return {
        row,
        xmin: raw.rowXmin as string,
        dto: ticketDtoOf(row, { ...joined, sla: slaOfRead(slaRead) }),
        slaAfter: (change) => slaOfRead(slaRead, change),
      };
    },

    /** The new status over the row version read, audited; null when the row changed since (read it again). */
    async changeStatus(read: VisibleTicket, status: TicketStatus, actorId: string): Promise<TicketDto | null> {
      const [raw] = await changeStatusRow([read.row.id, read.xmin, status, new Date(), actorId, read.row.status]);
      if (!raw) return null;
      const row = rowOf(tickets, raw);
      return ticketDtoOf(row, { ...read.dto, sla: read.slaAfter({ status, at: row.updatedAt }) });
    },

    /**
     * A chat line as the chat shows it, and its ticket as the line left it; null when the ticket is out of reach (or,
     * for a message, CLOSED). `author.side` moves the turn of a message; a note moves nothing.
     */
    async postLine(
      ticketId: string,
      scopePartner: string | null,
      author: { id: string; side: 'staff' | 'partner' },
      line: { body: string; uploads: MessageUpload[]; audience: ChatLineAudience },
    ): Promise<PostedLine | null> {
      const files = line.uploads.map((u) => ({ file_name: u.fileName, content_type: u.contentType, size: u.size, storage_name: u.key }));
      const shared = [ticketId, scopePartner, author.id, line.body, JSON.stringify(files), foldedBodyOf(line.body)];
      const other = author.side === 'staff' ? 'partner' : 'staff';
      const [raw] = await postLineRows[line.audience](line.audience === 'staff' ? shared : [...shared, author.side, other, new Date()]);
      if (!raw) return null;
      const row = rowOf(ticketMessages, raw);
      const writer = {
        firstName: raw.authorFirstName as string,
        lastName: raw.authorLastName as string,
        partnerId: (raw.authorPartnerId as string | null) ?? null,
      };
      const message = messageDtoOf({ message: row, ...writer }, raw.attachmentRefs as TicketAttachmentRef[]);
      const ticket: TicketHeader = {
        id: row.ticketId,
        partnerId: raw.ticketPartnerId as string,
        partnerName: raw.partnerName as string,
        subject: raw.ticketSubject as string,
        assigneeId: (raw.ticketAssigneeId as string | null) ?? null,
        createdBy: raw.ticketCreatedBy as string,
      };
      return { message, ticket };
    },
  };
}
