import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { LANGUAGE_HEADER } from '../../contract/http';
import type { TokenResponse } from '../../contract/tokens';
import type { UserDto, UserRoleDto } from '../../contract/users';
import apiEn from '../../i18n/api.en';
import validationEn from '../../i18n/validation.en';
import validationVi from '../../i18n/validation.vi';
import { auditTrails, roles, users } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/seed/demoData';
import { expectEnvelope, expectFieldErrors, fieldMessage, jwtPayload, refused } from './expectations';
import { linkIn, startServer, type TestServer } from './harness';

let server: TestServer;
const session: Record<string, TokenResponse> = {};
const ids: Record<string, string> = {};
let roleIds: Record<string, string>;

beforeAll(async () => {
  server = await startServer();
  const db = server.built.database.db;
  for (const row of await db.select({ id: users.id, email: users.email }).from(users)) ids[row.email] = row.id;
  roleIds = Object.fromEntries((await db.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [r.name, r.id]));
  for (const email of ['admin@example.com', 'support@example.com', 'partner.admin@acme.example', 'partner@acme.example']) session[email] = await server.signIn(email);
});
afterAll(() => server.close());

const as = (email: string) => session[email].token;
const admin = () => as('admin@example.com');
const NOT_ADMINS = ['support@example.com', 'partner.admin@acme.example', 'partner@acme.example'];
const search = (body: unknown, token = admin()) => server.api<PagedResult<UserDto>>('POST', '/api/v1/users/search', { token, body });
const register = (body: unknown, token = admin()) => server.api<UserDto>('POST', '/api/v1/users/register', { token, body });
const toggle = (id: string, token = admin()) => server.api<UserDto>('POST', `/api/users/${id}/toggle-status`, { token });
const auditOf = (key: string) =>
  server.built.database.db.select().from(auditTrails).where(eq(auditTrails.primaryKey, key)).orderBy(desc(auditTrails.dateTime));

describe('GET /api/users', () => {
  it('Admin lists every user, without password hashes', async () => {
    const answer = await server.api<UserDto[]>('GET', '/api/users', { token: admin() });
    expectEnvelope(answer, 200);
    expect(answer.body.data!.map((u) => u.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    expect(answer.text).not.toMatch(/passwordHash|argon2/);
    expect(answer.body.data!.find((u) => u.email === 'partner@acme.example')).toMatchObject({ role: 'Partner', partnerName: 'Acme Logistics', isActive: true });
  });

  it('Support, PartnerAdmin and Partner get 403; no token gets 401', async () => {
    for (const email of NOT_ADMINS) expectEnvelope(await refused(server, () => server.api('GET', '/api/users', { token: as(email) })), 403, apiEn.api.forbidden);
    expectEnvelope(await refused(server, () => server.api('GET', '/api/v1/users')), 401, apiEn.api.unauthorized);
  });
});

describe('GET /api/users/{id}', () => {
  it('Admin reads one user, under /api and /api/v1', async () => {
    for (const prefix of ['/api', '/api/v1']) {
      const answer = await server.api<UserDto>('GET', `${prefix}/users/${ids['partner@globex.example']}`, { token: admin() });
      expectEnvelope(answer, 200);
      expect(answer.body.data).toMatchObject({ id: ids['partner@globex.example'], email: 'partner@globex.example', partnerName: 'Globex Trading' });
    }
  });

  it('an unknown uuid and an id that is not a uuid answer 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', '1', "1' or '1'='1", `${ids['admin@example.com']}x`]) {
      const answer = await refused(server, () => server.api('GET', `/api/users/${encodeURIComponent(id)}`, { token: admin() }));
      expectEnvelope(answer, 404, apiEn.users.notFound);
    }
  });

  it('without Users.View the answer is 403, even for an existing id', async () => {
    for (const email of NOT_ADMINS) expectEnvelope(await refused(server, () => server.api('GET', `/api/users/${ids['admin@example.com']}`, { token: as(email) })), 403);
  });
});

