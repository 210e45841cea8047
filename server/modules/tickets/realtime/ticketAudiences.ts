import { permission, type Permission } from '../../../../contract/permissions';
import type { TicketDto } from '../../../../contract/tickets';
import type { HubAudience } from '../../../hub/audience';
import { NOTES_VIEW } from '../internalNotes';

const CHAT_VIEW = permission('TicketConversations', 'View');

/**
 * Who may hear an event about a ticket: what REST asks to read the same (ticketScope: the ticket's partner's
 * users, or staff with Tickets.AdminView), with the permissions `needed`. The hub checks each listener's
 * principal as it is when the event goes out.
 */
export const readersOfTicket = (ticket: Pick<TicketDto, 'partnerId'>, ...needed: Permission[]): HubAudience => ({
  scope: { partnerId: ticket.partnerId },
  readers: [{ all: needed, acrossPartners: permission('Tickets', 'AdminView') }],
});

/**
 * Who hears a note live (TicketMessageCreated, its notification): staff only (no partner's user whatever their
 * role), holding the chat's, the notes' and every partner's tickets' permissions.
 */
export const noteAudience: HubAudience = {
  scope: 'staff',
  readers: [{ all: [CHAT_VIEW, NOTES_VIEW, permission('Tickets', 'AdminView')] }],
};
