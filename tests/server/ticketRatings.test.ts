import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TicketDto, TicketRatingSummary } from '../../contract/tickets';
import i18nEn from '../../i18n/ticketMerge.en';
import { auditTrails, ticketRatings } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { useDemoServer } from './factories';

const { server, token, make } = useDemoServer();

const SUPPORT = 'support@example.com';
const ADMIN = 'admin@example.com';
const ACME = 'partner@acme.example';
const ACME_ADMIN = 'partner.admin@acme.example';
const GLOBEX = 'partner@globex.example';
const db = () => server.built.database.db;

const rate = (id: string, body: unknown, as = token(ACME)) => server.api<TicketDto>('POST', `/api/v1/tickets/${id}/rating`, { token: as, body });
const setStatus = async (id: string, status: string) =>
  expectEnvelope(await server.api('PUT', `/api/v1/tickets/admin/${id}`, { token: token(SUPPORT), body: { ticketId: id, status } }), 200);
const summary = (as = token(SUPPORT)) => server.api<TicketRatingSummary>('GET', '/api/v1/ticket-ratings/summary', { token: as });

async function resolvedTicket() {
  const ticket = await make.ticket(token(ACME));
  await setStatus(ticket.id, 'RESOLVED');
  return ticket;
}

describe('rating a resolved ticket', () => {
  it('a user of the partner rates it once (audited); staff read the rating on the ticket and in the 30-day figure', async () => {
    const before = (await summary()).body.data!;
    const ticket = await resolvedTicket();
    const answer = await rate(ticket.id, { score: 4, comment: '  Quick and kind  ' });
    expectEnvelope(answer, 201, i18nEn.ticketRatings.rated);
    expect(answer.body.data!.rating).toMatchObject({ score: 4, comment: 'Quick and kind', ratedByName: 'Bình Trần' });

    const asStaff = await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: token(SUPPORT) });
    expect(asStaff.body.data!.rating).toMatchObject({ score: 4, comment: 'Quick and kind' });
    const [audit] = await db()
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'ticket_ratings'), eq(auditTrails.primaryKey, ticket.id)));
    expect(audit.newValues).toMatchObject({ score: 4, comment: 'Quick and kind' });

    // Once per ticket, whoever of the partner tries again.
    expectEnvelope(await refused(server, () => rate(ticket.id, { score: 1 }, token(ACME_ADMIN))), 409, i18nEn.ticketRatings.alreadyRated);

    const after = (await summary()).body.data!;
    expect(after.count).toBe(before.count + 1);
    expect(after.days).toBe(30);
    expect(after.average).not.toBeNull();
    // The list answers carry the rating too (one DTO path).
    const listed = await server.api<{ items: TicketDto[] }>('POST', '/api/v1/tickets/search', { token: token(SUPPORT), body: { ids: [ticket.id] } });
    expect(listed.body.data!.items[0].rating?.score).toBe(4);
  });

  it('a ticket CLOSED after it was resolved may be rated; one closed without being resolved, an open one or a merged one may not', async () => {
    const closedAfter = await resolvedTicket();
    await setStatus(closedAfter.id, 'CLOSED');
    expectEnvelope(await rate(closedAfter.id, { score: 5 }), 201);

    const open = await make.ticket(token(ACME));
    expectEnvelope(await refused(server, () => rate(open.id, { score: 5 })), 409, i18nEn.ticketRatings.notResolved);
    const closedOnly = await make.ticket(token(ACME));
    await setStatus(closedOnly.id, 'CLOSED');
    expectEnvelope(await refused(server, () => rate(closedOnly.id, { score: 5 })), 409, i18nEn.ticketRatings.notResolved);

    const duplicate = await resolvedTicket();
    const kept = await make.ticket(token(ACME));
    expectEnvelope(await server.api('POST', `/api/v1/tickets/${duplicate.id}/merge`, { token: token(SUPPORT), body: { intoId: kept.id } }), 200);
    expectEnvelope(await refused(server, () => rate(duplicate.id, { score: 5 })), 409, i18nEn.ticketRatings.notResolved);
  });

  it('staff cannot rate (403), another partner’s ticket is not there (404), bad scores and comments are 400: nothing changes', async () => {
    const ticket = await resolvedTicket();
    expectEnvelope(await refused(server, () => rate(ticket.id, { score: 5 }, token(ADMIN))), 403);
    expectEnvelope(await refused(server, () => rate(ticket.id, { score: 5 }, token(SUPPORT))), 403);
    expectEnvelope(await refused(server, () => rate(ticket.id, { score: 5 }, token(GLOBEX))), 404);
    expectEnvelope(await refused(server, () => rate('not-a-ticket', { score: 5 })), 404);
    expectEnvelope(await refused(server, () => rate('00000000-0000-4000-8000-000000000000', { score: 5 })), 404);
    for (const score of [0, 6, 2.5, 'five', null, undefined, -1]) expectFieldErrors(await refused(server, () => rate(ticket.id, { score })), ['score']);
    expectFieldErrors(await refused(server, () => rate(ticket.id, { score: 3, comment: 'x'.repeat(2001) })), ['comment']);
    expect(await db().select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id))).toEqual([]);
    // Partners do not read the desk-wide figure.
    expectEnvelope(await summary(token(ACME)), 403);
  });
});
