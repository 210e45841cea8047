import { and, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { NotificationDto } from '../../contract/notifications';
import { permission } from '../../contract/permissions';
import type { SupportTeamDto, TicketAssigneeOption, TicketAssignmentSettingsDto } from '../../contract/ticketAssignment';
import type { TicketDto, TicketMessageDto } from '../../contract/tickets';
import i18nApiEn from '../../i18n/api.en';
import i18nEn from '../../i18n/ticketAssignment.en';
import { auditTrails, rolePermissions, supportAvailability, ticketAssignmentSettings, tickets } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { useDemoServer } from './factories';

const { server, make, token, userIds, partnerIds } = useDemoServer();

const SUPPORT = 'support@example.com';
const ADMIN = 'admin@example.com';
const ACME = 'partner@acme.example';
const db = () => server.built.database.db;

/** What a staff member who handles tickets holds. */
const HANDLER = [
  permission('Tickets', 'View'),
  permission('Tickets', 'Search'),
  permission('Tickets', 'Create'),
  permission('Tickets', 'AdminView'),
  permission('Tickets', 'AdminUpdate'),
  permission('TicketAssignments', 'View'),
  permission('TicketAssignments', 'Update'),
];

const assign = (ticketId: string, body: unknown, as = token(SUPPORT)) =>
  server.api<TicketDto>('PUT', `/api/v1/tickets/${ticketId}/assignee`, { token: as, body });
const setPriority = (ticketId: string, body: unknown, as = token(SUPPORT)) =>
  server.api<TicketDto>('PUT', `/api/v1/tickets/${ticketId}/priority`, { token: as, body });
const search = (body: object, as = token(SUPPORT)) => server.api<PagedResult<TicketDto>>('POST', '/api/v1/tickets/search', { token: as, body });
const saveSettings = (body: object, as = token(ADMIN)) =>
  server.api<TicketAssignmentSettingsDto>('PUT', '/api/v1/support-desk/assignment', { token: as, body });
const setAvailable = (as: string, available: boolean) => server.api('PUT', '/api/v1/support-desk/availability', { token: as, body: { available } });
const acmeTicket = (subject = 'Assignment test', extra: object = {}) =>
  server.api<TicketDto>('POST', '/api/v1/tickets', { token: token(ACME), body: { subject, description: '', ...extra } });

/** Auto-assignment and availability are desk-wide: each test leaves them off. */
afterEach(async () => {
  await db().delete(ticketAssignmentSettings);
  await db().delete(supportAvailability);
});

describe('assigning a ticket', () => {
  it('staff assign to a colleague, reassign with a note (audited), unassign; the DTO names the assignee', async () => {
    const colleague = await make.userWith(HANDLER, { priority: 50 });
    const ticket = await make.ticket(token(ACME));
    expect(ticket).toMatchObject({ assigneeId: null, assigneeName: null });

    const first = await assign(ticket.id, { assigneeId: colleague.id });
    expectEnvelope(first, 200, i18nEn.ticketAssignment.assigned);
    expect(first.body.data).toMatchObject({ assigneeId: colleague.id, assigneeName: 'Factory User' });

    const second = await assign(ticket.id, { assigneeId: userIds[SUPPORT], note: 'Billing question: Support knows it' });
    expect(second.body.data!.assigneeId).toBe(userIds[SUPPORT]);
    const [audit] = await db()
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'tickets'), eq(auditTrails.primaryKey, ticket.id), eq(auditTrails.type, 'Update')))
      .orderBy(desc(auditTrails.dateTime))
      .limit(1);
    expect(audit.oldValues).toEqual({ assigneeId: colleague.id });
    expect(audit.newValues).toEqual({ assigneeId: userIds[SUPPORT], assignmentNote: 'Billing question: Support knows it' });
    // The note is an internal note in the chat: staff read it, the partner never does.
    const chat = (token: string) => server.api<TicketMessageDto[]>('GET', `/api/v1/tickets/${ticket.id}/messages`, { token });
    expect((await chat(token(SUPPORT))).body.data!.map((m) => [m.body, m.internal])).toEqual([['Billing question: Support knows it', true]]);
    expect((await chat(token(ACME))).body.data).toEqual([]);

    const cleared = await assign(ticket.id, { assigneeId: null });
    expect(cleared.body.data).toMatchObject({ assigneeId: null, assigneeName: null });
    // The partner reads the same ticket (the assignee is not staff-internal: staff replies carry names anyway).
    const asPartner = await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: token(ACME) });
    expect(asPartner.body.data!.assigneeId).toBeNull();
  });

  it('"me" assigns to the caller; the assignee is notified in the inbox, but not when assigning themself', async () => {
    const colleague = await make.userWith(HANDLER);
    const ticket = await make.ticket(token(ACME), { subject: 'Notify the assignee' });
    expectEnvelope(await assign(ticket.id, { assigneeId: 'me' }, colleague.token), 200);
    expect((await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: colleague.token })).body.data!.assigneeName).toBe('Factory User');

    expectEnvelope(await assign(ticket.id, { assigneeId: colleague.id }, token(SUPPORT)), 200); // unchanged: no event
    const inbox = () => server.api<PagedResult<NotificationDto>>('GET', '/api/v1/inbox', { token: colleague.token });
    expect((await inbox()).body.data!.items.filter((n) => n.kind === 'assigned')).toEqual([]);

    await assign(ticket.id, { assigneeId: null });
    await assign(ticket.id, { assigneeId: colleague.id });
    await expect
      .poll(async () => (await inbox()).body.data!.items.filter((n) => n.kind === 'assigned' && n.recordId === ticket.id).map((n) => n.title))
      .toEqual([i18nEn.ticketAssignment.notifications.assigned.title]);
  });

  it('refuses a partner user as assignee, an unknown user, a staff user who does not handle tickets (400), changing nothing', async () => {
    const ticket = await make.ticket(token(ACME));
    const bystander = await make.userWith([permission('Tickets', 'AdminView')]);
    for (const assigneeId of [userIds[ACME], '00000000-0000-4000-8000-000000000000', bystander.id]) {
      expectFieldErrors(await refused(server, () => assign(ticket.id, { assigneeId })), ['assigneeId']);
    }
    for (const assigneeId of ['toString', '__proto__', 'nobody', 12]) {
      expectFieldErrors(await refused(server, () => assign(ticket.id, { assigneeId })), ['assigneeId']);
    }
  });

  it('odd ticket ids answer 404 or 400 and change nothing', async () => {
    for (const id of ['toString', '__proto__', 'constructor', '00000000-0000-4000-8000-000000000000']) {
      const answer = await refused(server, () => assign(id, { assigneeId: 'me' }));
      expect([400, 404]).toContain(answer.status);
      const priority = await refused(server, () => setPriority(id, { priority: 'HIGH' }));
      expect([400, 404]).toContain(priority.status);
    }
  });

  it('partners are refused everything: 403 without the permission, 404 or 403 even when a role gives it them', async () => {
    const ticket = await make.ticket(token(ACME));
    expect((await refused(server, () => assign(ticket.id, { assigneeId: 'me' }, token(ACME)))).status).toBe(403);
    expect((await refused(server, () => setPriority(ticket.id, { priority: 'URGENT' }, token(ACME)))).status).toBe(403);
    expect((await server.api('GET', '/api/v1/support-desk/assignees', { token: token(ACME) })).status).toBe(403);
    expect((await server.api('GET', '/api/v1/support-desk/assignment', { token: token(ACME) })).status).toBe(403);
    expect((await refused(server, () => saveSettings({ autoAssign: true }, token(ACME)))).status).toBe(403);
    expect((await refused(server, () => setAvailable(token(ACME), true))).status).toBe(403);
    // A partner's user given the permissions anyway (a role made before it went to them) reaches no ticket and has no availability.
    // (Registering a partner's user in a role carrying them is refused, so the grant is slipped in behind the editor's back.)
    const partnerWithGrant = await make.userWith([permission('Tickets', 'View')], { partnerId: partnerIds['Acme Logistics'] });
    await db()
      .insert(rolePermissions)
      .values([...HANDLER, permission('TicketAssignments', 'Configure')].map((granted) => ({ roleId: partnerWithGrant.role.id, permission: granted })))
      .onConflictDoNothing();
    expect((await refused(server, () => assign(ticket.id, { assigneeId: 'me' }, partnerWithGrant.token))).status).toBe(404);
    expect((await refused(server, () => setPriority(ticket.id, { priority: 'URGENT' }, partnerWithGrant.token))).status).toBe(404);
    expect((await refused(server, () => setAvailable(partnerWithGrant.token, true))).status).toBe(403);
    expect((await refused(server, () => saveSettings({ autoAssign: true }, partnerWithGrant.token))).status).toBe(403);
  });
});

