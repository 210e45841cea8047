import { describe, expect, it } from 'vitest';
import { permission } from '../../contract/permissions';
import { partnerDashboardOf, staffDashboardOf } from './dashboardFixtures';
import { useDemoServer } from './factories';

const demo = useDemoServer();
const { make, partnerIds } = demo;
const acme = () => partnerIds['Acme Logistics'];

describe('each dashboard section needs the permission that lists its rows elsewhere', () => {
  it('answers a signed-in user without any permission, every section null', async () => {
    const staff = await make.userWith([]);
    expect(await staffDashboardOf(demo, staff.token)).toEqual({
      audience: 'staff',
      ticketsByStatus: null,
      ticketsWaitingForUs: null,
      funnel: null,
      fileRequestsWaiting: null,
      recentActivity: null,
    });
    const partner = await make.userWith([], { partnerId: acme() });
    expect(await partnerDashboardOf(demo, partner.token)).toEqual({ audience: 'partner', onboarding: null, ticketsAwaitingAnswer: null, expiringFiles: null });
  });

  it.each([
    ['ticketsByStatus and ticketsWaitingForUs', permission('Tickets', 'AdminView'), ['ticketsByStatus', 'ticketsWaitingForUs']],
    ['funnel', permission('PartnerForm', 'AdminView'), ['funnel']],
    ['fileRequestsWaiting', permission('FileAccessRequest', 'AdminView'), ['fileRequestsWaiting']],
    ['recentActivity', permission('AuditTrails', 'View'), ['recentActivity']],
  ])('staff see %s with %s alone', async (_name, held, shown) => {
    const user = await make.userWith([held]);
    const dashboard = await staffDashboardOf(demo, user.token);
    const present = Object.entries(dashboard)
      .filter(([key, value]) => key !== 'audience' && value !== null)
      .map(([key]) => key);
    expect(present.sort()).toEqual([...shown].sort());
  });

  it.each([
    ['onboarding', permission('PartnerForm', 'View')],
    ['ticketsAwaitingAnswer', permission('Tickets', 'View')],
    ['expiringFiles', permission('AccessibleFile', 'View')],
  ])('a partner user sees %s with %s alone', async (shown, held) => {
    const user = await make.userWith([held], { partnerId: acme() });
    const dashboard = await partnerDashboardOf(demo, user.token);
    const present = Object.entries(dashboard)
      .filter(([key, value]) => key !== 'audience' && value !== null)
      .map(([key]) => key);
    expect(present).toEqual([shown]);
  });

  it("staff permissions give a partner user nothing of other partners': the audience follows the partner", async () => {
    const user = await make.userWith([permission('Tickets', 'AdminView'), permission('AuditTrails', 'View'), permission('Tickets', 'View')], {
      partnerId: acme(),
    });
    const dashboard = await partnerDashboardOf(demo, user.token);
    expect(dashboard.ticketsAwaitingAnswer!.items.every((t) => t.partnerName === 'Acme Logistics')).toBe(true);
    expect(dashboard).not.toHaveProperty('recentActivity');
  });

  it('refuses an anonymous caller (401)', async () => {
    expect((await demo.server.api('GET', '/api/v1/dashboard')).status).toBe(401);
  });
});
