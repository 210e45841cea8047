import type { TicketRatingInput } from '../../../../contract/schemas/ticketMergeAndRating';
import type { TicketDto, TicketRatingSummary } from '../../../../contract/tickets';
import { apiPaths } from '../../../config/apiPaths';
import { apiRequest } from '../../../providers/http';

/** The merge and rating calls of issue 25 (server/modules/tickets/merge, satisfaction). */

/** POST /tickets/{id}/merge `{ intoId }` (TicketMerges.Create): answers the target; a refusal shows as an error toast. */
export async function mergeTicket(sourceId: string, intoId: string): Promise<TicketDto> {
  return (await apiRequest<TicketDto>(`${apiPaths.resourceItem('tickets', sourceId)}/merge`, { method: 'POST', body: { intoId } })).data;
}

/** POST /tickets/{id}/rating (TicketRatings.Create, partner users): answers the ticket with its rating. */
export async function rateTicket(ticketId: string, rating: TicketRatingInput): Promise<TicketDto> {
  return (await apiRequest<TicketDto>(`${apiPaths.resourceItem('tickets', ticketId)}/rating`, { method: 'POST', body: rating })).data;
}

/** GET /ticket-ratings/summary (TicketRatings.View): staff Home's satisfaction figure. */
export async function fetchRatingSummary(signal?: AbortSignal): Promise<TicketRatingSummary> {
  return (await apiRequest<TicketRatingSummary>(`${apiPaths.resource('ticket-ratings')}/summary`, { signal, notify: false })).data;
}
