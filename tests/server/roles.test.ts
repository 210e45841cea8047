import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { permission, type Permission } from '../../contract/permissions';
import { SEEDED_ROLES } from '../../contract/roles';
import type { RoleDto, RolePermissionsChange, RolePermissionsDto } from '../../contract/roles.dto';
import apiEn from '../../i18n/api.en';
import validationEn from '../../i18n/validation.en';
import { auditTrails, rolePermissions } from '../../server/db/schema';
import { loadDemoFixture } from './demoFixture';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { startServer, type TestServer } from './harness';

let server: TestServer;
const tokens: Record<string, string> = {};
const userIds: Record<string, string> = {};
let roleIds: Record<string, string>;

beforeAll(async () => {
  server = await startServer();
  const demo = await loadDemoFixture(server);
  Object.assign(userIds, demo.userIds);
  for (const [email, session] of Object.entries(demo.sessions)) tokens[email] = session.token;
  roleIds = demo.roleIds;
});
afterAll(() => server.close());

const admin = () => tokens['admin@example.com'];
const support = () => tokens['support@example.com'];
const PARTNER_SIDE = ['partner.admin@acme.example', 'partner@acme.example'];
const MISSING = '00000000-0000-4000-8000-000000000000';
const seeded = (name: string) => SEEDED_ROLES.find((r) => r.name === name)!;
const sorted = (list: readonly string[]) => [...list].sort();

const search = (body: unknown, token = admin()) => server.api<PagedResult<RoleDto>>('POST', '/api/v1/roles/search', { token, body });
const get = (id: string, token = admin()) => server.api<RoleDto>('GET', `/api/v1/roles/${id}`, { token });
const create = (body: unknown, token = admin()) => server.api<RoleDto>('POST', '/api/v1/roles', { token, body });
const update = (id: string, body: unknown, token = admin()) => server.api<RoleDto>('PUT', `/api/v1/roles/${id}`, { token, body });
const remove = (id: string, token = admin()) => server.api<RoleDto>('DELETE', `/api/v1/roles/${id}`, { token });
const permissionsOf = (id: string, token = admin()) => server.api<RolePermissionsDto>('GET', `/api/v1/roles/${id}/permissions`, { token });
const setPermissions = (id: string, permissions: unknown, token = admin()) =>
  server.api<RolePermissionsChange & { permissions: string[] }>('PUT', `/api/v1/roles/${id}/permissions`, { token, body: { permissions } });
const preview = (id: string, permissions: unknown, token = admin()) => server.api<RolePermissionsChange>('POST', `/api/v1/roles/${id}/permissions/preview`, { token, body: { permissions } });
const stored = async (id: string) => sorted((await server.built.database.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, id))).map((r) => r.permission));
const auditOf = (table: string, key: string) =>
  server.built.database.db.select().from(auditTrails).where(and(eq(auditTrails.tableName, table), eq(auditTrails.primaryKey, key))).orderBy(desc(auditTrails.dateTime));

describe('POST /api/v1/roles/search and GET /api/v1/roles/{id}', () => {
  it('lists the seeded roles by priority, with paging, keyword and orderBy', async () => {
    const answer = await search({});
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ totalCount: 4, currentPage: 1, pageSize: 10 });
    expect(answer.body.data!.items.map((r) => [r.name, r.priority])).toEqual([['Admin', 1], ['Support', 10], ['PartnerAdmin', 50], ['Partner', 60]]);
    const second = await search({ pageNumber: 2, pageSize: 3 });
    expect(second.body.data!.items.map((r) => r.name)).toEqual(['Partner']);
    expect((await search({ keyword: 'partner' })).body.data!.items.map((r) => r.name)).toEqual(['PartnerAdmin', 'Partner']);
    expect((await search({ orderBy: ['name asc'] })).body.data!.items.map((r) => r.name)).toEqual(['Admin', 'Partner', 'PartnerAdmin', 'Support']);
    expectFieldErrors(await refused(server, () => search({ orderBy: ['description asc'] })), ['orderBy']);
  });

  it('reads one role under /api and /api/v1; unknown and malformed ids answer 404', async () => {
    for (const prefix of ['/api', '/api/v1']) {
      const answer = await server.api<RoleDto>('GET', `${prefix}/roles/${roleIds.Support}`, { token: admin() });
      expectEnvelope(answer, 200);
      expect(answer.body.data).toMatchObject({ id: roleIds.Support, name: 'Support', priority: 10, description: seeded('Support').description });
    }
    for (const id of [MISSING, 'abc', `${roleIds.Admin}0`]) expectEnvelope(await refused(server, () => get(id)), 404);
  });
});

