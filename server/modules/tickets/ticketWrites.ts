import type { TicketSla } from '../../../contract/serviceLevels';
import type { TicketAttachmentRef, TicketDto, TicketMessageDto, TicketRating, TicketStatus } from '../../../contract/tickets';
import type { Db } from '../../db/client';
import { ticketMessages, tickets } from '../../db/schema';
import { preparedStatement, rowOf } from '../../core/preparedStatement';
import { fullNameOf } from '../accounts/principal';
import { foldedBodyOf } from './conversationSearch';
import { SLA_FACT_COLUMNS, SLA_SETTINGS_COLUMN, slaOfRead } from './sla/ticketSla';
import { ticketDtoOf, type TicketRow } from './ticketDtos';

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

/**
 * A chat message in one statement: the ticket's turn moves (only the first word of a side's turn moves it; a
 * CLOSED ticket or one out of reach matches nothing, so nothing is written), the message and its files are
 * inserted, audited, and answered with its author's name. The UPDATE locks the ticket's row for this statement
 * alone: a close in flight is waited for, and then refuses the message.
 */
const POST_MESSAGE = `with turn as (
    update tickets set last_message_at = now(), updated_at = $7,
      awaiting_side = case when awaiting_side = $4 then $5 else awaiting_side end,
      awaiting_since = case when awaiting_side = $4 then now() else awaiting_since end
    where id = $1 and ($2::uuid is null or partner_id = $2) and status <> 'CLOSED'
    returning id, partner_id
  ), message as (
    insert into ticket_messages (ticket_id, author_id, body, body_folded, created_at) select turn.id, $3, $6, $9, now() from turn returning *
  ), files as (
    insert into ticket_attachments (ticket_id, message_id, uploaded_by, file_name, content_type, size, storage_name, created_at)
    select message.ticket_id, message.id, $3, f.file_name, f.content_type, f.size, f.storage_name, now()
    from message, jsonb_to_recordset($8::jsonb) as f(file_name text, content_type text, size int, storage_name text)
    returning *
  ), audit as (
    insert into audit_trails (user_id, type, table_name, primary_key, new_values, affected_columns)
    select $3, 'Create', 'ticket_messages', message.id::text,
      jsonb_build_object('id', message.id, 'ticketId', message.ticket_id, 'authorId', message.author_id, 'body', message.body,
        'createdAt', ${isoOf('message.created_at')}, 'attachments', ${attachmentRefs('files a')}),
      '["id","ticketId","authorId","body","createdAt","attachments"]'::jsonb
    from message
  )
  select message.*, turn.partner_id as "ticketPartnerId", u.first_name as "authorFirstName", u.last_name as "authorLastName",
    u.partner_id as "authorPartnerId", ${attachmentRefs('files a')} as "attachmentRefs"
  from message join turn on turn.id = message.ticket_id join users u on u.id = message.author_id`;

export interface VisibleTicket {
  row: TicketRow;
  /** The row version read: a change is written only over it. */
  xmin: string;
  /** With its SLA as it is now. */
  dto: TicketDto;
  /** The SLA once a status change is added to what was read. */
  slaAfter(change: { status: TicketStatus; at: Date }): TicketSla;
}

export interface MessageUpload {
  fileName: string;
  contentType: string;
  size: number;
  key: string;
}

/**
 * The hot ticket writes as prepared statements (issue 21): a status change is a read and one write, a chat message
 * one write. `scopePartner` is the partner a partner user is limited to, null for staff who reach every ticket.
 */
export function createTicketWrites(db: Db) {
  const readTicket = preparedStatement(db, 'ticket_read_visible', READ_TICKET);
  const readStatus = preparedStatement(db, 'ticket_status_of', STATUS_OF);
  const changeStatusRow = preparedStatement(db, 'ticket_change_status', CHANGE_STATUS);
  const postMessageRows = preparedStatement(db, 'ticket_post_message', POST_MESSAGE);

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

    /** The message as the chat shows it and its ticket's partner; null when the ticket is CLOSED or out of reach. */
    async postMessage(
      ticketId: string,
      scopePartner: string | null,
      author: { id: string; side: 'staff' | 'partner' },
      body: string,
      uploads: MessageUpload[],
    ): Promise<{ message: TicketMessageDto; partnerId: string } | null> {
      const files = uploads.map((u) => ({ file_name: u.fileName, content_type: u.contentType, size: u.size, storage_name: u.key }));
      const other = author.side === 'staff' ? 'partner' : 'staff';
      const [raw] = await postMessageRows([ticketId, scopePartner, author.id, author.side, other, body, new Date(), JSON.stringify(files), foldedBodyOf(body)]);
      if (!raw) return null;
      const row = rowOf(ticketMessages, raw);
      const message: TicketMessageDto = {
        id: row.id,
        ticketId: row.ticketId,
        authorId: row.authorId,
        authorName: fullNameOf({ firstName: raw.authorFirstName as string, lastName: raw.authorLastName as string }),
        authorIsStaff: raw.authorPartnerId === null,
        body: row.body,
        attachments: raw.attachmentRefs as TicketAttachmentRef[],
        createdAt: row.createdAt.toISOString(),
      };
      return { message, partnerId: raw.ticketPartnerId as string };
    },
  };
}
