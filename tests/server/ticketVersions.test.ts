import { describe, expect, it } from 'vitest';
import type { TicketDto } from '../../contract/tickets';
import { useDemoServer } from './factories';

/** Two people changing one ticket's status from the same page: the stale one is told, not silently applied. */
const { server, token, make } = useDemoServer();

const ADMIN = 'admin@example.com';
const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';

async function freshTicket() {
  const ticket = await make.ticket(token(ACME));
  const read = await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: token(ADMIN) });
  return { ticket: read.body.data!, etag: read.headers.get('etag')! };
}

const adminSet = (id: string, status: string, who: string, ifMatch?: string) =>
  server.api<TicketDto>('PUT', `/api/v1/tickets/admin/${id}`, {
    token: token(who),
    body: { ticketId: id, status },
    headers: ifMatch ? { 'if-match': ifMatch } : {},
  });

describe('ticket versions', () => {
  it('a ticket answers its version as a strong ETag, equal to the version in its body', async () => {
    const { ticket, etag } = await freshTicket();
    expect(ticket.version).toMatch(/^[\w-]+$/);
    expect(etag).toBe(`"${ticket.version}"`);
  });

  it('a status change sent from a stale copy is a 412 carrying the current ticket, and changes nothing', async () => {
    const { ticket, etag } = await freshTicket();
    expect((await adminSet(ticket.id, 'PENDING', ADMIN, etag)).status).toBe(200);
    const before = await server.snapshot();
    const stale = await adminSet(ticket.id, 'RESOLVED', SUPPORT, etag);
    expect(stale.status).toBe(412);
    expect(stale.body.isSuccess).toBe(false);
    expect(stale.body.data).toMatchObject({ id: ticket.id, status: 'PENDING' });
    expect(await server.snapshot()).toBe(before);
  });

  it('the owner closing from a stale copy is refused the same way', async () => {
    const { ticket, etag } = await freshTicket();
    expect((await adminSet(ticket.id, 'RESOLVED', ADMIN, etag)).status).toBe(200);
    const stale = await server.api<TicketDto>('PUT', `/api/v1/tickets/${ticket.id}`, {
      token: token(ACME),
      body: { status: 'CLOSED' },
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.data).toMatchObject({ status: 'RESOLVED' });
  });

  it('asking for the status the ticket already has from a stale copy is a 412 too', async () => {
    const { ticket, etag } = await freshTicket();
    expect((await adminSet(ticket.id, 'PENDING', ADMIN, etag)).status).toBe(200);
    expect((await adminSet(ticket.id, 'PENDING', SUPPORT, etag)).status).toBe(412);
  });

  it('a chat message arriving meanwhile does not make a status change stale', async () => {
    const { ticket, etag } = await freshTicket();
    const posted = await server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: token(ACME), body: { body: 'Any news?' } });
    expect(posted.status).toBe(201);
    const answer = await adminSet(ticket.id, 'PENDING', ADMIN, etag);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.version).not.toBe(ticket.version);
  });

  it('two staff saving from the same copy at the same moment: exactly one succeeds', async () => {
    const { ticket, etag } = await freshTicket();
    const answers = await Promise.all([adminSet(ticket.id, 'PENDING', ADMIN, etag), adminSet(ticket.id, 'RESOLVED', SUPPORT, etag)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
  });

  it('without If-Match a change applies as before, and a malformed If-Match is a 400', async () => {
    const { ticket } = await freshTicket();
    expect((await adminSet(ticket.id, 'PENDING', ADMIN)).status).toBe(200);
    const malformed = await adminSet(ticket.id, 'RESOLVED', ADMIN, 'not-a-tag');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.[0]?.field).toBe('If-Match');
  });
});