describe('POST, PUT and DELETE /api/v1/roles', () => {
  let id: string;

  it('Admin creates a role (201) with a Create audit row', async () => {
    const answer = await create({ name: 'Auditor', description: 'Reads the audit trail', priority: 20 });
    expectEnvelope(answer, 201);
    expect(answer.body.data).toMatchObject({ name: 'Auditor', description: 'Reads the audit trail', priority: 20 });
    id = answer.body.data!.id;
    expect((await get(id)).body.data).toMatchObject({ name: 'Auditor' });
    expect((await permissionsOf(id)).body.data).toEqual({ roleId: id, permissions: [] });
    const [row] = await auditOf('roles', id);
    expect(row).toMatchObject({ type: 'Create', userId: userIds['admin@example.com'] });
    expect(row.newValues).toMatchObject({ name: 'Auditor', priority: 20 });
  });

  it('Admin updates it; the Update audit row holds the old and new values of what changed', async () => {
    const answer = await update(id, { name: 'Auditors', description: 'Reads the audit trail', priority: 25 });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ id, name: 'Auditors', priority: 25 });
    const [row] = await auditOf('roles', id);
    expect(row).toMatchObject({ type: 'Update', oldValues: { name: 'Auditor', priority: 20 }, newValues: { name: 'Auditors', priority: 25 } });
    expect(row.affectedColumns).toEqual(expect.arrayContaining(['name', 'priority']));
    expect(row.affectedColumns).not.toContain('description');
  });

  it('a name is required, at most 100 characters, and trimmed; the description at most 500', async () => {
    const missing = expectFieldErrors(await refused(server, () => create({})), ['name', 'priority']);
    expect(fieldMessage(missing, 'name')).toBe(validationEn.validation.required);
    expectFieldErrors(await refused(server, () => create({ name: '   ', priority: 30 })), ['name']);
    const long = expectFieldErrors(await refused(server, () => create({ name: 'r'.repeat(101), priority: 30 })), ['name']);
    expect(fieldMessage(long, 'name')).toBe(validationEn.validation.maxLength.replace('%{max}', '100'));
    expectFieldErrors(await refused(server, () => update(id, { name: 'r'.repeat(101), priority: 30 })), ['name']);
    expectFieldErrors(await refused(server, () => create({ name: 'Wordy', description: 'd'.repeat(501), priority: 30 })), ['description']);
    expectFieldErrors(await refused(server, () => create({ name: 42, priority: 30 })), ['name']);
    const atLimit = await create({ name: ` ${'r'.repeat(100)} `, description: 'd'.repeat(500), priority: 1000 });
    expectEnvelope(atLimit, 201);
    expect(atLimit.body.data!.name).toBe('r'.repeat(100));
    expectEnvelope(await remove(atLimit.body.data!.id), 200);
  });

  it('priority is a whole number from 1 to 1000', async () => {
    const cases: [unknown, string][] = [
      [0, validationEn.validation.minValue.replace('%{min}', '1')],
      [-5, validationEn.validation.minValue.replace('%{min}', '1')],
      [1001, validationEn.validation.maxValue.replace('%{max}', '1000')],
      [2.5, validationEn.validation.integer],
      ['20', validationEn.validation.typeError],
      [null, validationEn.validation.required],
    ];
    for (const [priority, message] of cases) {
      const answer = expectFieldErrors(await refused(server, () => create({ name: 'Bounds', priority })), ['priority']);
      expect(fieldMessage(answer, 'priority'), String(priority)).toBe(message);
      expectFieldErrors(await refused(server, () => update(id, { name: 'Auditors', priority })), ['priority']);
    }
    for (const priority of [1, 1000]) {
      const answer = await create({ name: `Bounds ${priority}`, priority });
      expectEnvelope(answer, 201);
      expectEnvelope(await remove(answer.body.data!.id), 200);
    }
  });

  it('a taken name, in any case, answers 409 on the name field, on create and on rename', async () => {
    for (const name of ['Support', 'SUPPORT', ' partneradmin ', 'auditors']) {
      const answer = expectFieldErrors(await refused(server, () => create({ name, priority: 30 })), ['name'], 409);
      expect(answer.body.message).toBe(apiEn.roles.nameTaken);
    }
    expectFieldErrors(await refused(server, () => update(id, { name: 'admin', priority: 25 })), ['name'], 409);
    expectEnvelope(await update(id, { name: 'AUDITORS', description: 'Reads the audit trail', priority: 25 }), 200);
  });

  it('a role given to users cannot be deleted (409) and stays with its permissions', async () => {
    for (const [name, holders] of [['Partner', 2], ['Admin', 1], ['Support', 1]] as const) {
      const answer = expectEnvelope(await refused(server, () => remove(roleIds[name])), 409);
      expect(answer.body.message).toBe(apiEn.roles.inUse.replace('%{count}', String(holders)));
    }
  });

  it('users who were deleted no longer count as holders: the preview skips them and the role can be deleted', async () => {
    const role = await create({ name: 'Short lived', priority: 80 });
    expectEnvelope(role, 201);
    const roleId = role.body.data!.id;
    const user = await server.api<{ id: string }>('POST', '/api/v1/users/register', { token: admin(), body: { firstName: 'Tạm', lastName: 'Thời', email: 'temp.holder@example.com', roleId } });
    expectEnvelope(user, 201);
    expect((await preview(roleId, [permission('Tickets', 'View')])).body.data).toMatchObject({ affectedUsers: 1 });
    expectEnvelope(await refused(server, () => remove(roleId)), 409, apiEn.roles.inUse.replace('%{count}', '1'));
    expectEnvelope(await server.api('DELETE', `/api/v1/users/${user.body.data!.id}`, { token: admin() }), 200);
    expect((await preview(roleId, [permission('Tickets', 'View')])).body.data).toMatchObject({ affectedUsers: 0 });
    expectEnvelope(await remove(roleId), 200);
    expectEnvelope(await refused(server, () => get(roleId)), 404);
  });

  it('Admin deletes an unused role: GET answers 404, its permissions go, a Delete audit row stays', async () => {
    expectEnvelope(await setPermissions(id, [permission('AuditTrails', 'View')]), 200);
    const answer = await remove(id);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ id, name: 'AUDITORS' });
    expectEnvelope(await refused(server, () => get(id)), 404);
    expect(await stored(id)).toEqual([]);
    const [row] = await auditOf('roles', id);
    expect(row).toMatchObject({ type: 'Delete', userId: userIds['admin@example.com'], oldValues: expect.objectContaining({ name: 'AUDITORS' }) });
    expectEnvelope(await refused(server, () => remove(id)), 404);
  });
});

