import { http } from 'msw';
import type { PagedResult } from '../contract/envelope';
import {
  TICKET_STATUSES,
  type TicketAttachmentRef,
  type TicketChatMessage,
  type TicketDto,
  type TicketReadState,
  type TicketStatus,
} from '../contract/tickets';
import { adminClaims, partnerClaims } from './accounts';
import { created, failed, ok } from './envelopes';
import { claimsOf } from './tokens';

const ACME = '00000000-0000-4000-9000-000000000001';

export function ticketRow(n: number, over: Partial<TicketDto> = {}): TicketDto {
  return {
    id: `00000000-0000-4000-c000-${String(n).padStart(12, '0')}`,
    subject: `Ticket ${n}`,
    description: `<p>Description of ticket ${n}</p>`,
    status: 'OPEN',
    partnerId: ACME,
    partnerName: 'Acme Logistics',
    createdBy: partnerClaims.sub,
    createdByName: partnerClaims.fullName,
    attachments: [],
    createdAt: `2025-03-0${n}T09:00:00.000Z`,
    updatedAt: `2025-03-0${n}T09:00:00.000Z`,
    lastMessageAt: null,
    priority: 'NORMAL',
    assigneeId: null,
    assigneeName: null,
    teamId: null,
    teamName: null,
    sla: null,
    mergedIntoId: null,
    rating: null,
    ...over,
  };
}

export function messageRow(n: number, ticketId: string, over: Partial<TicketChatMessage> = {}): TicketChatMessage {
  return {
    id: `00000000-0000-4000-d000-${String(n).padStart(12, '0')}`,
    ticketId,
    authorId: adminClaims.sub,
    authorName: adminClaims.fullName,
    authorIsStaff: true,
    body: `<p>Message ${n}</p>`,
    attachments: [],
    createdAt: `2025-03-01T10:0${n}:00.000Z`,
    ...over,
  };
}

/**
 * The tickets API as the component tests need it (server/modules/tickets/tickets.routes.ts): search, one
 * ticket, its chat, and both status changes. `failNext` makes the next write answer that status.
 */
/** The If-Match a write was sent with, when it had one. */
const ifMatchOf = (request: Request) => (request.headers.get('if-match') ? { ifMatch: request.headers.get('if-match')! } : {});

export const ticketsMock = {
  tickets: [] as TicketDto[],
  messages: [] as TicketChatMessage[],
  failNext: null as { status: number; message: string } | null,
  /** The status changes and messages sent, in order. */
  writes: [] as { method: string; path: string; body: unknown; ifMatch?: string }[],
  /** How far each ticket's chat was read (GET/PUT /tickets/{id}/reads), and the PUTs received, in order. */
  reads: {} as Record<string, Omit<TicketReadState, 'ticketId'>>,
  readWrites: [] as { ticketId: string; messageId: string }[],
  reset() {
    this.tickets = [ticketRow(1), ticketRow(2, { status: 'PENDING' }), ticketRow(3, { status: 'CLOSED' })];
    this.messages = [messageRow(1, this.tickets[0].id)];
    this.failNext = null;
    this.writes = [];
    this.reads = {};
    this.readWrites = [];
  },
};
ticketsMock.reset();

const signedIn = (request: Request) => !!claimsOf(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '');

/** As the server answers (issue 33): a partner's user never gets a ticket's SLA or team. */
function asSeenBy(request: Request, ticket: TicketDto): TicketDto {
  if (!claimsOf(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '')?.partnerId) return ticket;
  const { sla: _sla, teamId: _teamId, teamName: _teamName, ...partnerView } = ticket;
  return partnerView;
}

function takeFailure() {
  const failure = ticketsMock.failNext;
  ticketsMock.failNext = null;
  return failure ? failed(failure.status, failure.message) : null;
}

function setStatus(id: string, status: unknown) {
  const ticket = ticketsMock.tickets.find((t) => t.id === id);
  if (!ticket) return failed(404, 'Ticket not found');
  if (!TICKET_STATUSES.includes(status as TicketStatus)) return failed(400, 'Some fields are not valid', [{ field: 'status', message: 'Not a status' }]);
  ticket.status = status as TicketStatus;
  return ok(ticket, 'The ticket status has been changed');
}

