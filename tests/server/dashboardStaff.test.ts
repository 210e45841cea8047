import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ACTIVITY_MAX } from '../../contract/dashboard';
import type { PartnerFormDto } from '../../contract/forms';
import type { TicketDto } from '../../contract/tickets';
import { fileRequests } from '../../server/db/schema';
import { partnerWithUser, staffDashboardOf, waitingSince } from './dashboardFixtures';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { pendingRequest } from './fileRequestFixtures';
import { makeFormVersion, validAnswers } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server, make, token } = demo;
const admin = () => token('admin@example.com');
const DAY = 24 * 60 * 60 * 1000;

describe('GET /dashboard for staff', () => {
  it('answers the staff audience to a user without a partner, every section for Admin', async () => {
    const dashboard = await staffDashboardOf(demo, admin());
    expect(Object.keys(dashboard).sort()).toEqual(['audience', 'fileRequestsWaiting', 'funnel', 'recentActivity', 'ticketsByStatus', 'ticketsWaitingForUs']);
    expect(Object.keys(dashboard.ticketsByStatus!).sort()).toEqual(['CLOSED', 'OPEN', 'PENDING', 'RESOLVED']);
  });

  it('counts every ticket by status: a new ticket adds one to OPEN, a status change moves it', async () => {
    const { user } = await partnerWithUser(demo);
    const before = (await staffDashboardOf(demo, admin())).ticketsByStatus!;
    const ticket = await make.ticket(user.token);
    expect((await staffDashboardOf(demo, admin())).ticketsByStatus).toEqual({ ...before, OPEN: before.OPEN + 1 });
    expectEnvelope(
      await server.api<TicketDto>('PUT', `/api/v1/tickets/admin/${ticket.id}`, { token: admin(), body: { ticketId: ticket.id, status: 'PENDING' } }),
      200,
    );
    expect((await staffDashboardOf(demo, admin())).ticketsByStatus).toEqual({ ...before, PENDING: before.PENDING + 1 });
  });

  it('lists OPEN tickets waiting for staff, longest waiting first; an answer from staff takes one off', async () => {
    const { partner, user } = await partnerWithUser(demo);
    const before = (await staffDashboardOf(demo, admin())).ticketsWaitingForUs!.total;
    const longest = await make.ticket(user.token, { subject: 'Waiting the longest' });
    const next = await make.ticket(user.token, { subject: 'Waiting a little less' });
    await make.ticket(admin(), { partnerId: partner.id, subject: 'Raised by staff: waits for the partner' });
    const longAgo = new Date(Date.now() - 1000 * DAY);
    await waitingSince(demo, longest.id, longAgo);
    await waitingSince(demo, next.id, new Date(Date.now() - 999 * DAY));

    const waiting = (await staffDashboardOf(demo, admin())).ticketsWaitingForUs!;
    expect(waiting.total).toBe(before + 2);
    expect(waiting.items.slice(0, 2)).toEqual([
      { id: longest.id, subject: 'Waiting the longest', status: 'OPEN', partnerName: partner.name, waitingSince: longAgo.toISOString() },
      expect.objectContaining({ id: next.id, partnerName: partner.name }),
    ]);

    expectEnvelope(await server.api('POST', `/api/v1/tickets/${longest.id}/messages`, { token: admin(), body: { body: 'Looking into it' } }), 201);
    const after = (await staffDashboardOf(demo, admin())).ticketsWaitingForUs!;
    expect(after.total).toBe(before + 1);
    expect(after.items[0].id).toBe(next.id);
  });

  it('walks each form definition along the funnel: assigned, in progress, submitted, reopened', async () => {
    const db = server.built.database.db;
    const version = await makeFormVersion(db, make);
    const partners = await Promise.all([1, 2, 3, 4].map(() => partnerWithUser(demo)));
    const assigned = await server.api<{ assigned: PartnerFormDto[] }>('POST', '/api/v1/partner-forms/assign', {
      token: admin(),
      body: { formId: version.id, partnerIds: partners.map((p) => p.partner.id) },
    });
    const forms = expectEnvelope(assigned, 201).body.data!.assigned;
    const formOf = (index: number) => forms.find((f) => f.partnerId === partners[index].partner.id)!;
    const rowOf = async () => (await staffDashboardOf(demo, admin())).funnel!.find((r) => r.definitionId === version.definitionId);
    expect(await rowOf()).toEqual({ definitionId: version.definitionId, formName: version.name, assigned: 4, inProgress: 0, submitted: 0, reopened: 0 });

    const save = (index: number, answers: object) =>
      server.api('PUT', `/api/v1/partner-forms/${formOf(index).id}/sections/company`, { token: partners[index].user.token, body: { answers } });
    const submit = (index: number) =>
      server.api('POST', `/api/v1/partner-forms/${formOf(index).id}/submit`, { token: partners[index].user.token, body: { answers: validAnswers() } });
    expectEnvelope(await save(1, { companyName: 'Filling in' }), 200);
    expectEnvelope(await submit(2), 200);
    expectEnvelope(await submit(3), 200);
    expectEnvelope(await server.api('POST', `/api/v1/partner-forms/${formOf(3).id}/reopen`, { token: admin(), body: { note: 'Again' } }), 200);
    expect(await rowOf()).toMatchObject({ assigned: 1, inProgress: 1, submitted: 1, reopened: 1 });

    expectEnvelope(await submit(3), 200);
    expect(await rowOf()).toMatchObject({ assigned: 1, inProgress: 1, submitted: 2, reopened: 0 });
  });

  it('lists file requests waiting for a decision, oldest first, naming the requester, partner and file', async () => {
    const before = (await staffDashboardOf(demo, admin())).fileRequestsWaiting!.total;
    const { request, file } = await pendingRequest(demo);
    const { request: inWords } = await pendingRequest(demo, { text: 'The 2024 price list' });
    await server.built.ctx.db
      .update(fileRequests)
      .set({ createdAt: new Date(Date.now() - 2000 * DAY) })
      .where(eq(fileRequests.id, request.id));
    await server.built.ctx.db
      .update(fileRequests)
      .set({ createdAt: new Date(Date.now() - 1999 * DAY) })
      .where(eq(fileRequests.id, inWords.id));
    const waiting = (await staffDashboardOf(demo, admin())).fileRequestsWaiting!;
    expect(waiting.total).toBe(before + 2);
    expect(waiting.items.slice(0, 2)).toEqual([
      { id: request.id, requesterName: request.requestedByName, partnerName: 'Acme Logistics', subject: file!.fileName, createdAt: expect.any(String) },
      { id: inWords.id, requesterName: inWords.requestedByName, partnerName: 'Acme Logistics', subject: 'The 2024 price list', createdAt: expect.any(String) },
    ]);

    expectEnvelope(await server.api('POST', `/api/v1/file-requests/${inWords.id}/reject`, { token: admin(), body: { reason: 'Not available' } }), 200);
    expect((await staffDashboardOf(demo, admin())).fileRequestsWaiting!.total).toBe(before + 1);
  });

  it('shows the newest audit rows first with the name of who acted and of the record', async () => {
    const { user } = await partnerWithUser(demo);
    const ticket = await make.ticket(user.token);
    const activity = (await staffDashboardOf(demo, admin())).recentActivity!;
    expect(activity.length).toBeLessThanOrEqual(DASHBOARD_ACTIVITY_MAX);
    expect(activity[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      actorName: 'Factory User',
      type: 'Create',
      tableName: 'tickets',
      primaryKey: ticket.id,
      recordName: ticket.subject,
    });
    const times = activity.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("names the ticket a change changed, though the change's audit row holds only the changed columns", async () => {
    const { user } = await partnerWithUser(demo);
    const ticket = await make.ticket(user.token);
    const changed = await server.api('PUT', `/api/v1/tickets/admin/${ticket.id}`, { token: admin(), body: { ticketId: ticket.id, status: 'PENDING' } });
    expectEnvelope(changed, 200);
    const update = (await staffDashboardOf(demo, admin())).recentActivity!.find((row) => row.primaryKey === ticket.id && row.type === 'Update');
    expect(update).toMatchObject({ tableName: 'tickets', recordName: ticket.subject });
  });
});
