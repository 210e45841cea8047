import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { PartnerDto } from '../../contract/partners';
import { permission } from '../../contract/permissions';
import { SEEDED_ROLES } from '../../contract/roles';
import type { TokenResponse } from '../../contract/tokens';
import type { UserDto, UserRoleDto } from '../../contract/users';
import apiEn from '../../i18n/api.en';
import validationEn from '../../i18n/validation.en';
import { auditTrails, refreshTokens, users } from '../../server/db/schema';
import { loadDemoFixture } from './demoFixture';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { DEMO_PASSWORD, rootTenant, startServer, type TestServer } from './harness';

let server: TestServer;
const session: Record<string, TokenResponse> = {};
const ids: Record<string, string> = {};
const partnerIds: Record<string, string> = {};
let roleIds: Record<string, string>;

beforeAll(async () => {
  server = await startServer();
  const demo = await loadDemoFixture(server);
  Object.assign(ids, demo.userIds);
  Object.assign(partnerIds, demo.partnerIds);
  Object.assign(session, demo.sessions);
  roleIds = demo.roleIds;
});
afterAll(() => server.close());

const as = (email: string) => session[email].token;
const admin = () => as('admin@example.com');
const NOT_ADMINS = ['support@example.com', 'partner.admin@acme.example', 'partner@acme.example'];
const MISSING = '00000000-0000-4000-8000-000000000000';
const GINA = 'partner@globex.example';
const BINH = 'partner@acme.example';

const getUser = (id: string, token = admin()) => server.api<UserDto>('GET', `/api/v1/users/${id}`, { token });
const updateUser = (id: string, body: unknown, token = admin()) => server.api<UserDto>('PUT', `/api/v1/users/${id}`, { token, body });
const deleteUser = (id: string, token = admin()) => server.api<UserDto>('DELETE', `/api/v1/users/${id}`, { token });
const rolesOf = (id: string, token = admin()) => server.api<UserRoleDto[]>('GET', `/api/users/${id}/roles`, { token });
const setRoles = (id: string, userRoles: { roleId: string; roleName?: string; enabled: boolean }[], token = admin()) =>
  server.api<UserRoleDto[]>('POST', `/api/users/${id}/roles`, { token, body: { userRoles } });
const enabledRoles = async (id: string) => (await rolesOf(id)).body.data!.filter((r) => r.enabled).map((r) => r.roleName).sort();
const trail = (id: string, token = admin()) =>
  server.api<{ type: string; tableName: string; primaryKey: string; userId: string; oldValues: unknown; newValues: unknown; affectedColumns: string[]; dateTime: string }[]>(
    'GET',
    `/api/users/${id}/audit-trails`,
    { token },
  );
const auditOf = (table: string, key: string) =>
  server.built.database.db.select().from(auditTrails).where(and(eq(auditTrails.tableName, table), eq(auditTrails.primaryKey, key))).orderBy(desc(auditTrails.dateTime));
const signInCall = (email: string, password = DEMO_PASSWORD) => server.api<TokenResponse>('POST', '/api/token', { body: { email, password }, headers: rootTenant });

const gina = { firstName: 'Gina', lastName: 'Lê', phoneNumber: '+84 90 111 2222', organization: 'Globex operations' };