describe('support teams', () => {
  it('Configure adds a team (unique name whatever its case); staff hand a ticket to it; removing it leaves the ticket without a team', async () => {
    const name = `Billing ${Date.now()}`;
    const made = await server.api<SupportTeamDto>('POST', '/api/v1/support-desk/teams', { token: token(ADMIN), body: { name } });
    expectEnvelope(made, 201, i18nEn.ticketAssignment.teamCreated);
    const team = made.body.data!;
    expectFieldErrors(
      await refused(server, () => server.api('POST', '/api/v1/support-desk/teams', { token: token(ADMIN), body: { name: name.toUpperCase() } })),
      ['name'],
    );
    expect((await refused(server, () => server.api('POST', '/api/v1/support-desk/teams', { token: token(SUPPORT), body: { name: 'Other' } }))).status).toBe(
      403,
    );
    expect((await server.api<SupportTeamDto[]>('GET', '/api/v1/support-desk/teams', { token: token(SUPPORT) })).body.data).toContainEqual(team);

    const ticket = await make.ticket(token(ACME));
    const handed = await assign(ticket.id, { assigneeId: 'me', teamId: team.id });
    expect(handed.body.data).toMatchObject({ assigneeId: userIds[SUPPORT], teamId: team.id, teamName: name });
    // Left out, the team stays; an unknown team is refused.
    expect((await assign(ticket.id, { assigneeId: null })).body.data).toMatchObject({ assigneeId: null, teamId: team.id });
    expectFieldErrors(await refused(server, () => assign(ticket.id, { assigneeId: null, teamId: '00000000-0000-4000-8000-000000000000' })), ['teamId']);
    expectFieldErrors(await refused(server, () => assign(ticket.id, { assigneeId: null, teamId: 'toString' })), ['teamId']);

    expectEnvelope(await server.api('DELETE', `/api/v1/support-desk/teams/${team.id}`, { token: token(ADMIN) }), 200);
    expect((await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: token(SUPPORT) })).body.data).toMatchObject({
      teamId: null,
      teamName: null,
    });
    expect((await server.api('DELETE', `/api/v1/support-desk/teams/${team.id}`, { token: token(ADMIN) })).status).toBe(404);
    expect((await server.api('DELETE', '/api/v1/support-desk/teams/__proto__', { token: token(ADMIN) })).status).toBeOneOf([400, 404]);
  });
});

