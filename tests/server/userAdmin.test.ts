import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { permission } from '../../contract/permissions';
import { SEEDED_ROLES } from '../../contract/roles';
import type { TokenResponse } from '../../contract/tokens';
import type { UserDto, UserRoleDto } from '../../contract/users';
import apiEn from '../../i18n/api.en';
import validationEn from '../../i18n/validation.en';
import { auditTrails, refreshTokens, users } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { useDemoServer, type MadeUser } from './factories';
import { rootTenant } from './harness';

const { server, make, token, userIds: ids, partnerIds, roleIds } = useDemoServer();

const as = (email: string) => token(email);
const admin = () => as('admin@example.com');
const NOT_ADMINS = ['support@example.com', 'partner.admin@acme.example', 'partner@acme.example'];
const MISSING = '00000000-0000-4000-8000-000000000000';

const getUser = (id: string, token = admin()) => server.api<UserDto>('GET', `/api/v1/users/${id}`, { token });
const updateUser = (id: string, body: unknown, token = admin()) => server.api<UserDto>('PUT', `/api/v1/users/${id}`, { token, body });
const deleteUser = (id: string, token = admin()) => server.api<UserDto>('DELETE', `/api/v1/users/${id}`, { token });
const rolesOf = (id: string, token = admin()) => server.api<UserRoleDto[]>('GET', `/api/users/${id}/roles`, { token });
const setRoles = (id: string, userRoles: { roleId: string; roleName?: string; enabled: boolean }[], token = admin()) =>
  server.api<UserRoleDto[]>('POST', `/api/users/${id}/roles`, { token, body: { userRoles } });
const enabledRoles = async (id: string) =>
  (await rolesOf(id)).body
    .data!.filter((r) => r.enabled)
    .map((r) => r.roleName)
    .sort();
type TrailRow = {
  type: string;
  tableName: string;
  primaryKey: string;
  userId: string;
  oldValues: unknown;
  newValues: unknown;
  affectedColumns: string[];
  dateTime: string;
};
/** The first page of a user's audit trail (newest first). */
const trail = (id: string, token = admin()) => server.api<PagedResult<TrailRow>>('GET', `/api/users/${id}/audit-trails?pageSize=100`, { token });
const auditOf = (table: string, key: string) =>
  server.built.database.db
    .select()
    .from(auditTrails)
    .where(and(eq(auditTrails.tableName, table), eq(auditTrails.primaryKey, key)))
    .orderBy(desc(auditTrails.dateTime));
const signInCall = (email: string, password: string) => server.api<TokenResponse>('POST', '/api/token', { body: { email, password }, headers: rootTenant });

const gina = { firstName: 'Gina', lastName: 'Lê', phoneNumber: '+84 90 111 2222', organization: 'Globex operations' };
/** A Partner user of Globex named Gina Lê, with no phone or organization, made for one test. */
const makeGina = () => make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Globex Trading'], firstName: 'Gina', lastName: 'Lê' });
const seededPermissions = (name: string) => SEEDED_ROLES.find((r) => r.name === name)!.permissions;
/** A staff user ranked between Support and PartnerAdmin, holding both roles' permissions and the UserRoles ones. */
const makeRoleManager = () =>
  make.userWith(
    [...new Set([...seededPermissions('Support'), ...seededPermissions('PartnerAdmin'), permission('UserRoles', 'View'), permission('UserRoles', 'Update')])],
    { priority: 20 },
  );

