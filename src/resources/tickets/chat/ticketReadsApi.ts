import type { TicketReadState } from '../../../../contract/tickets';
import { apiPaths } from '../../../config/apiPaths';
import { apiRequest } from '../../../providers/http';

const readsPath = (ticketId: string) => `${apiPaths.resourceItem('tickets', ticketId)}/reads`;

/** GET /tickets/{id}/reads: how far I, staff and the partner have read the chat. */
export async function fetchTicketReads(ticketId: string, signal?: AbortSignal): Promise<TicketReadState> {
  return (await apiRequest<TicketReadState>(readsPath(ticketId), { signal, notify: false })).data;
}

/** PUT /tickets/{id}/reads: I have read up to this message. Silent: a read that failed is sent again with the next one. */
export async function markTicketRead(ticketId: string, messageId: string): Promise<TicketReadState> {
  return (await apiRequest<TicketReadState>(readsPath(ticketId), { method: 'PUT', body: { messageId }, notify: false })).data;
}