describe('POST /api/v1/users/search', () => {
  it('pages with pageNumber (1-based) and pageSize, with totalCount over every page', async () => {
    const seen: string[] = [];
    for (const pageNumber of [1, 2, 3]) {
      const answer = await search({ pageNumber, pageSize: 2, orderBy: ['email asc'] });
      expectEnvelope(answer, 200);
      expect(answer.body.data).toMatchObject({ totalCount: 5, currentPage: pageNumber, pageSize: 2 });
      expect(answer.body.data!.items.length).toBe(pageNumber < 3 ? 2 : 1);
      seen.push(...answer.body.data!.items.map((u) => u.email));
    }
    expect(seen).toEqual(DEMO_USERS.map((u) => u.email).sort());
    const past = await search({ pageNumber: 4, pageSize: 2 });
    expect(past.body.data).toMatchObject({ items: [], totalCount: 5, currentPage: 4 });
  });

  it('an empty body gives the first page of 10; the same path without /v1 answers too', async () => {
    const answer = await search({});
    expect(answer.body.data).toMatchObject({ totalCount: 5, currentPage: 1, pageSize: 10 });
    const noBody = await server.api<PagedResult<UserDto>>('POST', '/api/users/search', { token: admin() });
    expectEnvelope(noBody, 200);
    expect(noBody.body.data!.totalCount).toBe(5);
  });

  it('filters by keyword (names, email; any case, accents kept) and by isActive, and sorts by orderBy', async () => {
    const emails = async (body: object) => (await search(body)).body.data!.items.map((u) => u.email).sort();
    expect(await emails({ keyword: 'acme' })).toEqual(['partner.admin@acme.example', 'partner@acme.example']);
    expect(await emails({ advancedSearch: { keyword: 'GLOBEX', fields: ['email'] } })).toEqual(['partner@globex.example']);
    expect(await emails({ keyword: 'Nguyễn' })).toEqual(['partner.admin@acme.example']);
    expect(await emails({ keyword: '%' })).toEqual([]);
    expect(await emails({ keyword: '_' })).toEqual([]);
    expect(await emails({ isActive: false })).toEqual([]);
    const desc = (await search({ orderBy: ['email desc'] })).body.data!.items.map((u) => u.email);
    expect(desc).toEqual(DEMO_USERS.map((u) => u.email).sort().reverse());
  });

  it('bad paging, sorting and filters answer 400 on the field at fault and change nothing', async () => {
    const cases: [object, string[]][] = [
      [{ pageNumber: 0 }, ['pageNumber']],
      [{ pageNumber: -1, pageSize: 0 }, ['pageNumber', 'pageSize']],
      [{ pageSize: 101 }, ['pageSize']],
      [{ pageNumber: '1' }, ['pageNumber']],
      [{ pageNumber: 1.5 }, ['pageNumber']],
      [{ pageSize: null, pageNumber: [] }, ['pageNumber']],
      [{ orderBy: 'email asc' }, ['orderBy']],
      [{ orderBy: ['password_hash asc'] }, ['orderBy']],
      [{ orderBy: ['email; drop table users'] }, ['orderBy[0]']],
      [{ keyword: 'k'.repeat(256) }, ['keyword']],
      [{ isActive: 'yes' }, ['isActive']],
      [{ partnerId: 'acme' }, ['partnerId']],
      [{ advancedSearch: 'acme' }, ['advancedSearch']],
    ];
    for (const [body, fields] of cases) {
      const answer = await refused(server, () => search(body));
      expectFieldErrors(answer, fields);
    }
    const below = await search({ pageSize: 0 });
    expect(fieldMessage(below, 'pageSize')).toBe(validationEn.validation.minValue.replace('%{min}', '1'));
  });

  it('every field error of a search is worded in the client language, never in yup’s own English', async () => {
    const worded = (catalogue: Record<string, string>, message?: string) =>
      Object.values(catalogue).some((template) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/%\{\w+\}/g, '\\d+')}$`).test(message ?? ''));
    for (const [body, field] of [
      [{ pageNumber: 1.5 }, 'pageNumber'],
      [{ partnerId: 'acme' }, 'partnerId'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ orderBy: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'orderBy'],
    ] as const) {
      const en = await search(body);
      expect(worded(validationEn.validation, fieldMessage(en, field)), `${JSON.stringify(body)}: ${fieldMessage(en, field)}`).toBe(true);
      const vi = await server.api('POST', '/api/v1/users/search', { token: admin(), body, headers: { [LANGUAGE_HEADER]: 'vi' } });
      expect(worded(validationVi.validation, fieldMessage(vi, field)), `${JSON.stringify(body)}: ${fieldMessage(vi, field)}`).toBe(true);
    }
  });

  it('Support, PartnerAdmin and Partner get 403', async () => {
    for (const email of NOT_ADMINS) expectEnvelope(await refused(server, () => search({}, as(email))), 403);
  });
});

describe('POST /api/v1/users/register', () => {
  const newcomer = { firstName: 'Linh', lastName: 'Phạm', email: 'linh.pham@example.com', phoneNumber: '+84 90 123 4567', organization: 'Support desk' };

  it('Admin registers an inactive user (201) and an activation mail links /active?email&code', async () => {
    const mails = server.outbox().length;
    const answer = await register(newcomer);
    expectEnvelope(answer, 201, apiEn.users.registered);
    expect(answer.body.data).toMatchObject({ email: newcomer.email, firstName: 'Linh', lastName: 'Phạm', userName: newcomer.email, isActive: false, emailConfirmed: false, role: 'Support', partnerId: null });
    ids[newcomer.email] = answer.body.data!.id;
    expect(server.outbox().length).toBe(mails + 1);
    const mail = server.outbox().at(-1)!;
    expect(mail).toMatch(/^To: linh\.pham@example\.com$/m);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/active');
    expect(link.searchParams.get('email')).toBe(newcomer.email);
    expect(link.searchParams.get('code')!.length).toBeGreaterThanOrEqual(40);
    const [row] = await server.built.database.db.select().from(users).where(eq(users.id, ids[newcomer.email]));
    expect(row.passwordHash).toBeNull();
  });

  it('the registered user activates with confirm-mail, then signs in with their role in the token', async () => {
    const link = linkIn(server.outbox().filter((m) => m.includes('linh.pham@example.com')).at(-1)!);
    const answer = await server.api('POST', '/api/users/confirm-mail', { body: { email: link.searchParams.get('email'), token: link.searchParams.get('code'), password: 'Linh-Pham-2024' } });
    expectEnvelope(answer, 200, apiEn.auth.mailConfirmed);
    const pair = await server.signIn(newcomer.email, 'Linh-Pham-2024');
    expect(jwtPayload(pair.token)).toMatchObject({ email: newcomer.email, role: 'Support', fullName: 'Linh Phạm', phone: '+84 90 123 4567' });
  });

  it('a taken email (any case) answers 409 on the email field and sends no mail', async () => {
    const mails = server.outbox().length;
    for (const email of ['partner@acme.example', 'LINH.PHAM@example.com', ' Admin@Example.com ']) {
      const answer = await refused(server, () => register({ ...newcomer, email }));
      expectFieldErrors(answer, ['email'], 409);
      expect(answer.body.message).toBe(apiEn.users.emailTaken);
    }
    expect(server.outbox().length).toBe(mails);
  });

  it('missing, malformed, wrong-typed and overlong fields answer 400 on each field at fault', async () => {
    const fresh = { ...newcomer, email: 'fresh@example.com' };
    const cases: [object, string[]][] = [
      [{}, ['firstName', 'lastName', 'email']],
      [{ ...fresh, email: 'not-an-email' }, ['email']],
      [{ ...fresh, email: 'two@@example.com' }, ['email']],
      [{ ...fresh, firstName: 'F'.repeat(256), lastName: 'L'.repeat(256) }, ['firstName', 'lastName']],
      [{ ...fresh, email: `${'e'.repeat(250)}@example.com` }, ['email']],
      [{ ...fresh, firstName: 12, lastName: { name: 'x' }, email: true }, ['firstName', 'lastName', 'email']],
      [{ ...fresh, phoneNumber: 'phone me' }, ['phoneNumber']],
      [{ ...fresh, organization: 'o'.repeat(256) }, ['organization']],
      [{ ...fresh, roleId: 'Admin' }, ['roleId']],
      [{ ...fresh, partnerId: 'acme' }, ['partnerId']],
      [{ ...fresh, roleId: '00000000-0000-4000-8000-000000000000' }, ['roleId']],
      [{ ...fresh, partnerId: '00000000-0000-4000-8000-000000000000' }, ['partnerId']],
    ];
    const mails = server.outbox().length;
    for (const [body, fields] of cases) expectFieldErrors(await refused(server, () => register(body)), fields);
    const long = await register({ ...newcomer, email: 'fresh@example.com', firstName: 'F'.repeat(256) });
    expect(fieldMessage(long, 'firstName')).toBe(validationEn.validation.maxLength.replace('%{max}', '100'));
    expect(server.outbox().length).toBe(mails);
  });

  it('Support, PartnerAdmin and Partner get 403 and nothing is made', async () => {
    const mails = server.outbox().length;
    for (const email of NOT_ADMINS) {
      expectEnvelope(await refused(server, () => register({ ...newcomer, email: 'sneaky@example.com', roleId: roleIds.Admin }, as(email))), 403, apiEn.api.forbidden);
    }
    expect(server.outbox().length).toBe(mails);
  });

  it('writes a Create audit row naming who registered whom, without any password hash', async () => {
    const [row] = await auditOf(ids['linh.pham@example.com']).then((rows) => rows.filter((r) => r.type === 'Create'));
    expect(row).toMatchObject({ userId: ids['admin@example.com'], type: 'Create', tableName: 'users', primaryKey: ids['linh.pham@example.com'] });
    expect(row.newValues).toMatchObject({ email: 'linh.pham@example.com', isActive: false, role: 'Support' });
    expect(row.newValues).not.toHaveProperty('passwordHash');
  });
});

describe('POST /api/users/{id}/toggle-status', () => {
  it('Admin deactivates and reactivates a partner user, each with an audit row', async () => {
    const id = ids['partner@acme.example'];
    const off = await toggle(id);
    expectEnvelope(off, 200, apiEn.users.statusChanged);
    expect(off.body.data).toMatchObject({ id, isActive: false });
    expectEnvelope(await server.api('GET', '/api/users/profile', { token: as('partner@acme.example') }), 401);
    const on = await server.api<UserDto>('POST', `/api/v1/users/${id}/toggle-status`, { token: admin() });
    expectEnvelope(on, 200);
    expect(on.body.data!.isActive).toBe(true);

    const rows = (await auditOf(id)).filter((r) => r.tableName === 'users' && r.type === 'Update');
    expect(rows.slice(0, 2).map((r) => [r.oldValues, r.newValues, r.affectedColumns])).toEqual([
      [{ isActive: false }, { isActive: true }, ['isActive']],
      [{ isActive: true }, { isActive: false }, ['isActive']],
    ]);
    expect(rows[0].userId).toBe(ids['admin@example.com']);
    session['partner@acme.example'] = await server.signIn('partner@acme.example');
  });

  it('nobody toggles themselves (403)', async () => {
    const answer = await refused(server, () => toggle(ids['admin@example.com']));
    expectEnvelope(answer, 403, apiEn.users.self);
  });

  it('Support, PartnerAdmin and Partner get 403; unknown and malformed ids 404', async () => {
    for (const email of NOT_ADMINS) expectEnvelope(await refused(server, () => toggle(ids['partner@globex.example'], as(email))), 403, apiEn.api.forbidden);
    expectEnvelope(await refused(server, () => toggle('00000000-0000-4000-8000-000000000000')), 404, apiEn.users.notFound);
    expectEnvelope(await refused(server, () => toggle('not-a-uuid')), 404, apiEn.users.notFound);
  });

  describe('with a second Admin', () => {
    let second: TokenResponse;
    beforeAll(async () => {
      const answer = await register({ firstName: 'Ann', lastName: 'Other', email: 'second.admin@example.com', roleId: roleIds.Admin });
      expectEnvelope(answer, 201);
      ids['second.admin@example.com'] = answer.body.data!.id;
      const link = linkIn(server.outbox().filter((m) => m.includes('second.admin@example.com')).at(-1)!);
      expectEnvelope(await server.api('POST', '/api/users/confirm-mail', { body: { email: 'second.admin@example.com', token: link.searchParams.get('code'), password: 'Second-Admin-1' } }), 200);
      second = await server.signIn('second.admin@example.com', 'Second-Admin-1');
    });

    it('one Admin may deactivate the other while one stays active; the deactivated one is signed out', async () => {
      expectEnvelope(await toggle(ids['admin@example.com'], second.token), 200);
      expectEnvelope(await server.api('GET', '/api/users', { token: admin() }), 401);
      expectEnvelope(await refused(server, () => toggle(ids['second.admin@example.com'], second.token)), 403, apiEn.users.self);
      expectEnvelope(await toggle(ids['admin@example.com'], second.token), 200);
      session['admin@example.com'] = await server.signIn('admin@example.com');
    });

    it('two Admins deactivating each other at the same moment still leave one active Admin', async () => {
      const first = ids['admin@example.com'];
      const other = ids['second.admin@example.com'];
      const activeAdmins = async () =>
        (await server.built.database.db.select({ id: users.id }).from(users).where(eq(users.isActive, true))).filter((r) => r.id === first || r.id === other).map((r) => r.id);
      for (let round = 0; round < 5; round++) {
        // Two open connections first, so that both calls reach the server at once.
        await Promise.all([server.api('GET', '/api/users/permissions', { token: admin() }), server.api('GET', '/api/users/permissions', { token: second.token })]);
        const answers = await Promise.all([toggle(other, admin()), toggle(first, second.token)]);
        for (const answer of answers) expect([200, 401, 409], answer.text).toContain(answer.status);
        const active = await activeAdmins();
        expect(active.length, `round ${round}: ${answers.map((a) => a.status).join(', ')}`).toBeGreaterThanOrEqual(1);
        // An access token outlives a deactivation, so the one still active brings the other back.
        const [still] = active;
        if (active.length === 1) expectEnvelope(await toggle(still === first ? other : first, still === first ? admin() : second.token), 200);
      }
    });

    it('the last active Admin cannot give up the Admin role (409)', async () => {
      expectEnvelope(await toggle(ids['second.admin@example.com']), 200);
      const current = await server.api<UserRoleDto[]>('GET', `/api/users/${ids['admin@example.com']}/roles`, { token: admin() });
      expectEnvelope(current, 200);
      const userRoles = current.body.data!.map((r) => ({ roleId: r.roleId, enabled: r.roleName === 'Support' }));
      const answer = await refused(server, () => server.api('POST', `/api/users/${ids['admin@example.com']}/roles`, { token: admin(), body: { userRoles } }));
      expectEnvelope(answer, 409, apiEn.users.lastAdmin);
    });
  });
});

describe('audit of own profile changes', () => {
  it('a profile update writes an Update row with only the changed fields, by the user themselves', async () => {
    const id = ids['partner@acme.example'];
    const answer = await server.api('PUT', '/api/users/profile', { token: as('partner@acme.example'), body: { firstName: 'Bình Minh', lastName: 'Trần' } });
    expectEnvelope(answer, 200);
    const [row] = (await auditOf(id)).filter((r) => r.userId === id);
    expect(row).toMatchObject({ type: 'Update', tableName: 'users', oldValues: { firstName: 'Bình' }, newValues: { firstName: 'Bình Minh' }, affectedColumns: ['firstName'] });
  });

  it('no audit row anywhere holds a password or its hash', async () => {
    const rows = await server.built.database.db.select().from(auditTrails);
    expect(rows.length).toBeGreaterThan(3);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/argon2|passwordHash|Linh-Pham-2024|Second-Admin-1/);
  });

  it('GET /api/users/{id}/audit-trails shows them to Admin, newest first, and refuses Support (403)', async () => {
    const id = ids['partner@acme.example'];
    const answer = await server.api<{ type: string; dateTime: string }[]>('GET', `/api/users/${id}/audit-trails`, { token: admin() });
    expectEnvelope(answer, 200);
    const times = answer.body.data!.map((r) => Date.parse(r.dateTime));
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expectEnvelope(await refused(server, () => server.api('GET', `/api/users/${id}/audit-trails`, { token: as('support@example.com') })), 403);
  });
});
