import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_ACTIVITY_MAX, type StaffDashboardDto } from '../../contract/dashboard';
import type { PagedResult } from '../../contract/envelope';
import { auditTrails, tickets, users } from '../../server/db/schema';
import { modules } from '../../server/modules';
import { runSeeds } from '../../server/modules/seeding';
import { expectEnvelope } from './expectations';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => (server = await startServer()));
afterAll(() => server.close());

const db = () => server.built.database.db;
const adminToken = async () => (await server.signIn('admin@example.com')).token;
const staffDashboard = async () =>
  expectEnvelope(await server.api<StaffDashboardDto>('GET', '/api/v1/dashboard', { token: await adminToken() }), 200).body.data!;

describe('the demo seed of recent activity', () => {
  it("fills a fresh demo's staff Home: recent activity newest first, and an OPEN ticket waiting for us", async () => {
    const dashboard = await staffDashboard();
    const activity = dashboard.recentActivity!;
    expect(activity).toHaveLength(DASHBOARD_ACTIVITY_MAX);
    const times = activity.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((t) => t < Date.now())).toBe(true);
    // Staff and partners acted, on several kinds of record.
    const actors = new Set(activity.map((a) => a.actorName));
    expect(actors).toContain('Ada Admin');
    expect(actors).toContain('Sam Support');
    expect(['Bình Trần', 'Gina Lê'].some((name) => actors.has(name))).toBe(true);
    expect(new Set(activity.map((a) => a.tableName)).size).toBeGreaterThanOrEqual(4);

    const waiting = dashboard.ticketsWaitingForUs!;
    expect(waiting.total).toBeGreaterThanOrEqual(1);
    expect(waiting.items).toContainEqual(
      expect.objectContaining({ subject: 'Cannot upload the signed contract', status: 'OPEN', partnerName: 'Globex Trading' }),
    );
  });

  it("writes each row as the change's service does: an update holds only what changed, before and after", async () => {
    const [alice] = await db().select().from(users).where(eq(users.email, 'partner.admin@acme.example'));
    const [roles] = await db()
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'user_roles'), eq(auditTrails.primaryKey, alice.id)));
    expect(roles).toMatchObject({ type: 'Update', oldValues: { roles: ['Partner'] }, newValues: { roles: ['PartnerAdmin'] }, affectedColumns: ['roles'] });

    const partnerUpdates = await db()
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'partners'), eq(auditTrails.type, 'Update')));
    expect(partnerUpdates).toHaveLength(1);
    expect(partnerUpdates[0].affectedColumns).toEqual(['contactPhone', 'updatedAt']);
    expect(partnerUpdates[0].newValues).toMatchObject({ contactPhone: '+84 913 555 020' });

    const [globexOpen] = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.subject, 'Cannot upload the signed contract'), eq(tickets.awaitingSide, 'staff')));
    const [created] = await db().select().from(auditTrails).where(eq(auditTrails.primaryKey, globexOpen.id));
    expect(created).toMatchObject({ type: 'Create', tableName: 'tickets', userId: globexOpen.createdBy, dateTime: globexOpen.createdAt });
    expect(created.newValues).toMatchObject({
      subject: 'Cannot upload the signed contract',
      attachments: [expect.objectContaining({ fileName: 'upload-error.png' })],
    });
  });

  it("shows in a user's audit trail: Admin's role change of Alice", async () => {
    const [alice] = await db().select().from(users).where(eq(users.email, 'partner.admin@acme.example'));
    const trail = await server.api<PagedResult<{ tableName: string; type: string }>>('GET', `/api/users/${alice.id}/audit-trails`, {
      token: await adminToken(),
    });
    expectEnvelope(trail, 200);
    expect(trail.body.data!.items).toContainEqual(expect.objectContaining({ tableName: 'user_roles', type: 'Update' }));
  });

  it('is idempotent: a second run adds no audit row and changes nothing', async () => {
    const rows = await server.snapshot();
    const audited = await db().$count(auditTrails);
    expect(audited).toBeGreaterThan(20);
    await runSeeds(server.built.ctx, modules, { demo: true });
    expect(await db().$count(auditTrails)).toBe(audited);
    expect(await server.snapshot()).toBe(rows);
  });
});