describe('PUT /api/v1/users/{id}', () => {
  it('Admin changes names, phone and organization; the email stays; the Update audit row has before and after', async () => {
    const answer = await updateUser(ids[GINA], { ...gina, firstName: 'Gina Marie', lastName: 'Lê Thị', email: 'hijack@example.com' });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ id: ids[GINA], firstName: 'Gina Marie', lastName: 'Lê Thị', fullName: 'Gina Marie Lê Thị', phoneNumber: gina.phoneNumber, organization: gina.organization, email: GINA, partnerName: 'Globex Trading' });
    expect((await getUser(ids[GINA])).body.data).toMatchObject({ firstName: 'Gina Marie', email: GINA });
    const [row] = await auditOf('users', ids[GINA]);
    expect(row).toMatchObject({ type: 'Update', userId: ids['admin@example.com'] });
    expect(row.oldValues).toMatchObject({ firstName: 'Gina', lastName: 'Lê', phoneNumber: null, organization: null });
    expect(row.newValues).toMatchObject({ firstName: 'Gina Marie', lastName: 'Lê Thị', phoneNumber: gina.phoneNumber, organization: gina.organization });
    expect(row.affectedColumns).toEqual(expect.arrayContaining(['firstName', 'lastName', 'phoneNumber', 'organization']));
    expect(row.affectedColumns).not.toContain('email');
    expect(JSON.stringify(row)).not.toMatch(/argon2|passwordHash/);
  });

  it('answers under /api too; an empty phone and organization are stored as null', async () => {
    const answer = await server.api<UserDto>('PUT', `/api/users/${ids[GINA]}`, { token: admin(), body: { ...gina, phoneNumber: '', organization: '' } });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ firstName: 'Gina', phoneNumber: null, organization: null });
    expectEnvelope(await updateUser(ids[GINA], gina), 200);
  });

  it('a user read back with no phone or organization (null) saves unchanged, as an edit form sends it', async () => {
    const read = (await getUser(ids[BINH])).body.data!;
    expect(read).toMatchObject({ phoneNumber: null, organization: null });
    const answer = await updateUser(ids[BINH], read);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ email: BINH, phoneNumber: null, organization: null, partnerId: read.partnerId });
  });

  it('names of 100 characters pass; 101 or 256 characters, a bad phone and missing names are refused', async () => {
    const hundred = await updateUser(ids[GINA], { ...gina, firstName: 'F'.repeat(100), lastName: 'L'.repeat(100) });
    expectEnvelope(hundred, 200);
    expect(hundred.body.data!.firstName.length).toBe(100);
    const cases: [object, string[]][] = [
      [{ firstName: 'F'.repeat(101) }, ['firstName']],
      [{ firstName: 'F'.repeat(256), lastName: 'L'.repeat(256) }, ['firstName', 'lastName']],
      [{ phoneNumber: 'phone me' }, ['phoneNumber']],
      [{ phoneNumber: '12345' }, ['phoneNumber']],
      [{ phoneNumber: `+${'9'.repeat(50)}` }, ['phoneNumber']],
      [{ organization: 'o'.repeat(256) }, ['organization']],
      [{ firstName: '', lastName: '   ' }, ['firstName', 'lastName']],
      [{ firstName: 7 }, ['firstName']],
      [{ partnerId: 'globex' }, ['partnerId']],
    ];
    for (const [change, fields] of cases) expectFieldErrors(await refused(server, () => updateUser(ids[GINA], { ...gina, ...change })), fields);
    const long = await updateUser(ids[GINA], { ...gina, firstName: 'F'.repeat(256) });
    expect(fieldMessage(long, 'firstName')).toBe(validationEn.validation.maxLength.replace('%{max}', '100'));
    expect(fieldMessage(await updateUser(ids[GINA], { ...gina, phoneNumber: 'phone me' }), 'phoneNumber')).toBe(validationEn.validation.phone);
    expectFieldErrors(await refused(server, () => updateUser(ids[GINA], {})), ['firstName', 'lastName']);
    expectEnvelope(await updateUser(ids[GINA], gina), 200);
  });

  it('Admin moves a user to another partner; an unknown or deleted partner is refused on partnerId', async () => {
    const moved = await updateUser(ids[GINA], { ...gina, partnerId: partnerIds['Initech Software'] });
    expectEnvelope(moved, 200);
    expect(moved.body.data).toMatchObject({ partnerId: partnerIds['Initech Software'], partnerName: 'Initech Software' });
    const gone = await server.api<PartnerDto>('POST', '/api/v1/partners', {
      token: admin(),
      body: { name: 'Gone Partner', email: 'gone@example.com', type: 'Gone', address: 'Nowhere', phone: '+84 90 000 0001' },
    });
    expectEnvelope(gone, 201);
    expectEnvelope(await server.api('DELETE', `/api/v1/partners/${gone.body.data!.id}`, { token: admin() }), 200);
    for (const partnerId of [MISSING, gone.body.data!.id]) {
      const answer = expectFieldErrors(await refused(server, () => updateUser(ids[GINA], { ...gina, partnerId })), ['partnerId']);
      expect(fieldMessage(answer, 'partnerId')).toBe(apiEn.users.unknownPartner);
    }
    const back = await updateUser(ids[GINA], { ...gina, partnerId: partnerIds['Globex Trading'] });
    expect(back.body.data).toMatchObject({ partnerId: partnerIds['Globex Trading'], partnerName: 'Globex Trading' });
  });

  it('Support, PartnerAdmin and Partner lack Users.Update (403) and nothing changes', async () => {
    for (const email of NOT_ADMINS) expectEnvelope(await refused(server, () => updateUser(ids[GINA], { ...gina, firstName: 'Hacked' }, as(email))), 403, apiEn.api.forbidden);
    expectEnvelope(await refused(server, () => updateUser(ids[BINH], { firstName: 'Self', lastName: 'Made' }, as(BINH))), 403);
  });

  it('an unknown or malformed id answers 404 and changes nothing', async () => {
    for (const id of [MISSING, 'nope', `${ids[GINA]}1`]) expectEnvelope(await refused(server, () => updateUser(id, gina)), 404, apiEn.users.notFound);
  });
});

