import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { permission, type Permission } from '../../contract/permissions';
import { SEEDED_ROLES } from '../../contract/roles';
import type { RoleDto, RolePermissionsChange, RolePermissionsDto } from '../../contract/roles.dto';
import apiEn from '../../i18n/api.en';
import validationEn from '../../i18n/validation.en';
import { auditTrails, rolePermissions } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { unique, useDemoServer } from './factories';

const { server, make, token, userIds, roleIds, partnerIds } = useDemoServer();

const admin = () => token('admin@example.com');
const support = () => token('support@example.com');
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
const preview = (id: string, permissions: unknown, token = admin()) =>
  server.api<RolePermissionsChange>('POST', `/api/v1/roles/${id}/permissions/preview`, { token, body: { permissions } });
const stored = async (id: string) =>
  sorted((await server.built.database.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, id))).map((r) => r.permission));
const auditOf = (table: string, key: string) =>
  server.built.database.db
    .select()
    .from(auditTrails)
    .where(and(eq(auditTrails.tableName, table), eq(auditTrails.primaryKey, key)))
    .orderBy(desc(auditTrails.dateTime));

describe('POST /api/v1/roles/search and GET /api/v1/roles/{id}', () => {
  it('lists the seeded roles by priority, with paging, keyword and orderBy', async () => {
    const answer = await search({});
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ totalCount: 4, currentPage: 1, pageSize: 10 });
    expect(answer.body.data!.items.map((r) => [r.name, r.priority])).toEqual([
      ['Admin', 1],
      ['Support', 10],
      ['PartnerAdmin', 50],
      ['Partner', 60],
    ]);
    const second = await search({ pageNumber: 2, pageSize: 3 });
    expect(second.body.data!.items.map((r) => r.name)).toEqual(['Partner']);
    expect((await search({ keyword: 'partner' })).body.data!.items.map((r) => r.name)).toEqual(['PartnerAdmin', 'Partner']);
    expect((await search({ orderBy: ['name asc'] })).body.data!.items.map((r) => r.name)).toEqual(['Admin', 'Partner', 'PartnerAdmin', 'Support']);
    expectFieldErrors(await refused(server, () => search({ orderBy: ['permissions asc'] })), ['orderBy']);
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
  /** Creates through the API, with its deletion queued for after the test. */
  const created = async (body: { name: string; description?: string; priority: unknown }) => {
    const answer = await create(body);
    expectEnvelope(answer, 201);
    make.onCleanup(() => remove(answer.body.data!.id));
    return answer.body.data!;
  };

  it('Admin creates a role (201) with a Create audit row', async () => {
    const name = `Auditor ${unique()}`;
    const role = await created({ name, description: 'Reads the audit trail', priority: 20 });
    expect(role).toMatchObject({ name, description: 'Reads the audit trail', priority: 20 });
    expect((await get(role.id)).body.data).toMatchObject({ name });
    expect((await permissionsOf(role.id)).body.data).toEqual({ roleId: role.id, permissions: [] });
    const [row] = await auditOf('roles', role.id);
    expect(row).toMatchObject({ type: 'Create', userId: userIds['admin@example.com'] });
    expect(row.newValues).toMatchObject({ name, priority: 20 });
  });

  it('Admin updates a role; the Update audit row holds the old and new values of what changed', async () => {
    const role = await make.role({ priority: 20 });
    const renamed = `${role.name} renamed`;
    const answer = await update(role.id, { name: renamed, description: role.description, priority: 25 });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ id: role.id, name: renamed, priority: 25 });
    const [row] = await auditOf('roles', role.id);
    expect(row).toMatchObject({ type: 'Update', oldValues: { name: role.name, priority: 20 }, newValues: { name: renamed, priority: 25 } });
    expect(row.affectedColumns).toEqual(expect.arrayContaining(['name', 'priority']));
    expect(row.affectedColumns).not.toContain('description');
  });

  it('a name is required, at most 100 characters, and trimmed; the description at most 500', async () => {
    const role = await make.role();
    const missing = expectFieldErrors(await refused(server, () => create({})), ['name', 'priority']);
    expect(fieldMessage(missing, 'name')).toBe(validationEn.validation.required);
    expectFieldErrors(await refused(server, () => create({ name: '   ', priority: 30 })), ['name']);
    const long = expectFieldErrors(await refused(server, () => create({ name: 'r'.repeat(101), priority: 30 })), ['name']);
    expect(fieldMessage(long, 'name')).toBe(validationEn.validation.maxLength.replace('%{max}', '100'));
    expectFieldErrors(await refused(server, () => update(role.id, { name: 'r'.repeat(101), priority: 30 })), ['name']);
    expectFieldErrors(await refused(server, () => create({ name: 'Wordy', description: 'd'.repeat(501), priority: 30 })), ['description']);
    expectFieldErrors(await refused(server, () => create({ name: 42, priority: 30 })), ['name']);
    const atLimit = await created({ name: ` ${'r'.repeat(100)} `, description: 'd'.repeat(500), priority: 1000 });
    expect(atLimit.name).toBe('r'.repeat(100));
  });

  it('priority is a whole number from 1 to 1000', async () => {
    const role = await make.role();
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
      expectFieldErrors(await refused(server, () => update(role.id, { name: role.name, priority })), ['priority']);
    }
    for (const priority of [1, 1000]) await created({ name: `Bounds ${priority} ${unique()}`, priority });
  });

  it('a taken name, in any case, answers 409 on the name field, on create and on rename', async () => {
    const role = await make.role({ priority: 25 });
    for (const name of ['Support', 'SUPPORT', ' partneradmin ', role.name.toLowerCase()]) {
      const answer = expectFieldErrors(await refused(server, () => create({ name, priority: 30 })), ['name'], 409);
      expect(answer.body.message).toBe(apiEn.roles.nameTaken);
    }
    expectFieldErrors(await refused(server, () => update(role.id, { name: 'admin', priority: 25 })), ['name'], 409);
    expectEnvelope(await update(role.id, { name: role.name.toUpperCase(), description: role.description, priority: 25 }), 200);
  });

  it('a role given to users cannot be deleted (409) and stays with its permissions', async () => {
    for (const [name, holders] of [
      ['Partner', 2],
      ['Admin', 1],
      ['Support', 1],
    ] as const) {
      const answer = expectEnvelope(await refused(server, () => remove(roleIds[name])), 409);
      expect(answer.body.message).toBe(apiEn.roles.inUse.replace('%{count}', String(holders)));
    }
  });

  it('users who were deleted no longer count as holders: the preview skips them and the role can be deleted', async () => {
    const role = await make.role({ priority: 80 });
    const user = await make.user({ roleId: role.id, active: false });
    expect((await preview(role.id, [permission('Tickets', 'View')])).body.data).toMatchObject({ affectedUsers: 1 });
    expectEnvelope(await refused(server, () => remove(role.id)), 409, apiEn.roles.inUse.replace('%{count}', '1'));
    expectEnvelope(await server.api('DELETE', `/api/v1/users/${user.id}`, { token: admin() }), 200);
    expect((await preview(role.id, [permission('Tickets', 'View')])).body.data).toMatchObject({ affectedUsers: 0 });
    expectEnvelope(await remove(role.id), 200);
    expectEnvelope(await refused(server, () => get(role.id)), 404);
  });

  it('Admin deletes an unused role: GET answers 404, its permissions go, a Delete audit row stays', async () => {
    const role = await make.role({ permissions: [permission('AuditTrails', 'View')] });
    const answer = await remove(role.id);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ id: role.id, name: role.name });
    expectEnvelope(await refused(server, () => get(role.id)), 404);
    expect(await stored(role.id)).toEqual([]);
    const [row] = await auditOf('roles', role.id);
    expect(row).toMatchObject({ type: 'Delete', userId: userIds['admin@example.com'], oldValues: expect.objectContaining({ name: role.name }) });
    expectEnvelope(await refused(server, () => remove(role.id)), 404);
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
    const { id } = await make.role({ priority: 70 });
    const wanted = [permission('Partners', 'View'), permission('Tickets', 'Search'), permission('Partners', 'View')];
    const answer = await setPermissions(id, wanted);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toEqual({ added: sorted(wanted.slice(0, 2)), removed: [], affectedUsers: 0, permissions: sorted(wanted.slice(0, 2)) });
    expect((await permissionsOf(id)).body.data!.permissions).toEqual(sorted(wanted.slice(0, 2)));
    const next = [permission('Tickets', 'Search'), permission('Tickets', 'View')];
    expect((await setPermissions(id, next)).body.data).toMatchObject({ added: [permission('Tickets', 'View')], removed: [permission('Partners', 'View')] });
    expect(await stored(id)).toEqual(sorted(next));
    const [row] = await auditOf('role_permissions', id);
    expect(row).toMatchObject({
      type: 'Update',
      userId: userIds['admin@example.com'],
      oldValues: { permissions: sorted(wanted.slice(0, 2)) },
      newValues: { permissions: sorted(next) },
    });
    expectEnvelope(await setPermissions(id, []), 200);
    expect(await stored(id)).toEqual([]);
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
    const unknown = expectFieldErrors(
      await refused(server, () => setPermissions(roleIds.Partner, [permission('Tickets', 'View'), 'Permissions.Nukes.Launch', 'Tickets.View'])),
      ['permissions[1]', 'permissions[2]'],
    );
    expect(fieldMessage(unknown, 'permissions[1]')).toBe(validationEn.validation.unknownPermission);
    expectFieldErrors(await refused(server, () => preview(roleIds.Partner, ['Permissions.Nukes.Launch'])), ['permissions[0]']);
    expectFieldErrors(await refused(server, () => setPermissions(roleIds.Partner, 'Permissions.Tickets.View')), ['permissions']);
    expectFieldErrors(await refused(server, () => server.api('PUT', `/api/v1/roles/${roleIds.Partner}/permissions`, { token: admin(), body: {} })), [
      'permissions',
    ]);
    expectFieldErrors(await refused(server, () => setPermissions(roleIds.Partner, [42])), ['permissions[0]']);
    expect(await stored(roleIds.Partner)).toEqual(before);
  });
});

