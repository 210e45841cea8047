import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { ServiceLevelSettings, ServiceLevelSettingsDto, SlaSummaryDto } from '../../contract/serviceLevels';
import type { TicketDto } from '../../contract/tickets';
import i18nEn from '../../i18n/serviceLevels.en';
import { auditTrails, notifications, serviceLevelSettings, ticketMessages, tickets, ticketStatusChanges } from '../../server/db/schema';
import { forgetServiceLevels } from '../../server/modules/tickets/sla/serviceLevels.service';
import { runSlaReminders } from '../../server/modules/tickets/sla/slaReminders';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { useDemoServer } from './factories';
import { ALWAYS_OPEN, age as ageTicket } from './slaFixtures';

const { server, make, token, userIds } = useDemoServer();

const ADMIN = 'admin@example.com';
const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';
const PATH = '/api/v1/support-desk/service-levels';
const db = () => server.built.database.db;

const save = (body: unknown, as = token(ADMIN)) => server.api<ServiceLevelSettingsDto>('PUT', PATH, { token: as, body });
const read = (id: string, as = token(SUPPORT)) => server.api<TicketDto>('GET', `/api/v1/tickets/${id}`, { token: as });
const setStatus = (id: string, status: string) =>
  server.api<TicketDto>('PUT', `/api/v1/tickets/admin/${id}`, { token: token(SUPPORT), body: { ticketId: id, status } });

const age = (ticketId: string, minutes: number) => ageTicket(db(), ticketId, minutes);

afterEach(async () => {
  await db().delete(serviceLevelSettings);
  forgetServiceLevels(db());
});

describe('service level settings', () => {
  it('Support reads the seeded defaults (Mon–Fri 08:00–17:00, Ho Chi Minh City) but may not change them; a partner may not read them', async () => {
    const answer = expectEnvelope(await server.api<ServiceLevelSettingsDto>('GET', PATH, { token: token(SUPPORT) }), 200);
    expect(answer.body.data).toMatchObject({ calendar: { timeZone: 'Asia/Ho_Chi_Minh', holidays: [] }, updatedAt: null });
    expect(answer.body.data!.calendar.week.mon).toEqual([{ start: '08:00', end: '17:00' }]);
    expect(answer.body.data!.calendar.week.sat).toEqual([]);
    await refused(server, () => save(ALWAYS_OPEN, token(SUPPORT)));
    expectEnvelope(await server.api('GET', PATH, { token: token(ACME) }), 403);
  });

  it('Admin saves them, audited with what they replaced', async () => {
    const saved = expectEnvelope(await save(ALWAYS_OPEN), 200, i18nEn.serviceLevels.card.saved);
    expect(saved.body.data).toMatchObject(ALWAYS_OPEN);
    const holidays = [{ date: '2026-01-01', name: 'New Year' }];
    expectEnvelope(await save({ ...ALWAYS_OPEN, calendar: { ...ALWAYS_OPEN.calendar, holidays } }), 200);
    const audits = await db().select().from(auditTrails).where(eq(auditTrails.tableName, 'service_level_settings')).orderBy(asc(auditTrails.dateTime));
    expect(audits.slice(-2).map((a) => a.type)).toEqual(['Create', 'Update']);
    expect(audits.at(-1)!.userId).toBe(userIds[ADMIN]);
    expect((audits.at(-1)!.newValues as ServiceLevelSettings).calendar.holidays).toEqual(holidays);
  });

  it('refuses bad calendars and targets with 400, changing nothing', async () => {
    const week = ALWAYS_OPEN.calendar.week;
    const calendar = (over: object) => ({ ...ALWAYS_OPEN, calendar: { ...ALWAYS_OPEN.calendar, ...over } });
    const cases: [unknown, string][] = [
      [
        calendar({
          week: {
            ...week,
            mon: [
              { start: '09:00', end: '12:00' },
              { start: '11:00', end: '13:00' },
            ],
          },
        }),
        'calendar.week.mon',
      ],
      [calendar({ week: { ...week, tue: [{ start: '17:00', end: '08:00' }] } }), 'calendar.week.tue[0]'],
      [calendar({ week: { ...week, wed: [{ start: '8am', end: '17:00' }] } }), 'calendar.week.wed[0].start'],
      [calendar({ timeZone: 'Mars/Olympus_Mons' }), 'calendar.timeZone'],
      [calendar({ holidays: Array.from({ length: 400 }, (_, i) => ({ date: '2026-01-01', name: `Day ${i}` })) }), 'calendar.holidays'],
      [calendar({ holidays: [{ date: '2026-02-30', name: 'No such day' }] }), 'calendar.holidays[0].date'],
      [{ ...ALWAYS_OPEN, targets: { ...ALWAYS_OPEN.targets, HIGH: { firstResponse: 0, resolution: 50 } } }, 'targets.HIGH.firstResponse'],
    ];
    for (const [body, field] of cases) expectFieldErrors(await refused(server, () => save(body)), [field]);
  });
});

describe('a ticket status history', () => {
  it('is written with each status change, and at creation', async () => {
    const ticket = await make.ticket(token(ACME));
    expectEnvelope(await setStatus(ticket.id, 'PENDING'), 200);
    expectEnvelope(await setStatus(ticket.id, 'OPEN'), 200);
    const history = await db()
      .select()
      .from(ticketStatusChanges)
      .where(eq(ticketStatusChanges.ticketId, ticket.id))
      .orderBy(asc(ticketStatusChanges.changedAt));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorId])).toEqual([
      [null, 'OPEN', userIds[ACME]],
      ['OPEN', 'PENDING', userIds[SUPPORT]],
      ['PENDING', 'OPEN', userIds[SUPPORT]],
    ]);
  });
});