describe('views, filters and sorting', () => {
  it('"mine" and "unassigned" filters; priority filter and sort by rank; bad filters are 400', async () => {
    const subject = `Views ${Date.now()}`;
    const mine = await make.ticket(token(ACME), { subject });
    const free = await make.ticket(token(ACME), { subject });
    const other = await make.ticket(token(ACME), { subject });
    await assign(mine.id, { assigneeId: 'me' });
    await assign(other.id, { assigneeId: userIds[ADMIN] });
    await setPriority(free.id, { priority: 'URGENT' });
    await setPriority(other.id, { priority: 'LOW' });

    const ids = async (body: object) => (await search({ subject, pageSize: 50, ...body })).body.data!.items.map((t) => t.id);
    expect(await ids({ assigneeId: 'me' })).toEqual([mine.id]);
    expect(await ids({ assigneeId: 'none' })).toEqual([free.id]);
    expect(await ids({ assigneeId: userIds[ADMIN] })).toEqual([other.id]);
    expect(await ids({ priority: 'URGENT' })).toEqual([free.id]);
    expect(await ids({ orderBy: ['priority desc'] })).toEqual([free.id, mine.id, other.id]);
    expect(await ids({ orderBy: ['priority asc'] })).toEqual([other.id, mine.id, free.id]);
    expectFieldErrors(await search({ assigneeId: 'toString' }), ['assigneeId']);
    expectFieldErrors(await search({ priority: 'SOON' }), ['priority']);
  });
});

describe('priority', () => {
  it('staff set it (audited, refused when unknown); a category the partner picks sets it by the settings map', async () => {
    const ticket = await make.ticket(token(ACME));
    expect(ticket.priority).toBe('NORMAL');
    const set = await setPriority(ticket.id, { priority: 'HIGH' });
    expectEnvelope(set, 200, i18nEn.ticketAssignment.prioritySet);
    expect(set.body.data!.priority).toBe('HIGH');
    const [audit] = await db()
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.primaryKey, ticket.id), eq(auditTrails.type, 'Update')));
    expect(audit).toMatchObject({ oldValues: { priority: 'NORMAL' }, newValues: { priority: 'HIGH' } });
    expectFieldErrors(await refused(server, () => setPriority(ticket.id, { priority: 'SOON' })), ['priority']);

    expectEnvelope(await saveSettings({ autoAssign: false, categoryPriorities: { OUTAGE: 'URGENT', BILLING: 'LOW' } }), 200);
    expect((await acmeTicket('Down', { category: 'OUTAGE' })).body.data!.priority).toBe('URGENT');
    expect((await acmeTicket('Invoice', { category: 'BILLING' })).body.data!.priority).toBe('LOW');
    expect((await acmeTicket('Other', { category: 'GENERAL' })).body.data!.priority).toBe('NORMAL');
    expectFieldErrors(await acmeTicket('Bad', { category: 'toString' }), ['category']);
    for (const subject of ['Down', 'Invoice', 'Other']) await db().delete(tickets).where(eq(tickets.subject, subject));
  });
});