describe('PUT /api/v1/users/{id}', () => {
  it('Admin changes names, phone and organization; the email stays; the Update audit row has before and after', async () => {
    const g = await makeGina();
    const answer = await updateUser(g.id, { ...gina, firstName: 'Gina Marie', lastName: 'Lê Thị', email: 'hijack@example.com' });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({
      id: g.id,
      firstName: 'Gina Marie',
      lastName: 'Lê Thị',
      fullName: 'Gina Marie Lê Thị',
      phoneNumber: gina.phoneNumber,
      organization: gina.organization,
      email: g.email,
      partnerName: 'Globex Trading',
    });
    expect((await getUser(g.id)).body.data).toMatchObject({ firstName: 'Gina Marie', email: g.email });
    const [row] = await auditOf('users', g.id);
    expect(row).toMatchObject({ type: 'Update', userId: ids['admin@example.com'] });
    expect(row.oldValues).toMatchObject({ firstName: 'Gina', lastName: 'Lê', phoneNumber: null, organization: null });
    expect(row.newValues).toMatchObject({ firstName: 'Gina Marie', lastName: 'Lê Thị', phoneNumber: gina.phoneNumber, organization: gina.organization });
    expect(row.affectedColumns).toEqual(expect.arrayContaining(['firstName', 'lastName', 'phoneNumber', 'organization']));
    expect(row.affectedColumns).not.toContain('email');
    expect(JSON.stringify(row)).not.toMatch(/argon2|passwordHash/);
  });

  it('answers under /api too; an empty phone and organization are stored as null', async () => {
    const g = await makeGina();
    const answer = await server.api<UserDto>('PUT', `/api/users/${g.id}`, { token: admin(), body: { ...gina, phoneNumber: '', organization: '' } });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ firstName: 'Gina', phoneNumber: null, organization: null });
    expectEnvelope(await updateUser(g.id, gina), 200);
  });

  it('a user read back with no phone or organization (null) saves unchanged, as an edit form sends it', async () => {
    const g = await makeGina();
    const read = (await getUser(g.id)).body.data!;
    expect(read).toMatchObject({ phoneNumber: null, organization: null });
    const answer = await updateUser(g.id, read);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ email: g.email, phoneNumber: null, organization: null, partnerId: read.partnerId });
  });

  it('names of 100 characters pass; 101 or 256 characters, a bad phone and missing names are refused', async () => {
    const g = await makeGina();
    const hundred = await updateUser(g.id, { ...gina, firstName: 'F'.repeat(100), lastName: 'L'.repeat(100) });
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
    for (const [change, fields] of cases) expectFieldErrors(await refused(server, () => updateUser(g.id, { ...gina, ...change })), fields);
    const long = await updateUser(g.id, { ...gina, firstName: 'F'.repeat(256) });
    expect(fieldMessage(long, 'firstName')).toBe(validationEn.validation.maxLength.replace('%{max}', '100'));
    expect(fieldMessage(await updateUser(g.id, { ...gina, phoneNumber: 'phone me' }), 'phoneNumber')).toBe(validationEn.validation.phone);
    expectFieldErrors(await refused(server, () => updateUser(g.id, {})), ['firstName', 'lastName']);
    expectEnvelope(await updateUser(g.id, gina), 200);
  });

  it('Admin moves a user to another partner; an unknown or deleted partner is refused on partnerId', async () => {
    const g = await makeGina();
    const moved = await updateUser(g.id, { ...gina, partnerId: partnerIds['Initech Software'] });
    expectEnvelope(moved, 200);
    expect(moved.body.data).toMatchObject({ partnerId: partnerIds['Initech Software'], partnerName: 'Initech Software' });
    const gone = await make.partner();
    expectEnvelope(await server.api('DELETE', `/api/v1/partners/${gone.id}`, { token: admin() }), 200);
    for (const partnerId of [MISSING, gone.id]) {
      const answer = expectFieldErrors(await refused(server, () => updateUser(g.id, { ...gina, partnerId })), ['partnerId']);
      expect(fieldMessage(answer, 'partnerId')).toBe(apiEn.users.unknownPartner);
    }
    const back = await updateUser(g.id, { ...gina, partnerId: partnerIds['Globex Trading'] });
    expect(back.body.data).toMatchObject({ partnerId: partnerIds['Globex Trading'], partnerName: 'Globex Trading' });
  });

  it('Support, PartnerAdmin and Partner lack Users.Update (403) and nothing changes', async () => {
    const g = await makeGina();
    for (const email of NOT_ADMINS)
      expectEnvelope(await refused(server, () => updateUser(g.id, { ...gina, firstName: 'Hacked' }, as(email))), 403, apiEn.api.forbidden);
    expectEnvelope(
      await refused(server, () => updateUser(ids['partner@acme.example'], { firstName: 'Self', lastName: 'Made' }, as('partner@acme.example'))),
      403,
    );
  });

  it('an unknown or malformed id answers 404 and changes nothing', async () => {
    for (const id of [MISSING, 'nope', `${ids['partner@globex.example']}1`])
      expectEnvelope(await refused(server, () => updateUser(id, gina)), 404, apiEn.users.notFound);
  });
});

