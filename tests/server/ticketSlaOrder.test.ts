import { afterEach, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { TicketSla } from '../../contract/serviceLevels';
import type { TicketDto, TicketPriority, TicketStatus } from '../../contract/tickets';
import { serviceLevelSettings } from '../../server/db/schema';
import { forgetServiceLevels } from '../../server/modules/tickets/sla/serviceLevels.service';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { ALWAYS_OPEN, age } from './slaFixtures';

const { server, make, token, partnerIds } = useDemoServer();

const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';
const db = () => server.built.database.db;

const setStatus = async (id: string, status: TicketStatus) =>
  expectEnvelope(await server.api('PUT', `/api/v1/tickets/admin/${id}`, { token: token(SUPPORT), body: { ticketId: id, status } }), 200);
const setPriority = async (id: string, priority: TicketPriority) =>
  expectEnvelope(await server.api('PUT', `/api/v1/tickets/${id}/priority`, { token: token(SUPPORT), body: { priority } }), 200);
const reply = async (id: string) =>
  expectEnvelope(await server.api('POST', `/api/v1/tickets/${id}/messages`, { token: token(SUPPORT), body: { body: '<p>On it</p>' } }), 201);

/** A page of the given tickets, sorted by SLA, as staff list them. */
const page = async (ids: string[], direction: 'asc' | 'desc', pageNumber: number, pageSize: number) =>
  expectEnvelope(
    await server.api<PagedResult<TicketDto>>('POST', '/api/v1/tickets/search', {
      token: token(SUPPORT),
      body: { ids, orderBy: [`sla ${direction}`], pageNumber, pageSize },
    }),
    200,
  ).body.data!;

/** The due time the order goes by: the earliest a target of the ticket shows (null when none runs nor is breached). */
const dueOf = (sla: TicketSla | null | undefined) => [sla?.firstResponse?.dueAt, sla?.resolution?.dueAt].filter((at): at is string => !!at).sort()[0] ?? null;

afterEach(async () => {
  await db().delete(serviceLevelSettings);
  forgetServiceLevels(db());
});

describe('sorting tickets by SLA: the earliest due time of a target running or breached', () => {
  it('orders ascending and descending, the tickets without one after (ascending) or before (descending), page by page', async () => {
    expectEnvelope(await server.api('PUT', '/api/v1/support-desk/service-levels', { token: token('admin@example.com'), body: ALWAYS_OPEN }), 200);
    const raise = async (priority: TicketPriority, subject: string, as = token(ACME)) => {
      const ticket = await make.ticket(as, { subject, partnerId: as === token(ACME) ? undefined : partnerIds['Acme Logistics'] });
      await setPriority(ticket.id, priority);
      return ticket.id;
    };
    // In minutes from now, by ALWAYS_OPEN's targets: first response URGENT 2, HIGH 5, NORMAL 10; resolution 20, 50, 100.
    const breached = await raise('NORMAL', 'SLA order: first response 20 minutes over');
    await age(db(), breached, 30);
    const urgent = await raise('URGENT', 'SLA order: first response due in 2 minutes');
    const high = await raise('HIGH', 'SLA order: first response due in 5 minutes');
    const byStaff = await raise('HIGH', 'SLA order: raised by staff, resolution due in 50 minutes', token(SUPPORT));
    const answered = await raise('NORMAL', 'SLA order: answered, resolution due in 100 minutes');
    await reply(answered);
    // Paused after 40 minutes open: its first response was breached 30 minutes ago, and still shows so.
    const pausedBreached = await raise('NORMAL', 'SLA order: paused, first response 30 minutes over');
    await age(db(), pausedBreached, 40);
    await setStatus(pausedBreached, 'PENDING');
    const paused = await raise('URGENT', 'SLA order: paused in time');
    await setStatus(paused, 'PENDING');
    const resolved = await raise('URGENT', 'SLA order: resolved');
    await setStatus(resolved, 'RESOLVED');
    const ids = [resolved, paused, answered, urgent, pausedBreached, byStaff, breached, high];
    const withoutDue = [paused, resolved].sort();
    const ascending = [pausedBreached, breached, urgent, high, byStaff, answered, ...withoutDue];
    const descending = [...withoutDue, answered, byStaff, high, urgent, breached, pausedBreached];

    const whole = await page(ids, 'asc', 1, 10);
    expect(whole.totalCount).toBe(8);
    expect(whole.items.map((t) => t.id)).toEqual(ascending);
    const dues = whole.items.map((t) => dueOf(t.sla)).filter((at) => at !== null);
    expect(dues).toHaveLength(6);
    expect(dues).toEqual([...dues].sort());

    for (const [direction, expected] of [
      ['asc', ascending],
      ['desc', descending],
    ] as const) {
      const pages = [await page(ids, direction, 1, 3), await page(ids, direction, 2, 3), await page(ids, direction, 3, 3)];
      expect(pages.map((p) => p.totalCount)).toEqual([8, 8, 8]);
      expect(pages.map((p) => p.items.map((t) => t.id))).toEqual([expected.slice(0, 3), expected.slice(3, 6), expected.slice(6)]);
    }
  });

  it("staff's export of a list sorted by SLA answers its CSV, in the export's own order", async () => {
    const answer = await server.api('GET', `/api/v1/tickets/export?orderBy=${encodeURIComponent('sla asc')}`, { token: token(SUPPORT) });
    expect(answer.status).toBe(200);
    expect(answer.text.split('\n')[0]).toContain('subject');
  });

  it("a partner's user, who never sees a ticket's SLA, cannot sort by it", async () => {
    const answer = await server.api('POST', '/api/v1/tickets/search', { token: token(ACME), body: { orderBy: ['sla asc'] } });
    expectEnvelope(answer, 400);
    expect(answer.body.errors?.[0]?.field).toBe('orderBy');
  });
});