describe('the SLA a ticket DTO carries', () => {
  it('runs, pauses while PENDING, is met by a staff reply but not by an internal note, and is in the search results', async () => {
    expectEnvelope(await save(ALWAYS_OPEN), 200);
    const ticket = await make.ticket(token(ACME));
    await age(ticket.id, 9);
    const running = (await read(ticket.id)).body.data!.sla!;
    expect(running.firstResponse).toMatchObject({ state: 'near', businessMinutesLeft: 1 });
    expect(running.resolution).toMatchObject({ state: 'ok', businessMinutesLeft: 91 });
    expect(Date.parse(running.resolution!.dueAt!)).toBeGreaterThan(Date.now() + 90 * 60_000 - 60_000);

    const found = await server.api<PagedResult<TicketDto>>('POST', '/api/v1/tickets/search', { token: token(SUPPORT), body: { keyword: ticket.subject } });
    expect(found.body.data!.items.find((t) => t.id === ticket.id)!.sla!.firstResponse!.state).toBe('near');

    const paused = expectEnvelope(await setStatus(ticket.id, 'PENDING'), 200).body.data!.sla!;
    expect(paused.resolution).toMatchObject({ state: 'paused', dueAt: null, businessMinutesLeft: 91 });
    expectEnvelope(await setStatus(ticket.id, 'OPEN'), 200);

    await db().insert(ticketMessages).values({ ticketId: ticket.id, authorId: userIds[SUPPORT], body: '<p>Internal</p>', internal: true });
    expect((await read(ticket.id)).body.data!.sla!.firstResponse!.state).toBe('near');
    expectEnvelope(await server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: token(SUPPORT), body: { body: '<p>On it</p>' } }), 201);
    expect((await read(ticket.id)).body.data!.sla!.firstResponse).toMatchObject({ state: 'met', dueAt: null });
  });

  it('is breached past its target and met or breached for good once resolved', async () => {
    expectEnvelope(await save(ALWAYS_OPEN), 200);
    const ticket = await make.ticket(token(ACME));
    await age(ticket.id, 120);
    expect((await read(ticket.id)).body.data!.sla!.resolution).toMatchObject({ state: 'breached', businessMinutesLeft: -20 });
    const resolved = expectEnvelope(await setStatus(ticket.id, 'RESOLVED'), 200).body.data!.sla!;
    expect(resolved.resolution).toMatchObject({ state: 'breached', dueAt: null });
  });
});

describe('the near-breach reminder', () => {
  it('tells the assignee once, in the inbox, even when two ticks run at once, and not again', async () => {
    expectEnvelope(await save(ALWAYS_OPEN), 200);
    const ticket = await make.ticket(token(ACME));
    await db().update(tickets).set({ assigneeId: userIds[SUPPORT] }).where(eq(tickets.id, ticket.id));
    await age(ticket.id, 9);
    const now = new Date();
    const runs = await Promise.all([runSlaReminders(server.built.ctx, now), runSlaReminders(server.built.ctx, now)]);
    // The first response is near (9 of 10 minutes); the resolution (9 of 100) is not.
    expect(runs.map((r) => r.sent).sort()).toEqual([0, 1]);
    expect((await runSlaReminders(server.built.ctx, new Date(now.getTime() + 60_000))).sent).toBe(0);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recordId, ticket.id), eq(notifications.kind, 'slaNearBreach')));
    expect(told.map((n) => [n.messageKey, n.values.subject])).toEqual([['serviceLevels.notifications.firstResponse', ticket.subject]]);
  });

  it('tells nobody about a ticket without an assignee, or one waiting on the partner', async () => {
    expectEnvelope(await save(ALWAYS_OPEN), 200);
    const unassigned = await make.ticket(token(ACME));
    const pending = await make.ticket(token(ACME));
    await db().update(tickets).set({ assigneeId: userIds[SUPPORT] }).where(eq(tickets.id, pending.id));
    expectEnvelope(await setStatus(pending.id, 'PENDING'), 200);
    await age(unassigned.id, 30);
    await age(pending.id, 30);
    await runSlaReminders(server.built.ctx);
    const told = await db().select().from(notifications).where(eq(notifications.kind, 'slaNearBreach'));
    expect(told.filter((n) => n.recordId === unassigned.id || n.recordId === pending.id)).toEqual([]);
  });
});

describe("staff Home's service level summary", () => {
  it('counts open tickets breached and near breach, most overdue first; a partner may not read it', async () => {
    expectEnvelope(await save(ALWAYS_OPEN), 200);
    const summary = async () => expectEnvelope(await server.api<SlaSummaryDto>('GET', `${PATH}/summary`, { token: token(SUPPORT) }), 200).body.data!;
    const late = await make.ticket(token(ACME), { subject: 'SLA summary late' });
    const close = await make.ticket(token(ACME), { subject: 'SLA summary close' });
    const before = await summary();
    await age(late.id, 200);
    await age(close.id, 9);
    const after = await summary();
    expect([after.breached - before.breached, after.near - before.near]).toEqual([1, 1]);
    const lefts = after.tickets.map((t) => t.businessMinutesLeft);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    // The late one's most pressing target is its first response (190 minutes over), not its resolution (100 over).
    const listedLate = after.tickets.find((t) => t.id === late.id);
    if (listedLate) expect(listedLate).toMatchObject({ state: 'breached', target: 'firstResponse', businessMinutesLeft: -190, partnerName: 'Acme Logistics' });
    expectEnvelope(await server.api('GET', `${PATH}/summary`, { token: token(ACME) }), 403);
  });
});
