import { eq, sql, type SQL } from 'drizzle-orm';
import { permission, type Permission } from '../../../contract/permissions';
import type { Principal } from '../../core/guard';
import { auditTrails, ticketMessages } from '../../db/schema';

/**
 * Internal notes (issue 25, point 2): staff write them in a ticket's chat and a partner never receives one, by any
 * path. A note is a `ticket_messages` row with `internal` true; it does not move the ticket's turn, last message time
 * or update time (a partner sees those), and every reader of messages filters on the permissions below. Notes are
 * written by the chat's one write path (chatLines.ts) with the audience 'staff'.
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