describe('GET, PUT /api/v1/roles/{id}/permissions and the preview', () => {
  it('GET lists the enabled permissions of a seeded role', async () => {
    const answer = await permissionsOf(roleIds.Support);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toEqual({ roleId: roleIds.Support, permissions: sorted(seeded('Support').permissions) });
    expect((await permissionsOf(roleIds.Admin)).body.data!.permissions.length).toBe(seeded('Admin').permissions.length);
    expectEnvelope(await refused(server, () => permissionsOf(MISSING)), 404);
  });

  it('PUT replaces the set (duplicates once); GET reads back what was saved; an audit row keeps before and after', async () => {
    const role = await create({ name: 'Round trip', priority: 70 });
    const id = role.body.data!.id;
    const wanted = [permission('Partners', 'View'), permission('Tickets', 'Search'), permission('Partners', 'View')];
    const answer = await setPermissions(id, wanted);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toEqual({ added: sorted(wanted.slice(0, 2)), removed: [], affectedUsers: 0, permissions: sorted(wanted.slice(0, 2)) });
    expect((await permissionsOf(id)).body.data!.permissions).toEqual(sorted(wanted.slice(0, 2)));
    const next = [permission('Tickets', 'Search'), permission('Tickets', 'View')];
    expect((await setPermissions(id, next)).body.data).toMatchObject({ added: [permission('Tickets', 'View')], removed: [permission('Partners', 'View')] });
    expect(await stored(id)).toEqual(sorted(next));
    const [row] = await auditOf('role_permissions', id);
    expect(row).toMatchObject({ type: 'Update', userId: userIds['admin@example.com'], oldValues: { permissions: sorted(wanted.slice(0, 2)) }, newValues: { permissions: sorted(next) } });
    expectEnvelope(await setPermissions(id, []), 200);
    expect(await stored(id)).toEqual([]);
    expectEnvelope(await remove(id), 200);
  });

  it('preview counts the users the change affects and changes nothing', async () => {
    const current = sorted(seeded('Partner').permissions);
    const wanted = [...current.filter((p) => p !== permission('Dashboard', 'View')), permission('Partners', 'View')];
    const before = await server.snapshot();
    const answer = await preview(roleIds.Partner, wanted);
    expectEnvelope(answer, 200);
    expect(await server.snapshot()).toBe(before);
    expect(answer.body.data).toEqual({ added: [permission('Partners', 'View')], removed: [permission('Dashboard', 'View')], affectedUsers: 2 });
    expect((await preview(roleIds.PartnerAdmin, sorted(seeded('PartnerAdmin').permissions))).body.data).toEqual({ added: [], removed: [], affectedUsers: 1 });
  });

  it('an unknown permission or a malformed body answers 400 and changes nothing', async () => {
    const before = sorted(seeded('Partner').permissions);
    const unknown = expectFieldErrors(await refused(server, () => setPermissions(roleIds.Partner, [permission('Tickets', 'View'), 'Permissions.Nukes.Launch', 'Tickets.View'])), ['permissions[1]', 'permissions[2]']);
    expect(fieldMessage(unknown, 'permissions[1]')).toBe(validationEn.validation.unknownPermission);
    expectFieldErrors(await refused(server, () => preview(roleIds.Partner, ['Permissions.Nukes.Launch'])), ['permissions[0]']);
    expectFieldErrors(await refused(server, () => setPermissions(roleIds.Partner, 'Permissions.Tickets.View')), ['permissions']);
    expectFieldErrors(await refused(server, () => server.api('PUT', `/api/v1/roles/${roleIds.Partner}/permissions`, { token: admin(), body: {} })), ['permissions']);
    expectFieldErrors(await refused(server, () => setPermissions(roleIds.Partner, [42])), ['permissions[0]']);
    expect(await stored(roleIds.Partner)).toEqual(before);
  });
});

