import { permission } from '../../../../contract/permissions';
import type { TicketReadMoved } from '../ticketReads.events';
import { hubGroups } from '../../../hub/groups';
import type { RelayHub } from '../../../hub/relayHub';
import { readersOfTicket } from './ticketAudiences';

/** A side read further: the ticket's group hears TicketRead (whoever may read the chat), so "seen" shows live. */
export function relayTicketRead(hub: Pick<RelayHub, 'sendToGroups'>, event: TicketReadMoved) {
  const { ticketId, side, userId, readUpTo } = event;
  hub.sendToGroups(
    [hubGroups.ticket(ticketId)],
    'TicketRead',
    { ticketId, side, userId, readUpTo },
    readersOfTicket(event, permission('TicketConversations', 'View')),
  );
}
