import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope, PagedResult } from '../../contract/envelope';
import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import type { PartnerDto } from '../../contract/partners';
import { ALL_PERMISSIONS, permission } from '../../contract/permissions';
import { SEEDED_ROLES } from '../../contract/roles';
import type { TokenResponse } from '../../contract/tokens';
import type { UserDto } from '../../contract/users';
import { buildApp, type BuiltApp } from '../../server/app';
import { partners, rolePermissions, roles, tickets, users } from '../../server/db/schema';
import { DEMO_PARTNERS } from '../../server/modules/partners/partners.demo';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/modules/users/users.demo';
import { createTestDatabase, snapshotOf, testConfig, testDataDir } from './harness';
import type { TestDatabaseStart } from './testDatabases';

/**
 * A data folder and database that outlive a server, so a server can start again on them as after a restart:
 * empty, or as a first start on an empty database leaves them (the run's demo template).
 */
async function installation(start: TestDatabaseStart) {
  const dataDir = testDataDir(start);
  const database = await createTestDatabase(start);
  const config = testConfig(dataDir, database.databaseUrl);
  let running: BuiltApp | undefined;
  return {
    async start() {
      await running?.app.close();
      running = await buildApp(config, { logger: false });
      return running;
    },
    attachmentFiles: () => fs.readdirSync(path.join(dataDir, 'files', 'attachments')).length,
    async remove() {
      await running?.app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call<T>(built: BuiltApp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, options: { token?: string; body?: object } = {}) {
  const answer = await built.app.inject({
    method,
    url,
    headers: { [TENANT_HEADER]: TENANT_ROOT, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.body ? { payload: options.body } : {}),
  });
  return { status: answer.statusCode, body: answer.json() as Envelope<T> };
}

const signIn = async (built: BuiltApp, email: string) =>
  (await call<TokenResponse>(built, 'POST', '/api/token', { body: { email, password: DEMO_PASSWORD } })).body.data?.token;

const removals: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const remove of removals.splice(0)) await remove();
});

async function newInstallation(start: TestDatabaseStart = 'demo') {
  const made = await installation(start);
  removals.push(made.remove);
  return made;
}

describe('seeds at every start', () => {
  it('a second start on the same database adds nothing: no row, no file', async () => {
    const install = await newInstallation('empty');
    const first = await install.start();
    const rows = await snapshotOf(first.database.db);
    const files = install.attachmentFiles();
    expect(files).toBeGreaterThan(0);

    const second = await install.start();
    expect(await snapshotOf(second.database.db)).toBe(rows);
    expect(install.attachmentFiles()).toBe(files);
  });

  it('a database with users but without a demo partner gets that partner at the next start, found by its folded address', async () => {
    const install = await newInstallation();
    const initech = DEMO_PARTNERS.find((p) => p.name === 'Initech Software')!;
    // As a database seeded before this partner joined the demo data looks.
    await (await install.start()).database.db.delete(partners).where(eq(partners.name, initech.name));

    const restarted = await install.start();
    const found = await call<PagedResult<PartnerDto>>(restarted, 'POST', '/api/v1/partners/search', {
      token: await signIn(restarted, 'admin@example.com'),
      body: { keyword: 'le loi, da nang', pageNumber: 1, pageSize: 10 },
    });
    expect(found.body.data!.items.map((p) => [p.name, p.email])).toEqual([[initech.name, initech.email]]);
  });

  it('a role the catalogue gains is created at start, and a permission the catalogue gains reaches the top role', async () => {
    const install = await newInstallation();
    const db = (await install.start()).database.db;
    const [admin] = await db.select().from(roles).where(eq(roles.name, 'Admin'));
    // As a database made before this permission joined the catalogue looks.
    const gained = permission('AuditTrails', 'View');
    await db.delete(rolePermissions).where(sql`${rolePermissions.roleId} = ${admin.id} and ${rolePermissions.permission} = ${gained}`);
    const auditor = { name: 'Auditor', description: 'Reads the audit trail', priority: 70, permissions: [gained] };
    SEEDED_ROLES.push(auditor);
    try {
      const restarted = (await install.start()).database.db;
      const permissionsOf = async (roleId: string) =>
        (await restarted.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map((r) => r.permission).sort();
      expect(await permissionsOf(admin.id)).toEqual([...ALL_PERMISSIONS].sort());
      const [created] = await restarted.select().from(roles).where(eq(roles.name, auditor.name));
      expect(created).toMatchObject({ description: auditor.description, priority: auditor.priority });
      expect(await permissionsOf(created.id)).toEqual([gained]);
    } finally {
      SEEDED_ROLES.splice(SEEDED_ROLES.indexOf(auditor), 1);
    }
  });

  it("an admin's edits of demo rows survive a restart: a renamed partner and user keep their names, a deleted user stays deleted", async () => {
    const install = await newInstallation();
    const first = await install.start();
    const token = await signIn(first, 'admin@example.com');
    const db = first.database.db;
    const idOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
    const [globex] = await db.select({ id: partners.id }).from(partners).where(eq(partners.name, 'Globex Trading'));
    expect((await call(first, 'PATCH', `/api/v1/partners/${globex.id}`, { token, body: { name: 'Globex Holdings' } })).status).toBe(200);
    expect((await call(first, 'PATCH', `/api/v1/users/${await idOf('partner@globex.example')}`, { token, body: { firstName: 'Georgina' } })).status).toBe(200);
    expect((await call(first, 'DELETE', `/api/v1/users/${await idOf('partner@acme.example')}`, { token })).status).toBe(200);
    const edited = await snapshotOf(db);

    const restarted = await install.start();
    expect(await snapshotOf(restarted.database.db)).toBe(edited);
    const adminToken = await signIn(restarted, 'admin@example.com');
    const partner = await call<PartnerDto>(restarted, 'GET', `/api/v1/partners/${globex.id}`, { token: adminToken });
    expect(partner.body.data!.name).toBe('Globex Holdings');
    const listed = await call<PagedResult<UserDto>>(restarted, 'GET', '/api/v1/users?pageSize=100', { token: adminToken });
    expect(listed.body.data!.items.map((u) => [u.email, u.firstName]).sort()).toEqual(
      DEMO_USERS.filter((u) => u.email !== 'partner@acme.example')
        .map((u) => [u.email, u.email === 'partner@globex.example' ? 'Georgina' : u.firstName])
        .sort(),
    );
    expect(await signIn(restarted, 'partner@acme.example')).toBeUndefined();
    expect((await restarted.database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.partnerId, globex.id))).length).toBe(4);
  });
});
