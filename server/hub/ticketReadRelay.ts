import { permission } from '../../contract/permissions';
import type { TicketReadMoved } from '../modules/tickets/ticketReads.events';
import { hubGroups } from './groups';
import type { TicketRelayHub } from './ticketRelay';
import { readersOfTicket } from './ticketRelay';

/** A side read further: the ticket's group hears TicketRead (whoever may read the chat), so "seen" shows live. */
export function relayTicketRead(hub: Pick<TicketRelayHub, 'sendToGroups'>, event: TicketReadMoved) {
  const { ticketId, side, userId, readUpTo } = event;
  hub.sendToGroups(
    [hubGroups.ticket(ticketId)],
    'TicketRead',
    { ticketId, side, userId, readUpTo },
    readersOfTicket(event, permission('TicketConversations', 'View')),
  );
}
