import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_EXPIRING_DAYS, DASHBOARD_LIST_MAX } from '../../contract/dashboard';
import type { PartnerFormDto } from '../../contract/forms';
import { partnerForms } from '../../server/db/schema';
import { dashboardOf, partnerDashboardOf, partnerWithUser, waitingSince } from './dashboardFixtures';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { makeFileWithGrant, makeGrant } from './fileFixtures';
import { partnerWithForm, validAnswers } from './partnerFormsFixtures';

const demo = useDemoServer();
const { server, make, token, partnerIds } = demo;
const admin = () => token('admin@example.com');
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

describe('GET /dashboard for a partner user', () => {
  it('answers the partner audience to a user with a partner, uncached', async () => {
    const dashboard = await dashboardOf(demo, token('partner@acme.example'));
    expect(dashboard.audience).toBe('partner');
    expect(Object.keys(dashboard).sort()).toEqual(['audience', 'expiringFiles', 'onboarding', 'ticketsAwaitingAnswer']);
  });

  it("counts the partner's forms and lists each due one with its next step: start, continue, fix, wait", async () => {
    const form = await partnerWithForm(demo);
    const token = form.user.token;
    const start = await partnerDashboardOf(demo, token);
    expect(start.onboarding).toMatchObject({ assigned: 1, submitted: 0, due: { total: 1 } });
    expect(start.onboarding!.due.items).toEqual([
      expect.objectContaining({ id: form.partnerForm.id, formName: form.version.name, status: 'OPEN', nextStep: 'start', filledCount: 0 }),
    ]);

    expectEnvelope(await form.save({ companyName: 'Dashboard Trading' }), 200);
    const filling = (await partnerDashboardOf(demo, token)).onboarding!.due.items[0];
    expect(filling).toMatchObject({ nextStep: 'continue', filledCount: 1 });
    expect(filling.totalFields).toBeGreaterThan(1);

    expectEnvelope(await form.submit(validAnswers()), 200);
    expect((await partnerDashboardOf(demo, token)).onboarding).toEqual({ assigned: 1, submitted: 1, due: { total: 0, items: [] } });

    expectEnvelope(await server.api<PartnerFormDto>('POST', `${form.url}/reopen`, { token: admin(), body: { note: 'Fix the tax number' } }), 200);
    const reopened = await partnerDashboardOf(demo, token);
    expect(reopened.onboarding).toMatchObject({ assigned: 1, submitted: 0, due: { total: 1 } });
    expect(reopened.onboarding!.due.items[0]).toMatchObject({ id: form.partnerForm.id, status: 'OPEN', nextStep: 'fix' });

    expectEnvelope(await server.api<PartnerFormDto>('POST', `${form.url}/lock`, { token: admin(), body: {} }), 200);
    expect((await partnerDashboardOf(demo, token)).onboarding!.due.items[0]).toMatchObject({ status: 'LOCKED', nextStep: 'wait' });
  });

  it('lists open tickets awaiting the partner, longest waiting first, and drops them once the partner answers', async () => {
    const { partner, user } = await partnerWithUser(demo);
    const older = await make.ticket(admin(), { partnerId: partner.id, subject: 'Older question from support' });
    const newer = await make.ticket(admin(), { partnerId: partner.id, subject: 'Newer question from support' });
    await make.ticket(user.token, { subject: 'Raised by the partner: waits for staff' });
    await waitingSince(demo, older.id, new Date(Date.now() - 3 * DAY));
    const before = (await partnerDashboardOf(demo, user.token)).ticketsAwaitingAnswer!;
    expect(before.total).toBe(2);
    expect(before.items.map((t) => t.id)).toEqual([older.id, newer.id]);
    expect(before.items[0]).toMatchObject({ subject: 'Older question from support', status: 'OPEN', partnerName: partner.name });

    expectEnvelope(await server.api('POST', `/api/v1/tickets/${older.id}/messages`, { token: user.token, body: { body: 'Here is our answer' } }), 201);
    const after = (await partnerDashboardOf(demo, user.token)).ticketsAwaitingAnswer!;
    expect(after).toMatchObject({ total: 1, items: [expect.objectContaining({ id: newer.id })] });

    expectEnvelope(await server.api('PUT', `/api/v1/tickets/admin/${newer.id}`, { token: admin(), body: { ticketId: newer.id, status: 'RESOLVED' } }), 200);
    expect((await partnerDashboardOf(demo, user.token)).ticketsAwaitingAnswer).toEqual({ total: 0, items: [] });
  });

  it(`lists files whose access ends within ${DASHBOARD_EXPIRING_DAYS} days, soonest first, with the downloads left`, async () => {
    const { partner, user } = await partnerWithUser(demo);
    const soon = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partner.id, to: inDays(1), downloadLimit: 3, downloadCount: 1 });
    const later = await makeFileWithGrant(demo, { conditionType: 'user', targetId: user.id, to: inDays(5) });
    await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partner.id, to: inDays(DASHBOARD_EXPIRING_DAYS + 20) });
    const renewed = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partner.id, to: inDays(2) });
    await makeGrant(demo, { fileId: renewed.file.id, conditionType: 'user', targetId: user.id, to: inDays(60) });
    await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partner.id, to: inDays(1), revokedAt: new Date() });
    await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partner.id, to: inDays(1), downloadLimit: 2, downloadCount: 2 });
    await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partner.id, to: inDays(1) }, { deleted: true });
    await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partnerIds['Acme Logistics'], to: inDays(1) });

    const files = (await partnerDashboardOf(demo, user.token)).expiringFiles!;
    expect(files.total).toBe(2);
    expect(files.items).toEqual([
      { grantId: soon.grant.id, fileId: soon.file.id, fileName: soon.file.fileName, validTo: soon.grant.validTo.toISOString(), downloadsLeft: 2 },
      { grantId: later.grant.id, fileId: later.file.id, fileName: later.file.fileName, validTo: later.grant.validTo.toISOString(), downloadsLeft: null },
    ]);
  });

  it(`lists at most ${DASHBOARD_LIST_MAX} items and counts them all`, async () => {
    const { partner, user } = await partnerWithUser(demo);
    for (let i = 0; i < DASHBOARD_LIST_MAX + 2; i++) await make.ticket(admin(), { partnerId: partner.id });
    const waiting = (await partnerDashboardOf(demo, user.token)).ticketsAwaitingAnswer!;
    expect(waiting.total).toBe(DASHBOARD_LIST_MAX + 2);
    expect(waiting.items).toHaveLength(DASHBOARD_LIST_MAX);
  });
});