describe('GET and POST /api/users/{id}/roles', () => {
  /** A Partner user of Acme, made for one test. */
  const makeBinh = () => make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'], firstName: 'Bình', lastName: 'Trần' });

  it('GET lists every role by priority, each marked enabled when the user holds it', async () => {
    const answer = await rolesOf(ids['partner@acme.example']);
    expectEnvelope(answer, 200);
    expect(answer.body.data!.map((r) => [r.roleName, r.enabled])).toEqual([
      ['Admin', false],
      ['Support', false],
      ['PartnerAdmin', false],
      ['Partner', true],
    ]);
    expect(answer.body.data![0]).toMatchObject({ roleId: roleIds.Admin, description: SEEDED_ROLES[0].description });
  });

  it('Admin assigns a role: the user holds its permissions at once; an audit row names the roles before and after', async () => {
    const binh = await makeBinh();
    expectEnvelope(await server.api('POST', '/api/v1/partner-users/search', { token: binh.token, body: {} }), 403);
    const answer = await setRoles(binh.id, [
      { roleId: roleIds.PartnerAdmin, roleName: 'PartnerAdmin', enabled: true },
      { roleId: roleIds.Partner, roleName: 'Partner', enabled: true },
    ]);
    expectEnvelope(answer, 200);
    expect(answer.body.data!.filter((r) => r.enabled).map((r) => r.roleName)).toEqual(['PartnerAdmin', 'Partner']);
    expect((await getUser(binh.id)).body.data).toMatchObject({ role: 'PartnerAdmin', roleId: roleIds.PartnerAdmin });
    expectEnvelope(await server.api('POST', '/api/v1/partner-users/search', { token: binh.token, body: {} }), 200);
    const [row] = await auditOf('user_roles', binh.id);
    expect(row).toMatchObject({
      type: 'Update',
      userId: ids['admin@example.com'],
      oldValues: { roles: ['Partner'] },
      newValues: { roles: ['Partner', 'PartnerAdmin'] },
      affectedColumns: ['roles'],
    });
  });

  it('Admin removes a role again; roles the body does not name stay as they are', async () => {
    const binh = await makeBinh();
    expectEnvelope(await setRoles(binh.id, [{ roleId: roleIds.PartnerAdmin, enabled: true }]), 200);
    expectEnvelope(await server.api('POST', '/api/v1/partner-users/search', { token: binh.token, body: {} }), 200);
    expectEnvelope(await setRoles(binh.id, [{ roleId: roleIds.PartnerAdmin, enabled: false }]), 200);
    expect(await enabledRoles(binh.id)).toEqual(['Partner']);
    expectEnvelope(await server.api('POST', '/api/v1/partner-users/search', { token: binh.token, body: {} }), 403);
    const [row] = await auditOf('user_roles', binh.id);
    expect(row).toMatchObject({ oldValues: { roles: ['Partner', 'PartnerAdmin'] }, newValues: { roles: ['Partner'] } });
  });

  it('unknown or malformed roles and malformed bodies answer 400 and change nothing', async () => {
    const binh = await makeBinh();
    const unknown = expectFieldErrors(
      await refused(server, () =>
        setRoles(binh.id, [
          { roleId: roleIds.Partner, enabled: true },
          { roleId: MISSING, enabled: true },
        ]),
      ),
      ['userRoles[1].roleId'],
    );
    expect(fieldMessage(unknown, 'userRoles[1].roleId')).toBe(apiEn.users.unknownRole);
    expectFieldErrors(await refused(server, () => setRoles(binh.id, [{ roleId: 'Admin', enabled: true }])), ['userRoles[0].roleId']);
    expectFieldErrors(await refused(server, () => setRoles(binh.id, [{ roleId: roleIds.Admin } as never])), ['userRoles[0].enabled']);
    expectFieldErrors(await refused(server, () => server.api('POST', `/api/users/${binh.id}/roles`, { token: admin(), body: {} })), ['userRoles']);
    expectFieldErrors(await refused(server, () => server.api('POST', `/api/users/${binh.id}/roles`, { token: admin(), body: { userRoles: 'Admin' } })), [
      'userRoles',
    ]);
    expectEnvelope(await refused(server, () => setRoles(MISSING, [{ roleId: roleIds.Partner, enabled: true }])), 404);
    expectEnvelope(await refused(server, () => rolesOf('nope')), 404);
  });

  it('Support, PartnerAdmin and Partner lack the UserRoles permissions (403) and nothing changes', async () => {
    const target = ids['partner@globex.example'];
    for (const email of NOT_ADMINS) {
      expectEnvelope(await refused(server, () => rolesOf(target, as(email))), 403, apiEn.api.forbidden);
      expectEnvelope(await refused(server, () => setRoles(target, [{ roleId: roleIds.Admin, enabled: true }], as(email))), 403, apiEn.api.forbidden);
    }
  });

  describe('no escalation by a role manager (a staff role below Support holding the UserRoles permissions)', () => {
    it('reads roles', async () => {
      const manager = await makeRoleManager();
      expectEnvelope(await rolesOf(ids['partner@globex.example'], manager.token), 200);
    });

    it('cannot grant Admin (or withdraw it) to anyone, itself included', async () => {
      const manager = await makeRoleManager();
      const g = await makeGina();
      for (const target of [g.id, manager.id]) {
        const answer = expectFieldErrors(
          await refused(server, () => setRoles(target, [{ roleId: roleIds.Admin, roleName: 'Admin', enabled: true }], manager.token)),
          ['userRoles'],
          403,
        );
        expect(answer.body.message).toBe(apiEn.users.roleOutranks);
      }
      expect(await enabledRoles(g.id)).toEqual(['Partner']);
      expect(await enabledRoles(manager.id)).toEqual([manager.role.name]);
    });

    it("cannot change the roles of a user who ranks at or above it (Admin's)", async () => {
      const manager = await makeRoleManager();
      const answer = await refused(server, () => setRoles(ids['admin@example.com'], [{ roleId: roleIds.Partner, enabled: true }], manager.token));
      expectEnvelope(answer, 403, apiEn.users.outranked);
      expectEnvelope(await refused(server, () => setRoles(ids['admin@example.com'], [{ roleId: roleIds.Admin, enabled: false }], manager.token)), 403);
    });

    it('may give and take a role ranking below its own, with an audit row naming it', async () => {
      const manager = await makeRoleManager();
      const g = await makeGina();
      expectEnvelope(await setRoles(g.id, [{ roleId: roleIds.PartnerAdmin, enabled: true }], manager.token), 200);
      expect(await enabledRoles(g.id)).toEqual(['Partner', 'PartnerAdmin']);
      const [row] = await auditOf('user_roles', g.id);
      expect(row).toMatchObject({ userId: manager.id, newValues: { roles: ['Partner', 'PartnerAdmin'] } });
      expectEnvelope(await setRoles(g.id, [{ roleId: roleIds.PartnerAdmin, enabled: false }], manager.token), 200);
      expect(await enabledRoles(g.id)).toEqual(['Partner']);
    });

    it('still cannot update or delete users (no Users permissions)', async () => {
      const manager = await makeRoleManager();
      const g = await makeGina();
      expectEnvelope(await refused(server, () => updateUser(g.id, gina, manager.token)), 403);
      expectEnvelope(await refused(server, () => deleteUser(g.id, manager.token)), 403);
    });
  });
});