describe('no escalation', () => {
  const granted: Permission[] = [permission('Roles', 'View'), permission('Roles', 'Search'), permission('Roles', 'Update'), permission('Roles', 'Create')];

  it('before any grant, Support holds no Roles permission: 403 on every call', async () => {
    const calls = [
      () => search({}, support()),
      () => get(roleIds.Partner, support()),
      () => create({ name: 'By Support', priority: 70 }, support()),
      () => update(roleIds.Partner, { name: 'Partner', priority: 60 }, support()),
      () => remove(roleIds.Partner, support()),
      () => permissionsOf(roleIds.Partner, support()),
      () => setPermissions(roleIds.Partner, [], support()),
      () => preview(roleIds.Partner, [], support()),
      () => server.api('GET', '/api/v1/roles/export', { token: support() }),
    ];
    for (const call of calls) expectEnvelope(await refused(server, call), 403, apiEn.api.forbidden);
  });

  it('Admin grants Support the Roles View, Search, Update and Create permissions', async () => {
    const answer = await setPermissions(roleIds.Support, [...seeded('Support').permissions, ...granted]);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ added: sorted(granted), removed: [], affectedUsers: 1 });
    expectEnvelope(await search({}, support()), 200);
  });

  it("Support cannot edit Admin's role or its own (equal rank): details, permissions and preview all 403", async () => {
    for (const name of ['Admin', 'Support'] as const) {
      const id = roleIds[name];
      const role = seeded(name);
      const outranks = expectEnvelope(await refused(server, () => update(id, { name, description: 'changed', priority: role.priority }, support())), 403);
      expect(outranks.body.message).toBe(apiEn.roles.outranks);
      expectEnvelope(await refused(server, () => update(id, { name, priority: 100 }, support())), 403);
      expectEnvelope(await refused(server, () => setPermissions(id, [...role.permissions, ...granted], support())), 403, apiEn.roles.outranks);
      expectEnvelope(await refused(server, () => setPermissions(id, [], support())), 403);
      expectEnvelope(await refused(server, () => preview(id, [], support())), 403);
    }
  });

  it('Support cannot raise a lower role (Partner) to its own rank or above, nor create one there', async () => {
    for (const priority of [10, 9, 1]) {
      const answer = expectFieldErrors(await refused(server, () => update(roleIds.Partner, { name: 'Partner', priority }, support())), ['priority'], 403);
      expect(answer.body.message).toBe(apiEn.roles.outranks);
      expectFieldErrors(await refused(server, () => create({ name: 'Shadow admin', priority }, support())), ['priority'], 403);
    }
  });

  it('Support may reshape a lower role within its rank: priority 11 and below, description', async () => {
    const answer = await update(roleIds.Partner, { name: 'Partner', description: 'Edited by Support', priority: 11 }, support());
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ priority: 11, description: 'Edited by Support' });
    const [row] = await auditOf('roles', roleIds.Partner);
    expect(row).toMatchObject({ type: 'Update', userId: userIds['support@example.com'], oldValues: { priority: 60 }, newValues: { priority: 11 } });
    expectEnvelope(await update(roleIds.Partner, { name: 'Partner', description: seeded('Partner').description, priority: 60 }, support()), 200);
    const made = await create({ name: 'Made by Support', priority: 11 }, support());
    expectEnvelope(made, 201);
  });

  it('Support cannot grant or withdraw a permission it does not hold, to a lower role; preview says the same', async () => {
    const partner = seeded('Partner').permissions;
    for (const wanted of [
      [...partner, permission('Users', 'Delete')],
      [...partner, permission('Roles', 'Delete')],
      [...partner, permission('UserRoles', 'Update')],
      partner.filter((p) => p !== permission('FormSections', 'View')),
    ]) {
      const answer = expectFieldErrors(await refused(server, () => setPermissions(roleIds.Partner, wanted, support())), ['permissions'], 403);
      expect(answer.body.message).toBe(apiEn.roles.permissionNotHeld);
      expectEnvelope(await refused(server, () => preview(roleIds.Partner, wanted, support())), 403, apiEn.roles.permissionNotHeld);
    }
    expect(await stored(roleIds.Partner)).toEqual(sorted(partner));
  });

  it('Support can grant and withdraw a permission it holds to a lower role', async () => {
    const partner = seeded('Partner').permissions;
    const withExport = [...partner, permission('Partners', 'Export')];
    expect((await preview(roleIds.Partner, withExport, support())).body.data).toEqual({ added: [permission('Partners', 'Export')], removed: [], affectedUsers: 2 });
    const answer = await setPermissions(roleIds.Partner, withExport, support());
    expectEnvelope(answer, 200);
    expect(await stored(roleIds.Partner)).toEqual(sorted(withExport));
    const [row] = await auditOf('role_permissions', roleIds.Partner);
    expect(row).toMatchObject({ userId: userIds['support@example.com'], newValues: { permissions: sorted(withExport) } });
    // The Partner users feel it at once: export is theirs now.
    const partnerToken = tokens['partner@acme.example'];
    expect((await server.api('GET', '/api/v1/partners/export', { token: partnerToken })).status).toBe(200);
    expectEnvelope(await setPermissions(roleIds.Partner, partner, support()), 200);
    expectEnvelope(await server.api('GET', '/api/v1/partners/export', { token: partnerToken }), 403);
  });

  it('Support has no Roles.Delete: 403 even for a role it made', async () => {
    const [made] = (await search({ keyword: 'Made by Support' }, support())).body.data!.items;
    expectEnvelope(await refused(server, () => remove(made.id, support())), 403, apiEn.api.forbidden);
  });

  it('Admin, holding the top role, may do all of it', async () => {
    expectEnvelope(await update(roleIds.Support, { name: 'Support', description: 'Edited by Admin', priority: 10 }, admin()), 200);
    expectEnvelope(await update(roleIds.Admin, { name: 'Admin', description: 'Full access', priority: 1 }, admin()), 200);
    const partner = seeded('Partner').permissions;
    const withDelete = [...partner, permission('Users', 'Delete')];
    expectEnvelope(await setPermissions(roleIds.Partner, withDelete), 200);
    expectEnvelope(await setPermissions(roleIds.Partner, partner), 200);
    const made = await create({ name: 'Second top', priority: 1 });
    expectEnvelope(made, 201);
    expectEnvelope(await remove(made.body.data!.id), 200);
    const [bySupport] = (await search({ keyword: 'Made by Support' })).body.data!.items;
    expectEnvelope(await remove(bySupport.id), 200);
    expectEnvelope(await setPermissions(roleIds.Support, seeded('Support').permissions), 200);
    expectEnvelope(await refused(server, () => search({}, support())), 403);
  });
});