describe("a partner's dashboard holds only their partner's rows", () => {
  it("never shows Globex Acme's tickets, forms or files", async () => {
    const acme = partnerIds['Acme Logistics'];
    const acmeTicket = await make.ticket(admin(), { partnerId: acme, subject: 'For Acme only' });
    await waitingSince(demo, acmeTicket.id, new Date(Date.now() - 400 * DAY));
    const acmeFile = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: acme, to: inDays(1) });
    const acmeForms = await server.built.ctx.db.select({ id: partnerForms.id }).from(partnerForms).where(eq(partnerForms.partnerId, acme));

    const globex = await partnerDashboardOf(demo, token('partner@globex.example'));
    expect(globex.ticketsAwaitingAnswer!.items.map((t) => t.id)).not.toContain(acmeTicket.id);
    expect(globex.ticketsAwaitingAnswer!.items.every((t) => t.partnerName === 'Globex Trading')).toBe(true);
    expect(globex.expiringFiles!.items.map((f) => f.fileId)).not.toContain(acmeFile.file.id);
    const globexFormIds = globex.onboarding!.due.items.map((f) => f.id);
    expect(globexFormIds.filter((id) => acmeForms.some((f) => f.id === id))).toEqual([]);

    const acmeView = await partnerDashboardOf(demo, token('partner@acme.example'));
    expect(acmeView.ticketsAwaitingAnswer!.items[0].id).toBe(acmeTicket.id);
    expect(acmeView.expiringFiles!.items.map((f) => f.fileId)).toContain(acmeFile.file.id);
  });
});