export const ticketHandlers = [
  http.post('/api/v1/tickets/search', async ({ request }) => {
    if (!signedIn(request)) return failed(401, 'Please sign in');
    const body = (await request.json()) as { pageNumber: number; pageSize: number; subject?: string; id?: string; status?: string };
    const matching = ticketsMock.tickets.filter(
      (t) =>
        (!body.subject || t.subject.toLowerCase().includes(body.subject.toLowerCase())) &&
        (!body.id || t.id.startsWith(body.id)) &&
        (!body.status || t.status === body.status),
    );
    const start = (body.pageNumber - 1) * body.pageSize;
    const page: PagedResult<TicketDto> = {
      items: matching.slice(start, start + body.pageSize).map((ticket) => asSeenBy(request, ticket)),
      totalCount: matching.length,
      currentPage: body.pageNumber,
      pageSize: body.pageSize,
    };
    return ok(page);
  }),

  http.post('/api/v1/tickets', async ({ request }) => {
    if (!signedIn(request)) return failed(401, 'Please sign in');
    const form = await request.formData();
    const files = form.getAll('files').filter((f): f is File => typeof f !== 'string');
    ticketsMock.writes.push({
      method: 'POST',
      path: '/api/v1/tickets',
      body: {
        subject: form.get('subject'),
        description: form.get('description'),
        partnerId: form.get('partnerId'),
        files: files.map((f) => `${f.name} (${f.size} B)`),
      },
    });
    const failure = takeFailure();
    if (failure) return failure;
    const ticket = ticketRow(ticketsMock.tickets.length + 1, {
      subject: String(form.get('subject')),
      description: String(form.get('description') ?? ''),
      attachments: files.map((f, i): TicketAttachmentRef => ({
        id: `00000000-0000-4000-e000-00000000000${i}`,
        fileName: f.name,
        contentType: f.type,
        size: f.size,
      })),
    });
    ticketsMock.tickets.push(ticket);
    return created(asSeenBy(request, ticket), 'The ticket has been created');
  }),

  http.put('/api/v1/tickets/admin/:id', async ({ request, params }) => {
    if (!signedIn(request)) return failed(401, 'Please sign in');
    const body = (await request.json()) as { ticketId?: string; status?: string };
    ticketsMock.writes.push({ method: 'PUT', path: new URL(request.url).pathname, body, ...ifMatchOf(request) });
    if (body.ticketId !== params.id) return failed(400, 'The ticket id does not match the address');
    return takeFailure() ?? setStatus(String(params.id), body.status);
  }),

  http.get('/api/v1/tickets/:id', ({ request, params }) => {
    if (!signedIn(request)) return failed(401, 'Please sign in');
    const ticket = ticketsMock.tickets.find((t) => t.id === params.id);
    return ticket ? ok(asSeenBy(request, ticket)) : failed(404, 'Ticket not found');
  }),

  http.put('/api/v1/tickets/:id', async ({ request, params }) => {
    if (!signedIn(request)) return failed(401, 'Please sign in');
    const body = (await request.json()) as { status?: string };
    ticketsMock.writes.push({ method: 'PUT', path: new URL(request.url).pathname, body, ...ifMatchOf(request) });
    return takeFailure() ?? setStatus(String(params.id), body.status);
  }),

  http.get('/api/v1/tickets/:id/messages', ({ request, params }) => {
    if (!signedIn(request)) return failed(401, 'Please sign in');
    return ok(ticketsMock.messages.filter((m) => m.ticketId === params.id));
  }),

  http.get('/api/v1/tickets/:id/reads', ({ request, params }) => {
    if (!signedIn(request)) return failed(401, 'Please sign in');
    const id = String(params.id);
    return ok({ ticketId: id, ...(ticketsMock.reads[id] ?? { mine: null, staff: null, partner: null }) });
  }),

  http.put('/api/v1/tickets/:id/reads', async ({ request, params }) => {
    if (!signedIn(request)) return failed(401, 'Please sign in');
    const id = String(params.id);
    const { messageId } = (await request.json()) as { messageId: string };
    const message = ticketsMock.messages.find((m) => m.id === messageId && m.ticketId === id);
    if (!message) return failed(400, 'Some fields are not valid', [{ field: 'messageId', message: 'This message is not part of this ticket' }]);
    ticketsMock.readWrites.push({ ticketId: id, messageId });
    const claims = claimsOf(request.headers.get('authorization')!.replace(/^Bearer /, ''))!;
    const state = ticketsMock.reads[id] ?? { mine: null, staff: null, partner: null };
    const side = claims.partnerId ? 'partner' : 'staff';
    const later = (a: string | null) => (a === null || a < message.createdAt ? message.createdAt : a);
    ticketsMock.reads[id] = { ...state, mine: later(state.mine), [side]: later(state[side]) };
    return ok({ ticketId: id, ...ticketsMock.reads[id] });
  }),

  http.post('/api/v1/tickets/:id/messages', async ({ request, params }) => {
    if (!signedIn(request)) return failed(401, 'Please sign in');
    const failure = takeFailure();
    if (failure) return failure;
    const ticket = ticketsMock.tickets.find((t) => t.id === params.id);
    if (!ticket) return failed(404, 'Ticket not found');
    if (ticket.status === 'CLOSED') return failed(409, 'This ticket is closed: it accepts no new messages');
    const { body, internal } = (await request.json()) as { body: string; internal?: boolean };
    // Issue 25: an internal note says so; a reply is recorded as it always was.
    ticketsMock.writes.push({ method: 'POST', path: new URL(request.url).pathname, body: internal ? { body, internal } : { body } });
    const claims = claimsOf(request.headers.get('authorization')!.replace(/^Bearer /, ''))!;
    const message = messageRow(ticketsMock.messages.length + 1, ticket.id, {
      authorId: claims.sub,
      authorName: claims.fullName,
      authorIsStaff: !claims.partnerId,
      body,
      ...(internal ? { internal } : {}),
    });
    ticketsMock.messages.push(message);
    return created(message, 'Your message has been sent');
  }),
];