describe('GET /api/users/{id}/audit-trails', () => {
  /** Gina renamed by Admin, moved to Initech and back, and given PartnerAdmin and back by a role manager. */
  async function ginaWithHistory() {
    const g = await makeGina();
    const manager = await makeRoleManager();
    expectEnvelope(await updateUser(g.id, { ...gina, firstName: 'Gina Marie', phoneNumber: gina.phoneNumber }), 200);
    expectEnvelope(await updateUser(g.id, { ...gina, partnerId: partnerIds['Initech Software'] }), 200);
    expectEnvelope(await updateUser(g.id, { ...gina, partnerId: partnerIds['Globex Trading'] }), 200);
    expectEnvelope(await setRoles(g.id, [{ roleId: roleIds.PartnerAdmin, enabled: true }], manager.token), 200);
    expectEnvelope(await setRoles(g.id, [{ roleId: roleIds.PartnerAdmin, enabled: false }], manager.token), 200);
    return { g, manager };
  }

  it('shows Admin the changes to a user, newest first, with previous and new values', async () => {
    const { g, manager } = await ginaWithHistory();
    const answer = await trail(g.id);
    expectEnvelope(answer, 200);
    const rows = answer.body.data!.items;
    const times = rows.map((r) => Date.parse(r.dateTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const renamed = rows.find((r) => r.tableName === 'users' && (r.newValues as Record<string, unknown>)?.firstName === 'Gina Marie');
    expect(renamed).toMatchObject({
      type: 'Update',
      userId: ids['admin@example.com'],
      primaryKey: g.id,
      oldValues: expect.objectContaining({ firstName: 'Gina', phoneNumber: null }),
    });
    const roleChanges = rows.filter((r) => r.tableName === 'user_roles');
    expect(roleChanges.map((r) => [r.userId, r.oldValues, r.newValues])).toEqual([
      [manager.id, { roles: ['Partner', 'PartnerAdmin'] }, { roles: ['Partner'] }],
      [manager.id, { roles: ['Partner'] }, { roles: ['Partner', 'PartnerAdmin'] }],
    ]);
    const moved = rows.find((r) => (r.newValues as Record<string, unknown>)?.partnerId === partnerIds['Initech Software']);
    expect(moved?.oldValues).toMatchObject({ partnerId: partnerIds['Globex Trading'] });
    expect(answer.text).not.toMatch(/argon2|passwordHash/);
  });

  it('shows what a user did too: the role changes a manager made', async () => {
    const { g, manager } = await ginaWithHistory();
    const rows = (await trail(manager.id)).body.data!.items;
    expect(rows.filter((r) => r.tableName === 'user_roles' && r.primaryKey === g.id).length).toBe(2);
  });

  it('Support, PartnerAdmin and Partner lack AuditTrails.View (403); unknown ids 404', async () => {
    for (const email of NOT_ADMINS) expectEnvelope(await refused(server, () => trail(ids['partner@globex.example'], as(email))), 403, apiEn.api.forbidden);
    expectEnvelope(await refused(server, () => trail(MISSING)), 404);
  });
});

describe('DELETE /api/v1/users/{id}', () => {
  it('nobody deletes themselves (403)', async () => {
    const answer = await refused(server, () => deleteUser(ids['admin@example.com']));
    expectEnvelope(answer, 403, apiEn.users.self);
  });

  it('Support, PartnerAdmin and Partner lack Users.Delete (403) and nothing changes', async () => {
    for (const email of NOT_ADMINS) expectEnvelope(await refused(server, () => deleteUser(ids['partner@globex.example'], as(email))), 403, apiEn.api.forbidden);
  });

  it('an unknown or malformed id answers 404', async () => {
    for (const id of [MISSING, 'abc']) expectEnvelope(await refused(server, () => deleteUser(id)), 404, apiEn.users.notFound);
  });

  /** Gina deleted by Admin, with the session she had. */
  async function deletedGina(): Promise<{ g: MadeUser; pair: TokenResponse; answer: Awaited<ReturnType<typeof deleteUser>> }> {
    const g = await makeGina();
    return { g, pair: g.session, answer: await deleteUser(g.id) };
  }

  it('Admin deletes a user softly: the row stays, a Delete audit row is written, and the user is gone from reads', async () => {
    const before = (await server.api<PagedResult<UserDto>>('POST', '/api/v1/users/search', { token: admin(), body: { pageSize: 100 } })).body.data!.totalCount;
    const { g, answer } = await deletedGina();
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ id: g.id, email: g.email });
    const [row] = await server.built.database.db.select().from(users).where(eq(users.id, g.id));
    expect(row).toMatchObject({ isActive: false, email: g.email });
    expect(row.deletedAt).not.toBeNull();
    const [audit] = await auditOf('users', g.id);
    expect(audit).toMatchObject({
      type: 'Delete',
      userId: ids['admin@example.com'],
      newValues: null,
      oldValues: expect.objectContaining({ email: g.email, isActive: true }),
    });
    expect(audit.oldValues).not.toHaveProperty('passwordHash');
    expectEnvelope(await refused(server, () => getUser(g.id)), 404);
    const list = await server.api<PagedResult<UserDto>>('POST', '/api/v1/users/search', { token: admin(), body: { pageSize: 100 } });
    expect(list.body.data!.items.map((u) => u.email)).not.toContain(g.email);
    expect(list.body.data!.totalCount).toBe(before);
    const everyone = await server.api<PagedResult<UserDto>>('GET', '/api/users?pageSize=100', { token: admin() });
    expect(everyone.body.data!.items.map((u) => u.email)).not.toContain(g.email);
  });

  it('the deleted user can no longer sign in, use their access token or refresh it', async () => {
    const { g, pair } = await deletedGina();
    expectEnvelope(await refused(server, () => signInCall(g.email, g.password)), 401, apiEn.auth.invalidCredentials);
    expectEnvelope(await server.api('GET', '/api/users/profile', { token: pair.token }), 401);
    expectEnvelope(await server.api('POST', '/api/token/refresh', { body: { token: pair.token, refreshToken: pair.refreshToken }, headers: rootTenant }), 401);
    const live = await server.built.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, g.id));
    expect(live.every((t) => t.revokedAt !== null)).toBe(true);
  });

  it('a deleted user cannot be deleted, updated or given roles again (404)', async () => {
    const { g } = await deletedGina();
    expectEnvelope(await refused(server, () => deleteUser(g.id)), 404);
    expectEnvelope(await refused(server, () => updateUser(g.id, gina)), 404);
    expectEnvelope(await refused(server, () => setRoles(g.id, [{ roleId: roleIds.Partner, enabled: true }])), 404);
  });

  it("the deletion shows in the deleting Admin's audit trail", async () => {
    const { g } = await deletedGina();
    const rows = (await trail(ids['admin@example.com'])).body.data!.items;
    expect(rows.find((r) => r.type === 'Delete' && r.primaryKey === g.id)).toMatchObject({
      tableName: 'users',
      oldValues: expect.objectContaining({ email: g.email }),
    });
  });
});