describe('auto-assignment (round robin)', () => {
  async function twoAvailableHandlers() {
    const a = await make.userWith(HANDLER);
    const b = await make.userWith(HANDLER);
    expectEnvelope(await setAvailable(a.token, true), 200);
    expectEnvelope(await setAvailable(b.token, true), 200);
    return [a, b];
  }
  const cleanupTickets = async (made: (TicketDto | null | undefined)[]) => {
    for (const t of made) if (t) await db().delete(tickets).where(eq(tickets.id, t.id));
  };

  it('takes turns among available handlers, skips those not available, and is off by default', async () => {
    const [a, b] = await twoAvailableHandlers();
    const offAnswer = await acmeTicket();
    expect(offAnswer.status, offAnswer.text).toBe(201);
    const off = offAnswer.body.data!;
    expect(off.assigneeId).toBeNull();

    const settings = await saveSettings({ autoAssign: true });
    expect(settings.body.data!.availableAgents.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    const made: TicketDto[] = [off];
    for (let i = 0; i < 3; i += 1) {
      const answer = await acmeTicket();
      expect(answer.status, answer.text).toBe(201);
      made.push(answer.body.data!);
    }
    const turns = made.slice(1).map((t) => t.assigneeId);
    expect(new Set(turns)).toEqual(new Set([a.id, b.id]));
    expect(turns[0]).not.toBe(turns[1]);
    expect(turns[2]).toBe(turns[0]);

    // b steps away: every new ticket goes to a.
    await setAvailable(b.token, false);
    made.push((await acmeTicket()).body.data!, (await acmeTicket()).body.data!);
    expect(made.slice(-2).map((t) => t.assigneeId)).toEqual([a.id, a.id]);
    const options = (await server.api<TicketAssigneeOption[]>('GET', '/api/v1/support-desk/assignees', { token: token(SUPPORT) })).body.data!;
    expect(options.find((o) => o.id === b.id)).toMatchObject({ available: false });
    await cleanupTickets(made);
  });

  it('tells the assignee of an auto-assigned ticket once ("Ticket assigned to you"); other staff hear of the new ticket', async () => {
    const [a, b] = await twoAvailableHandlers();
    await setAvailable(b.token, false);
    await saveSettings({ autoAssign: true });
    const ticket = (await acmeTicket('Told once')).body.data!;
    expect(ticket.assigneeId).toBe(a.id);
    const titlesOf = async (reader: string) =>
      (await server.api<PagedResult<NotificationDto>>('GET', '/api/v1/inbox', { token: reader })).body
        .data!.items.filter((n) => n.recordId === ticket.id)
        .map((n) => n.title);
    // One stored "New ticket" names all its readers at once: once b has it, a has it too or never will.
    await expect.poll(() => titlesOf(b.token)).toEqual([i18nApiEn.tickets.notifications.created.title]);
    await expect.poll(() => titlesOf(a.token)).toContain(i18nEn.ticketAssignment.notifications.assigned.title);
    expect(await titlesOf(a.token)).toEqual([i18nEn.ticketAssignment.notifications.assigned.title]);
    await cleanupTickets([ticket]);
  });

  it('two concurrent creates get different assignees', async () => {
    const [a, b] = await twoAvailableHandlers();
    await saveSettings({ autoAssign: true });
    const answers = await Promise.all([acmeTicket('Concurrent one'), acmeTicket('Concurrent two')]);
    expect(answers.map((x) => x.body.data!.assigneeId).sort()).toEqual([a.id, b.id].sort());
    await cleanupTickets(answers.map((x) => x.body.data));
  });

  it('without anyone available a new ticket stays unassigned; availability is each user’s own', async () => {
    await saveSettings({ autoAssign: true });
    const made = (await acmeTicket()).body.data!;
    expect(made.assigneeId).toBeNull();
    expect((await server.api('GET', '/api/v1/support-desk/availability', { token: token(SUPPORT) })).body.data).toEqual({ available: false });
    await setAvailable(token(SUPPORT), true);
    expect((await server.api('GET', '/api/v1/support-desk/availability', { token: token(SUPPORT) })).body.data).toEqual({ available: true });
    expect((await server.api('GET', '/api/v1/support-desk/availability', { token: token(ADMIN) })).body.data).toEqual({ available: false });
    await cleanupTickets([made]);
  });

  it('only Configure changes the setting (Support views it: 403 on save, nothing changed)', async () => {
    expect((await server.api('GET', '/api/v1/support-desk/assignment', { token: token(SUPPORT) })).status).toBe(200);
    expect((await refused(server, () => saveSettings({ autoAssign: true }, token(SUPPORT)))).status).toBe(403);
    expectFieldErrors(await refused(server, () => saveSettings({ autoAssign: 'yes' })), ['autoAssign']);
  });
});
