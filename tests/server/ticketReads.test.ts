import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TicketMessageDto, TicketReadState } from '../../contract/tickets';
import { ticketMessages, ticketReads } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors } from './expectations';
import { useDemoServer } from './factories';

/** Read receipts of a ticket's chat over REST: how far the reader, staff and the partner have read. */
const { server, make, token, userIds } = useDemoServer();

const SUPPORT = 'support@example.com';
const ADMIN = 'admin@example.com';
const ACME = 'partner@acme.example';
const ACME_ADMIN = 'partner.admin@acme.example';
const GLOBEX = 'partner@globex.example';

const db = () => server.built.database.db;

const post = async (email: string, ticketId: string, body: string) =>
  expectEnvelope(await server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticketId}/messages`, { token: token(email), body: { body } }), 201).body.data!;

const read = (email: string, ticketId: string, messageId: unknown) =>
  server.api<TicketReadState>('PUT', `/api/v1/tickets/${ticketId}/reads`, { token: token(email), body: { messageId } });

const readState = (email: string, ticketId: string) => server.api<TicketReadState>('GET', `/api/v1/tickets/${ticketId}/reads`, { token: token(email) });

/** An Acme ticket with two messages, the first from Acme and the second from support. */
async function conversation() {
  const ticket = await make.ticket(token(ACME));
  const first = await post(ACME, ticket.id, 'Where is my invoice?');
  const second = await post(SUPPORT, ticket.id, 'Attached, sorry for the wait.');
  return { ticket, first, second };
}

const storedRead = async (ticketId: string, email: string) => {
  const [row] = await db()
    .select({ readUpTo: sql<string>`${ticketReads.readUpTo}::text` })
    .from(ticketReads)
    .where(and(eq(ticketReads.ticketId, ticketId), eq(ticketReads.userId, userIds[email])));
  return row?.readUpTo ?? null;
};

describe('GET /tickets/{id}/reads', () => {
  it('answers nulls for a chat nobody has read yet', async () => {
    const { ticket } = await conversation();
    expect(expectEnvelope(await readState(ACME, ticket.id), 200).body.data).toEqual({ ticketId: ticket.id, mine: null, staff: null, partner: null });
  });

  it("answers 404 to Globex on Acme's ticket and to an unknown ticket, reading or writing", async () => {
    const { ticket, second } = await conversation();
    expectEnvelope(await readState(GLOBEX, ticket.id), 404);
    expectEnvelope(await read(GLOBEX, ticket.id, second.id), 404);
    expectEnvelope(await readState(ACME, '00000000-0000-4000-8000-000000000000'), 404);
    expectEnvelope(await readState(ACME, 'toString'), 404);
    expect(await storedRead(ticket.id, GLOBEX)).toBeNull();
  });
});

describe('PUT /tickets/{id}/reads', () => {
  it("stores the message's created_at exactly, to the microsecond", async () => {
    const { ticket, second } = await conversation();
    await db()
      .update(ticketMessages)
      .set({ createdAt: sql`'2031-02-03 04:05:06.123456+00'::timestamptz` })
      .where(eq(ticketMessages.id, second.id));
    expectEnvelope(await read(ACME, ticket.id, second.id), 200);
    const [same] = await db()
      .select({ equal: sql<boolean>`${ticketReads.readUpTo} = '2031-02-03 04:05:06.123456+00'::timestamptz` })
      .from(ticketReads)
      .where(and(eq(ticketReads.ticketId, ticket.id), eq(ticketReads.userId, userIds[ACME])));
    expect(same.equal).toBe(true);
  });

  it('only moves forward: reading an older message afterwards leaves the read where it was', async () => {
    const { ticket, first, second } = await conversation();
    const ahead = expectEnvelope(await read(ACME, ticket.id, second.id), 200).body.data;
    expect(ahead!.mine).toBe(second.createdAt);
    const stored = await storedRead(ticket.id, ACME);
    const back = expectEnvelope(await read(ACME, ticket.id, first.id), 200).body.data;
    expect(back).toEqual(ahead);
    expect(await storedRead(ticket.id, ACME)).toBe(stored);
  });

  it('is idempotent: the same call twice answers the same state', async () => {
    const { ticket, first } = await conversation();
    const once = expectEnvelope(await read(ACME, ticket.id, first.id), 200).body.data;
    expect(expectEnvelope(await read(ACME, ticket.id, first.id), 200).body.data).toEqual(once);
    expect(once).toEqual({ ticketId: ticket.id, mine: first.createdAt, staff: null, partner: first.createdAt });
  });

  it('refuses a message of another ticket with 400 naming messageId and changes nothing', async () => {
    const { ticket, first } = await conversation();
    const other = await conversation();
    expectEnvelope(await read(ACME, ticket.id, first.id), 200);
    const before = await storedRead(ticket.id, ACME);
    expectFieldErrors(await read(ACME, ticket.id, other.second.id), ['messageId']);
    expectFieldErrors(await read(ACME, ticket.id, '00000000-0000-4000-8000-000000000000'), ['messageId']);
    expectFieldErrors(await read(ACME, ticket.id, 'not-an-id'), ['messageId']);
    expectFieldErrors(await read(ACME, ticket.id, undefined), ['messageId']);
    expect(await storedRead(ticket.id, ACME)).toBe(before);
    expect(await storedRead(other.ticket.id, ACME)).toBeNull();
  });

  it('shows a staff read as `staff` to the partner, and a partner read as `partner` to staff', async () => {
    const { ticket, first, second } = await conversation();
    expectEnvelope(await read(SUPPORT, ticket.id, first.id), 200);
    expect(expectEnvelope(await readState(ACME_ADMIN, ticket.id), 200).body.data).toEqual({
      ticketId: ticket.id,
      mine: null,
      staff: first.createdAt,
      partner: null,
    });
    expectEnvelope(await read(ACME, ticket.id, second.id), 200);
    expect(expectEnvelope(await readState(ADMIN, ticket.id), 200).body.data).toEqual({
      ticketId: ticket.id,
      mine: null,
      staff: first.createdAt,
      partner: second.createdAt,
    });
  });

  it('each side is the furthest of its readers', async () => {
    const { ticket, first, second } = await conversation();
    expectEnvelope(await read(ACME, ticket.id, second.id), 200);
    const state = expectEnvelope(await read(ACME_ADMIN, ticket.id, first.id), 200).body.data;
    expect(state).toEqual({ ticketId: ticket.id, mine: first.createdAt, staff: null, partner: second.createdAt });
  });

  it('two tabs reading at once end at the furthest message', async () => {
    const { ticket, first, second } = await conversation();
    const third = await post(SUPPORT, ticket.id, 'Anything else?');
    const answers = await Promise.all([first, third, second, third, first].map((m) => read(ACME, ticket.id, m.id)));
    for (const answer of answers) expectEnvelope(answer, 200);
    expect(expectEnvelope(await readState(ACME, ticket.id), 200).body.data!.mine).toBe(third.createdAt);
  });
});