describe('GET and POST /api/users/{id}/roles', () => {
  it('GET lists every role by priority, each marked enabled when the user holds it', async () => {
    const answer = await rolesOf(ids[BINH]);
    expectEnvelope(answer, 200);
    expect(answer.body.data!.map((r) => [r.roleName, r.enabled])).toEqual([['Admin', false], ['Support', false], ['PartnerAdmin', false], ['Partner', true]]);
    expect(answer.body.data![0]).toMatchObject({ roleId: roleIds.Admin, description: SEEDED_ROLES[0].description });
  });

  it('Admin assigns a role: the user holds its permissions at once; an audit row names the roles before and after', async () => {
    expectEnvelope(await server.api('POST', '/api/v1/partner-users/search', { token: as(BINH), body: {} }), 403);
    const answer = await setRoles(ids[BINH], [
      { roleId: roleIds.PartnerAdmin, roleName: 'PartnerAdmin', enabled: true },
      { roleId: roleIds.Partner, roleName: 'Partner', enabled: true },
    ]);
    expectEnvelope(answer, 200);
    expect(answer.body.data!.filter((r) => r.enabled).map((r) => r.roleName)).toEqual(['PartnerAdmin', 'Partner']);
    expect((await getUser(ids[BINH])).body.data).toMatchObject({ role: 'PartnerAdmin', roleId: roleIds.PartnerAdmin });
    expectEnvelope(await server.api('POST', '/api/v1/partner-users/search', { token: as(BINH), body: {} }), 200);
    const [row] = await auditOf('user_roles', ids[BINH]);
    expect(row).toMatchObject({ type: 'Update', userId: ids['admin@example.com'], oldValues: { roles: ['Partner'] }, newValues: { roles: ['Partner', 'PartnerAdmin'] }, affectedColumns: ['roles'] });
  });

  it('Admin removes it again; roles the body does not name stay as they are', async () => {
    expectEnvelope(await setRoles(ids[BINH], [{ roleId: roleIds.PartnerAdmin, enabled: false }]), 200);
    expect(await enabledRoles(ids[BINH])).toEqual(['Partner']);
    expectEnvelope(await server.api('POST', '/api/v1/partner-users/search', { token: as(BINH), body: {} }), 403);
    const [row] = await auditOf('user_roles', ids[BINH]);
    expect(row).toMatchObject({ oldValues: { roles: ['Partner', 'PartnerAdmin'] }, newValues: { roles: ['Partner'] } });
  });

  it('unknown or malformed roles and malformed bodies answer 400 and change nothing', async () => {
    const unknown = expectFieldErrors(await refused(server, () => setRoles(ids[BINH], [{ roleId: roleIds.Partner, enabled: true }, { roleId: MISSING, enabled: true }])), ['userRoles[1].roleId']);
    expect(fieldMessage(unknown, 'userRoles[1].roleId')).toBe(apiEn.users.unknownRole);
    expectFieldErrors(await refused(server, () => setRoles(ids[BINH], [{ roleId: 'Admin', enabled: true }])), ['userRoles[0].roleId']);
    expectFieldErrors(await refused(server, () => setRoles(ids[BINH], [{ roleId: roleIds.Admin } as never])), ['userRoles[0].enabled']);
    expectFieldErrors(await refused(server, () => server.api('POST', `/api/users/${ids[BINH]}/roles`, { token: admin(), body: {} })), ['userRoles']);
    expectFieldErrors(await refused(server, () => server.api('POST', `/api/users/${ids[BINH]}/roles`, { token: admin(), body: { userRoles: 'Admin' } })), ['userRoles']);
    expectEnvelope(await refused(server, () => setRoles(MISSING, [{ roleId: roleIds.Partner, enabled: true }])), 404);
    expectEnvelope(await refused(server, () => rolesOf('nope')), 404);
  });

  it('Support, PartnerAdmin and Partner lack the UserRoles permissions (403) and nothing changes', async () => {
    for (const email of NOT_ADMINS) {
      expectEnvelope(await refused(server, () => rolesOf(ids[GINA], as(email))), 403, apiEn.api.forbidden);
      expectEnvelope(await refused(server, () => setRoles(ids[GINA], [{ roleId: roleIds.Admin, enabled: true }], as(email))), 403, apiEn.api.forbidden);
    }
  });

  describe('no escalation, once Admin grants Support the UserRoles permissions', () => {
    const support = () => as('support@example.com');
    beforeAll(async () => {
      const current = await server.api<{ permissions: string[] }>('GET', `/api/v1/roles/${roleIds.Support}/permissions`, { token: admin() });
      const answer = await server.api('PUT', `/api/v1/roles/${roleIds.Support}/permissions`, {
        token: admin(),
        body: { permissions: [...current.body.data!.permissions, permission('UserRoles', 'View'), permission('UserRoles', 'Update')] },
      });
      expectEnvelope(answer, 200);
    });

    it('Support reads roles now', async () => {
      expectEnvelope(await rolesOf(ids[GINA], support()), 200);
    });

    it('Support cannot grant Admin (or withdraw it) to anyone, itself included', async () => {
      for (const target of [ids[GINA], ids['support@example.com']]) {
        const answer = expectFieldErrors(await refused(server, () => setRoles(target, [{ roleId: roleIds.Admin, roleName: 'Admin', enabled: true }], support())), ['userRoles'], 403);
        expect(answer.body.message).toBe(apiEn.users.roleOutranks);
      }
      expect(await enabledRoles(ids[GINA])).toEqual(['Partner']);
      expect(await enabledRoles(ids['support@example.com'])).toEqual(['Support']);
    });

    it("Support cannot change the roles of a user who ranks at or above it (Admin's)", async () => {
      const answer = await refused(server, () => setRoles(ids['admin@example.com'], [{ roleId: roleIds.Partner, enabled: true }], support()));
      expectEnvelope(answer, 403, apiEn.users.outranked);
      expectEnvelope(await refused(server, () => setRoles(ids['admin@example.com'], [{ roleId: roleIds.Admin, enabled: false }], support())), 403);
    });

    it('Support may give and take a role ranking below its own', async () => {
      expectEnvelope(await setRoles(ids[GINA], [{ roleId: roleIds.PartnerAdmin, enabled: true }], support()), 200);
      expect(await enabledRoles(ids[GINA])).toEqual(['Partner', 'PartnerAdmin']);
      const [row] = await auditOf('user_roles', ids[GINA]);
      expect(row).toMatchObject({ userId: ids['support@example.com'], newValues: { roles: ['Partner', 'PartnerAdmin'] } });
      expectEnvelope(await setRoles(ids[GINA], [{ roleId: roleIds.PartnerAdmin, enabled: false }], support()), 200);
      expect(await enabledRoles(ids[GINA])).toEqual(['Partner']);
    });

    it('Support still cannot update or delete users (no Users permissions)', async () => {
      expectEnvelope(await refused(server, () => updateUser(ids[GINA], gina, support())), 403);
      expectEnvelope(await refused(server, () => deleteUser(ids[GINA], support())), 403);
    });
  });
});