describe('no escalation', () => {
  const granted: Permission[] = [permission('Roles', 'View'), permission('Roles', 'Search'), permission('Roles', 'Update'), permission('Roles', 'Create')];
  const LEAD_PRIORITY = 20;

  /** A staff lead: Support's permissions and the Roles ones above (no Roles.Delete), ranked at 20. */
  async function lead() {
    return make.userWith([...seeded('Support').permissions, ...granted], { priority: LEAD_PRIORITY });
  }
  /** A role ranked below the lead, with the Partner role's permissions. */
  const lowerRole = () => make.role({ permissions: seeded('Partner').permissions, priority: 60 });

  it('Support holds no Roles permission: 403 on every call', async () => {
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

  it('a role granted the Roles permissions may search roles at once', async () => {
    const role = await make.role({ permissions: [...seeded('Support').permissions], priority: LEAD_PRIORITY });
    const user = await make.user({ roleId: role.id });
    expectEnvelope(await refused(server, () => search({}, user.token)), 403);
    const answer = await setPermissions(role.id, [...seeded('Support').permissions, ...granted]);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ added: sorted(granted), removed: [], affectedUsers: 1 });
    expectEnvelope(await search({}, user.token), 200);
  });

  it('a lead cannot edit a role of higher or equal rank (Admin, its own): details, permissions and preview all 403', async () => {
    const me = await lead();
    const targets = [
      { id: roleIds.Admin, name: 'Admin', priority: 1, permissions: seeded('Admin').permissions },
      { id: me.role.id, name: me.role.name, priority: LEAD_PRIORITY, permissions: [...seeded('Support').permissions, ...granted] },
    ];
    for (const target of targets) {
      const outranks = expectEnvelope(
        await refused(server, () => update(target.id, { name: target.name, description: 'changed', priority: target.priority }, me.token)),
        403,
      );
      expect(outranks.body.message).toBe(apiEn.roles.outranks);
      expectEnvelope(await refused(server, () => update(target.id, { name: target.name, priority: 100 }, me.token)), 403);
      expectEnvelope(await refused(server, () => setPermissions(target.id, [...target.permissions, ...granted], me.token)), 403, apiEn.roles.outranks);
      expectEnvelope(await refused(server, () => setPermissions(target.id, [], me.token)), 403);
      expectEnvelope(await refused(server, () => preview(target.id, [], me.token)), 403);
    }
  });

  it('a lead cannot raise a lower role to its own rank or above, nor create one there', async () => {
    const me = await lead();
    const lower = await lowerRole();
    for (const priority of [LEAD_PRIORITY, LEAD_PRIORITY - 1, 1]) {
      const answer = expectFieldErrors(await refused(server, () => update(lower.id, { name: lower.name, priority }, me.token)), ['priority'], 403);
      expect(answer.body.message).toBe(apiEn.roles.outranks);
      expectFieldErrors(await refused(server, () => create({ name: 'Shadow admin', priority }, me.token)), ['priority'], 403);
    }
  });

  it('a lead may reshape a lower role within its rank (priority just below its own, description) and create one there', async () => {
    const me = await lead();
    const lower = await lowerRole();
    const answer = await update(lower.id, { name: lower.name, description: 'Edited by a lead', priority: LEAD_PRIORITY + 1 }, me.token);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ priority: LEAD_PRIORITY + 1, description: 'Edited by a lead' });
    const [row] = await auditOf('roles', lower.id);
    expect(row).toMatchObject({ type: 'Update', userId: me.id, oldValues: { priority: 60 }, newValues: { priority: LEAD_PRIORITY + 1 } });
    const made = await create({ name: `Made by a lead ${unique()}`, priority: LEAD_PRIORITY + 1 }, me.token);
    expectEnvelope(made, 201);
    make.onCleanup(() => remove(made.body.data!.id));
  });

  it('a lead cannot grant or withdraw a permission it does not hold, to a lower role; preview says the same', async () => {
    const me = await lead();
    const lower = await lowerRole();
    const partner = seeded('Partner').permissions;
    for (const wanted of [
      [...partner, permission('Users', 'Delete')],
      [...partner, permission('Roles', 'Delete')],
      [...partner, permission('UserRoles', 'Update')],
      partner.filter((p) => p !== permission('FormSections', 'View')),
    ]) {
      const answer = expectFieldErrors(await refused(server, () => setPermissions(lower.id, wanted, me.token)), ['permissions'], 403);
      expect(answer.body.message).toBe(apiEn.roles.permissionNotHeld);
      expectEnvelope(await refused(server, () => preview(lower.id, wanted, me.token)), 403, apiEn.roles.permissionNotHeld);
    }
    expect(await stored(lower.id)).toEqual(sorted(partner));
  });

  it('a lead can grant and withdraw a permission it holds to a lower role, and its holders feel it at once', async () => {
    const me = await lead();
    const lower = await lowerRole();
    const holder = await make.user({ roleId: lower.id, partnerId: partnerIds['Acme Logistics'] });
    const partner = seeded('Partner').permissions;
    const withExport = [...partner, permission('Partners', 'Export')];
    expect((await preview(lower.id, withExport, me.token)).body.data).toEqual({ added: [permission('Partners', 'Export')], removed: [], affectedUsers: 1 });
    const answer = await setPermissions(lower.id, withExport, me.token);
    expectEnvelope(answer, 200);
    expect(await stored(lower.id)).toEqual(sorted(withExport));
    const [row] = await auditOf('role_permissions', lower.id);
    expect(row).toMatchObject({ userId: me.id, newValues: { permissions: sorted(withExport) } });
    expect((await server.api('GET', '/api/v1/partners/export', { token: holder.token })).status).toBe(200);
    expectEnvelope(await setPermissions(lower.id, partner, me.token), 200);
    expectEnvelope(await server.api('GET', '/api/v1/partners/export', { token: holder.token }), 403);
  });

  it('a lead without Roles.Delete gets 403 even for a role it made', async () => {
    const me = await lead();
    const made = await create({ name: `Made by a lead ${unique()}`, priority: 70 }, me.token);
    expectEnvelope(made, 201);
    make.onCleanup(() => remove(made.body.data!.id));
    expectEnvelope(await refused(server, () => remove(made.body.data!.id, me.token)), 403, apiEn.api.forbidden);
  });

  it('Admin, holding the top role, may do all of it', async () => {
    const me = await lead();
    const lower = await lowerRole();
    expectEnvelope(await update(me.role.id, { name: me.role.name, description: 'Edited by Admin', priority: LEAD_PRIORITY }, admin()), 200);
    expectEnvelope(await update(roleIds.Admin, { name: 'Admin', description: seeded('Admin').description, priority: 1 }, admin()), 200);
    const partner = seeded('Partner').permissions;
    expectEnvelope(await setPermissions(lower.id, [...partner, permission('Users', 'Delete')]), 200);
    expectEnvelope(await setPermissions(lower.id, partner), 200);
    const made = await create({ name: `Second top ${unique()}`, priority: 1 });
    expectEnvelope(made, 201);
    expectEnvelope(await remove(made.body.data!.id), 200);
    expectEnvelope(await setPermissions(me.role.id, seeded('Support').permissions), 200);
    expectEnvelope(await refused(server, () => search({}, me.token)), 403);
  });
});

describe('partner users and roles', () => {
  it('PartnerAdmin and Partner get 403 on every roles call, and nothing changes', async () => {
    for (const email of PARTNER_SIDE) {
      const partnerToken = token(email);
      const calls = [
        () => search({}, partnerToken),
        () => get(roleIds.Partner, partnerToken),
        () => create({ name: 'By a partner', priority: 70 }, partnerToken),
        () => update(roleIds.Partner, { name: 'Partner', priority: 60 }, partnerToken),
        () => remove(roleIds.Partner, partnerToken),
        () => permissionsOf(roleIds.Partner, partnerToken),
        () => setPermissions(roleIds.Partner, [...seeded('Partner').permissions, permission('Roles', 'View')], partnerToken),
        () => preview(roleIds.Partner, [], partnerToken),
        () => server.api('GET', '/api/v1/roles/export', { token: partnerToken }),
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
    const lines = answer.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,name,description,priority');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Admin', 'Support', 'PartnerAdmin', 'Partner']);
  });
});
