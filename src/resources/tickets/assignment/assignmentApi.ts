import type { TicketAssignmentSettingsDto, SupportAvailabilityDto, TicketAssigneeOption, CategoryPriorities } from '../../../../contract/ticketAssignment';
import type { TicketDto, TicketPriority } from '../../../../contract/tickets';
import { apiPaths } from '../../../config/apiPaths';
import { apiRequest } from '../../../providers/http';

/** The assignment and priority calls (server/modules/tickets/assignment/assignment.routes.ts). */

const ticketPath = (id: string) => apiPaths.resourceItem('tickets', id);
const desk = (path: string) => `${apiPaths.resource('support-desk')}/${path}`;

/** PUT /tickets/{id}/assignee: a staff user's id, `me`, or null (unassign), with an optional note. */
export async function assignTicket(ticketId: string, assigneeId: string | null, note = ''): Promise<TicketDto> {
  return (await apiRequest<TicketDto>(`${ticketPath(ticketId)}/assignee`, { method: 'PUT', body: { assigneeId, note } })).data;
}

export async function setTicketPriority(ticketId: string, priority: TicketPriority): Promise<TicketDto> {
  return (await apiRequest<TicketDto>(`${ticketPath(ticketId)}/priority`, { method: 'PUT', body: { priority } })).data;
}

export async function fetchAssignees(): Promise<TicketAssigneeOption[]> {
  return (await apiRequest<TicketAssigneeOption[]>(desk('assignees'), { notify: false })).data;
}

export async function fetchAssignmentSettings(): Promise<TicketAssignmentSettingsDto> {
  return (await apiRequest<TicketAssignmentSettingsDto>(desk('assignment'), { notify: false })).data;
}

export async function saveAssignmentSettings(input: { autoAssign: boolean; categoryPriorities: CategoryPriorities }): Promise<TicketAssignmentSettingsDto> {
  return (await apiRequest<TicketAssignmentSettingsDto>(desk('assignment'), { method: 'PUT', body: input })).data;
}

export async function fetchAvailability(): Promise<SupportAvailabilityDto> {
  return (await apiRequest<SupportAvailabilityDto>(desk('availability'), { notify: false })).data;
}

export async function saveAvailability(available: boolean): Promise<SupportAvailabilityDto> {
  return (await apiRequest<SupportAvailabilityDto>(desk('availability'), { method: 'PUT', body: { available } })).data;
}