describe('GET /api/users/{id}/audit-trails', () => {
  it('shows Admin the changes to a user, newest first, with previous and new values', async () => {
    const answer = await trail(ids[GINA]);
    expectEnvelope(answer, 200);
    const rows = answer.body.data!;
    const times = rows.map((r) => Date.parse(r.dateTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const renamed = rows.find((r) => r.tableName === 'users' && (r.newValues as Record<string, unknown>)?.firstName === 'Gina Marie');
    expect(renamed).toMatchObject({ type: 'Update', userId: ids['admin@example.com'], primaryKey: ids[GINA], oldValues: expect.objectContaining({ firstName: 'Gina', phoneNumber: null }) });
    const roleChanges = rows.filter((r) => r.tableName === 'user_roles');
    expect(roleChanges.map((r) => [r.userId, r.oldValues, r.newValues])).toEqual([
      [ids['support@example.com'], { roles: ['Partner', 'PartnerAdmin'] }, { roles: ['Partner'] }],
      [ids['support@example.com'], { roles: ['Partner'] }, { roles: ['Partner', 'PartnerAdmin'] }],
    ]);
    const moved = rows.find((r) => (r.newValues as Record<string, unknown>)?.partnerId === partnerIds['Initech Software']);
    expect(moved?.oldValues).toMatchObject({ partnerId: partnerIds['Globex Trading'] });
    expect(answer.text).not.toMatch(/argon2|passwordHash/);
  });

  it('shows what a user did too: the role changes Support made', async () => {
    const rows = (await trail(ids['support@example.com'])).body.data!;
    expect(rows.filter((r) => r.tableName === 'user_roles' && r.primaryKey === ids[GINA]).length).toBe(2);
  });

  it('Support, PartnerAdmin and Partner lack AuditTrails.View (403); unknown ids 404', async () => {
    for (const email of NOT_ADMINS) expectEnvelope(await refused(server, () => trail(ids[GINA], as(email))), 403, apiEn.api.forbidden);
    expectEnvelope(await refused(server, () => trail(MISSING)), 404);
  });
});

describe('DELETE /api/v1/users/{id}', () => {
  it('nobody deletes themselves (403)', async () => {
    const answer = await refused(server, () => deleteUser(ids['admin@example.com']));
    expectEnvelope(answer, 403, apiEn.users.self);
  });

  it('Support, PartnerAdmin and Partner lack Users.Delete (403) and nothing changes', async () => {
    for (const email of NOT_ADMINS) expectEnvelope(await refused(server, () => deleteUser(ids[GINA], as(email))), 403, apiEn.api.forbidden);
  });

  it('an unknown or malformed id answers 404', async () => {
    for (const id of [MISSING, 'abc']) expectEnvelope(await refused(server, () => deleteUser(id)), 404, apiEn.users.notFound);
  });

  it('Admin deletes a user softly: the row stays, a Delete audit row is written, and the user is gone from reads', async () => {
    const answer = await deleteUser(ids[GINA]);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ id: ids[GINA], email: GINA });
    const [row] = await server.built.database.db.select().from(users).where(eq(users.id, ids[GINA]));
    expect(row).toMatchObject({ isActive: false, email: GINA });
    expect(row.deletedAt).not.toBeNull();
    const [audit] = await auditOf('users', ids[GINA]);
    expect(audit).toMatchObject({ type: 'Delete', userId: ids['admin@example.com'], newValues: null, oldValues: expect.objectContaining({ email: GINA, isActive: true }) });
    expect(audit.oldValues).not.toHaveProperty('passwordHash');
    expectEnvelope(await refused(server, () => getUser(ids[GINA])), 404);
    const list = await server.api<PagedResult<UserDto>>('POST', '/api/v1/users/search', { token: admin(), body: { pageSize: 100 } });
    expect(list.body.data!.items.map((u) => u.email)).not.toContain(GINA);
    expect(list.body.data!.totalCount).toBe(4);
    const everyone = await server.api<UserDto[]>('GET', '/api/users', { token: admin() });
    expect(everyone.body.data!.map((u) => u.email)).not.toContain(GINA);
  });

  it('the deleted user can no longer sign in, use their access token or refresh it', async () => {
    const pair = session[GINA];
    expectEnvelope(await refused(server, () => signInCall(GINA)), 401, apiEn.auth.invalidCredentials);
    expectEnvelope(await server.api('GET', '/api/users/profile', { token: pair.token }), 401);
    expectEnvelope(await server.api('POST', '/api/token/refresh', { body: { token: pair.token, refreshToken: pair.refreshToken }, headers: rootTenant }), 401);
    const live = await server.built.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, ids[GINA]));
    expect(live.every((t) => t.revokedAt !== null)).toBe(true);
  });

  it('a deleted user cannot be deleted, updated or given roles again (404)', async () => {
    expectEnvelope(await refused(server, () => deleteUser(ids[GINA])), 404);
    expectEnvelope(await refused(server, () => updateUser(ids[GINA], gina)), 404);
    expectEnvelope(await refused(server, () => setRoles(ids[GINA], [{ roleId: roleIds.Partner, enabled: true }])), 404);
  });

  it("the deletion shows in the deleting Admin's audit trail", async () => {
    const rows = (await trail(ids['admin@example.com'])).body.data!;
    expect(rows.find((r) => r.type === 'Delete' && r.primaryKey === ids[GINA])).toMatchObject({ tableName: 'users', oldValues: expect.objectContaining({ email: GINA }) });
  });
});
