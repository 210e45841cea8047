import type {
  CategoryPriorities,
  SupportAvailabilityDto,
  SupportTeamDto,
  TicketAssigneeOption,
  TicketAssignmentSettingsDto,
} from '../../../../contract/ticketAssignment';
import type { TicketDto, TicketPriority } from '../../../../contract/tickets';
import { apiPaths } from '../../../config/apiPaths';
import { apiRequest } from '../../../providers/http';

/** The assignment and priority calls (server/modules/tickets/assignment/assignment.routes.ts). */

const ticketPath = (id: string) => apiPaths.resourceItem('tickets', id);
const desk = (path: string) => `${apiPaths.resource('support-desk')}/${path}`;

/**
 * PUT /tickets/{id}/assignee: a staff user's id, `me`, or null (unassign), with an optional note; `teamId` (a team or null)
 * only when it is to change.
 */
export async function assignTicket(ticketId: string, assigneeId: string | null, note = '', teamId?: string | null): Promise<TicketDto> {
  const body = { assigneeId, note, ...(teamId === undefined ? {} : { teamId }) };
  return (await apiRequest<TicketDto>(`${ticketPath(ticketId)}/assignee`, { method: 'PUT', body })).data;
}

export async function fetchTeams(): Promise<SupportTeamDto[]> {
  return (await apiRequest<SupportTeamDto[]>(desk('teams'), { notify: false })).data;
}

export async function createTeam(name: string): Promise<SupportTeamDto> {
  return (await apiRequest<SupportTeamDto>(desk('teams'), { method: 'POST', body: { name } })).data;
}

export async function deleteTeam(id: string): Promise<void> {
  await apiRequest<null>(`${desk('teams')}/${encodeURIComponent(id)}`, { method: 'DELETE' });
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