describe('partner users and roles', () => {
  it('PartnerAdmin and Partner get 403 on every roles call, and nothing changes', async () => {
    for (const email of PARTNER_SIDE) {
      const token = tokens[email];
      const calls = [
        () => search({}, token),
        () => get(roleIds.Partner, token),
        () => create({ name: 'By a partner', priority: 70 }, token),
        () => update(roleIds.Partner, { name: 'Partner', priority: 60 }, token),
        () => remove(roleIds.Partner, token),
        () => permissionsOf(roleIds.Partner, token),
        () => setPermissions(roleIds.Partner, [...seeded('Partner').permissions, permission('Roles', 'View')], token),
        () => preview(roleIds.Partner, [], token),
        () => server.api('GET', '/api/v1/roles/export', { token }),
      ];
      for (const call of calls) expectEnvelope(await refused(server, call), 403, apiEn.api.forbidden);
    }
  });

  it('no token answers 401', async () => {
    expectEnvelope(await refused(server, () => search({}, '')), 401);
    expectEnvelope(await refused(server, () => setPermissions(roleIds.Partner, [], '')), 401);
  });

  it('Admin exports the roles as CSV', async () => {
    const answer = await server.api('GET', '/api/v1/roles/export', { token: admin() });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = answer.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,name,description,priority');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Admin', 'Support', 'PartnerAdmin', 'Partner']);
  });
});
