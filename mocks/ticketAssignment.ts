import { http } from 'msw';
import type { SupportAvailabilityDto, SupportTeamDto, TicketAssigneeOption, TicketAssignmentSettingsDto } from '../contract/ticketAssignment';
import { TICKET_PRIORITIES, type TicketPriority } from '../contract/tickets';
import { adminClaims } from './accounts';
import { created, failed, ok } from './envelopes';
import { ticketsMock } from './tickets';

/** Assignment and priority (issue 25) as the mock API holds them; `writes` lists what was sent, in order. */
export const assignmentMock = {
  assignees: [] as TicketAssigneeOption[],
  settings: null as unknown as TicketAssignmentSettingsDto,
  availability: { available: false } as SupportAvailabilityDto,
  writes: [] as { method: string; path: string; body: unknown }[],
  teams: [] as SupportTeamDto[],
  reset() {
    this.teams = [{ id: '00000000-0000-4000-8000-0000000000b1', name: 'Billing' }];
    this.assignees = [
      { id: '00000000-0000-4000-8000-0000000000a1', name: 'An Nguyễn', available: true },
      { id: '00000000-0000-4000-8000-0000000000a2', name: 'Bảo Lê', available: false },
    ];
    this.settings = {
      autoAssign: false,
      categoryPriorities: {},
      availableAgents: [{ id: this.assignees[0].id, name: this.assignees[0].name }],
      updatedAt: null,
    };
    this.availability = { available: false };
    this.writes = [];
  },
};
assignmentMock.reset();

/** Assigning to `me` names the admin account (the staff user of the browser tests). */
const ME = { id: adminClaims.sub, name: adminClaims.fullName };

export const assignmentHandlers = [
  http.put('/api/v1/tickets/:id/assignee', async ({ request, params }) => {
    const body = (await request.json()) as { assigneeId: string | null; note?: string; teamId?: string | null };
    assignmentMock.writes.push({ method: 'PUT', path: new URL(request.url).pathname, body });
    const ticket = ticketsMock.tickets.find((t) => t.id === params.id);
    if (!ticket) return failed(404, 'Ticket not found');
    if (body.teamId !== undefined) {
      const team = assignmentMock.teams.find((t) => t.id === body.teamId);
      ticket.teamId = team?.id ?? null;
      ticket.teamName = team?.name ?? null;
    }
    const who = body.assigneeId === 'me' ? ME : assignmentMock.assignees.find((a) => a.id === body.assigneeId);
    if (body.assigneeId !== null && !who) return failed(400, 'Some fields are not valid', [{ field: 'assigneeId', message: 'Not assignable' }]);
    ticket.assigneeId = who?.id ?? null;
    ticket.assigneeName = who?.name ?? null;
    return ok(ticket, 'Assignment saved');
  }),
  http.put('/api/v1/tickets/:id/priority', async ({ request, params }) => {
    const body = (await request.json()) as { priority: string };
    assignmentMock.writes.push({ method: 'PUT', path: new URL(request.url).pathname, body });
    const ticket = ticketsMock.tickets.find((t) => t.id === params.id);
    if (!ticket) return failed(404, 'Ticket not found');
    if (!TICKET_PRIORITIES.includes(body.priority as TicketPriority))
      return failed(400, 'Some fields are not valid', [{ field: 'priority', message: 'Not a priority' }]);
    ticket.priority = body.priority as TicketPriority;
    return ok(ticket, 'Priority saved');
  }),
  http.get('/api/v1/support-desk/assignees', () => ok(assignmentMock.assignees)),
  http.get('/api/v1/support-desk/assignment', () => ok(assignmentMock.settings)),
  http.put('/api/v1/support-desk/assignment', async ({ request }) => {
    const body = (await request.json()) as Pick<TicketAssignmentSettingsDto, 'autoAssign' | 'categoryPriorities'>;
    assignmentMock.writes.push({ method: 'PUT', path: new URL(request.url).pathname, body });
    assignmentMock.settings = { ...assignmentMock.settings, ...body, updatedAt: '2025-03-01T09:00:00.000Z' };
    return ok(assignmentMock.settings, 'Assignment settings saved');
  }),
  http.get('/api/v1/support-desk/teams', () => ok(assignmentMock.teams)),
  http.post('/api/v1/support-desk/teams', async ({ request }) => {
    const body = (await request.json()) as { name: string };
    assignmentMock.writes.push({ method: 'POST', path: new URL(request.url).pathname, body });
    const team = { id: `00000000-0000-4000-8000-0000000000b${assignmentMock.teams.length + 2}`, name: body.name };
    assignmentMock.teams.push(team);
    return created(team, 'Team added');
  }),
  http.delete('/api/v1/support-desk/teams/:id', ({ request, params }) => {
    assignmentMock.writes.push({ method: 'DELETE', path: new URL(request.url).pathname, body: null });
    assignmentMock.teams = assignmentMock.teams.filter((t) => t.id !== params.id);
    return ok(null, 'Team removed');
  }),
  http.get('/api/v1/support-desk/availability', () => ok(assignmentMock.availability)),
  http.put('/api/v1/support-desk/availability', async ({ request }) => {
    const body = (await request.json()) as SupportAvailabilityDto;
    assignmentMock.writes.push({ method: 'PUT', path: new URL(request.url).pathname, body });
    assignmentMock.availability = { available: body.available };
    return ok(assignmentMock.availability);
  }),
];
