import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { LANGUAGE_HEADER, MAX_PAGE_SIZE } from '../../contract/http';
import type { UserDto, UserRoleDto } from '../../contract/users';
import apiEn from '../../i18n/api.en';
import validationEn from '../../i18n/validation.en';
import validationVi from '../../i18n/validation.vi';
import { auditTrails, users } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/modules/users/users.demo';
import { expectEnvelope, expectFieldErrors, fieldMessage, jwtPayload, refused } from './expectations';
import { unique, useDemoServer } from './factories';
import { linkIn } from './harness';

const { server, make, token, userIds: ids, roleIds, partnerIds, signInAgain } = useDemoServer();

const as = (email: string) => token(email);
const admin = () => as('admin@example.com');
const NOT_ADMINS = ['support@example.com', 'partner.admin@acme.example', 'partner@acme.example'];
const search = (body: unknown, token = admin()) => server.api<PagedResult<UserDto>>('POST', '/api/v1/users/search', { token, body });
const register = (body: unknown, token = admin()) => server.api<UserDto>('POST', '/api/v1/users/register', { token, body });
const toggle = (id: string, token = admin()) => server.api<UserDto>('POST', `/api/users/${id}/toggle-status`, { token });
const auditOf = (key: string) => server.built.database.db.select().from(auditTrails).where(eq(auditTrails.primaryKey, key)).orderBy(desc(auditTrails.dateTime));
/** A newcomer whose email no other test uses. */
const newcomer = () => ({
  firstName: 'Linh',
  lastName: 'Phạm',
  email: `linh.${unique('lp')}@example.com`,
  phoneNumber: '+84 90 123 4567',
  organization: 'Support desk',
});
/** Registers through the API, with the user's deletion queued for after the test. */
const registered = async (body: { email: string } & object) => {
  const answer = await register(body);
  expectEnvelope(answer, 201, apiEn.users.registered);
  make.onCleanup(() => server.api('DELETE', `/api/v1/users/${answer.body.data!.id}`, { token: admin() }));
  return answer.body.data!;
};

describe('GET /api/users', () => {
  it('Admin lists every user, a page at a time with the total, without password hashes', async () => {
    const answer = await server.api<PagedResult<UserDto>>('GET', '/api/users?pageSize=100', { token: admin() });
    expectEnvelope(answer, 200);
    expect(answer.body.data!.items.map((u) => u.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    expect(answer.body.data!.totalCount).toBe(DEMO_USERS.length);
    expect(answer.text).not.toMatch(/passwordHash|argon2/);
    expect(answer.body.data!.items.find((u) => u.email === 'partner@acme.example')).toMatchObject({
      role: 'Partner',
      partnerName: 'Acme Logistics',
      isActive: true,
    });
  });

  it('Support, PartnerAdmin and Partner get 403; no token gets 401', async () => {
    for (const email of NOT_ADMINS)
      expectEnvelope(await refused(server, () => server.api('GET', '/api/users', { token: as(email) })), 403, apiEn.api.forbidden);
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
    for (const email of NOT_ADMINS)
      expectEnvelope(await refused(server, () => server.api('GET', `/api/users/${ids['admin@example.com']}`, { token: as(email) })), 403);
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
    expect(desc).toEqual(
      DEMO_USERS.map((u) => u.email)
        .sort()
        .reverse(),
    );
  });

  it('bad paging, sorting and filters answer 400 on the field at fault and change nothing', async () => {
    const cases: [object, string[]][] = [
      [{ pageNumber: 0 }, ['pageNumber']],
      [{ pageNumber: -1, pageSize: 0 }, ['pageNumber', 'pageSize']],
      [{ pageSize: MAX_PAGE_SIZE + 1 }, ['pageSize']],
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
      Object.values(catalogue).some((template) =>
        new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/%\{\w+\}/g, '\\d+')}$`).test(message ?? ''),
      );
    for (const [body, field] of [
      [{ pageNumber: 1.5 }, 'pageNumber'],
      [{ partnerId: 'acme' }, 'partnerId'],
      [{ pageSize: MAX_PAGE_SIZE + 1 }, 'pageSize'],
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
  it('Admin registers an inactive user (201) and an activation mail links /active?email&code', async () => {
    const body = newcomer();
    const mails = server.outbox().length;
    const user = await registered(body);
    expect(user).toMatchObject({
      email: body.email,
      firstName: 'Linh',
      lastName: 'Phạm',
      userName: body.email,
      isActive: false,
      emailConfirmed: false,
      role: 'Support',
      partnerId: null,
    });
    expect(server.outbox().length).toBe(mails + 1);
    const mail = server.outbox().at(-1)!;
    expect(mail).toMatch(new RegExp(`^To: ${body.email.replace(/\./g, '\\.')}$`, 'm'));
    const link = linkIn(mail);
    expect(link.pathname).toBe('/active');
    expect(link.searchParams.get('email')).toBe(body.email);
    expect(link.searchParams.get('code')!.length).toBeGreaterThanOrEqual(40);
    const [row] = await server.built.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toBeNull();
  });

  it('the registered user activates with confirm-mail, then signs in with their role in the token', async () => {
    const body = newcomer();
    await registered(body);
    const link = linkIn(
      server
        .outbox()
        .filter((m) => m.includes(body.email))
        .at(-1)!,
    );
    const answer = await server.api('POST', '/api/users/confirm-mail', {
      body: { email: link.searchParams.get('email'), token: link.searchParams.get('code'), password: 'Linh-Pham-2024' },
    });
    expectEnvelope(answer, 200, apiEn.auth.mailConfirmed);
    const pair = await server.signIn(body.email, 'Linh-Pham-2024');
    expect(jwtPayload(pair.token)).toMatchObject({ email: body.email, role: 'Support', fullName: 'Linh Phạm', phone: '+84 90 123 4567' });
  });

  it('a taken email (any case) answers 409 on the email field and sends no mail', async () => {
    const body = newcomer();
    await registered(body);
    const mails = server.outbox().length;
    for (const email of ['partner@acme.example', body.email.toUpperCase(), ' Admin@Example.com ']) {
      const answer = await refused(server, () => register({ ...body, email }));
      expectFieldErrors(answer, ['email'], 409);
      expect(answer.body.message).toBe(apiEn.users.emailTaken);
    }
    expect(server.outbox().length).toBe(mails);
  });

  it('missing, malformed, wrong-typed and overlong fields answer 400 on each field at fault', async () => {
    const fresh = newcomer();
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
    const long = await register({ ...fresh, firstName: 'F'.repeat(256) });
    expect(fieldMessage(long, 'firstName')).toBe(validationEn.validation.maxLength.replace('%{max}', '100'));
    expect(server.outbox().length).toBe(mails);
  });

  it('Support, PartnerAdmin and Partner get 403 and nothing is made', async () => {
    const mails = server.outbox().length;
    for (const email of NOT_ADMINS) {
      expectEnvelope(await refused(server, () => register({ ...newcomer(), roleId: roleIds.Admin }, as(email))), 403, apiEn.api.forbidden);
    }
    expect(server.outbox().length).toBe(mails);
  });

  it('writes a Create audit row naming who registered whom, without any password hash', async () => {
    const body = newcomer();
    const user = await registered(body);
    const [row] = await auditOf(user.id).then((rows) => rows.filter((r) => r.type === 'Create'));
    expect(row).toMatchObject({ userId: ids['admin@example.com'], type: 'Create', tableName: 'users', primaryKey: user.id });
    expect(row.newValues).toMatchObject({ email: body.email, isActive: false, role: 'Support' });
    expect(row.newValues).not.toHaveProperty('passwordHash');
  });
});

describe('POST /api/users/{id}/toggle-status', () => {
  it('Admin deactivates and reactivates a partner user, each with an audit row', async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    const off = await toggle(user.id);
    expectEnvelope(off, 200, apiEn.users.statusChanged);
    expect(off.body.data).toMatchObject({ id: user.id, isActive: false });
    expectEnvelope(await server.api('GET', '/api/users/profile', { token: user.token }), 401);
    const on = await server.api<UserDto>('POST', `/api/v1/users/${user.id}/toggle-status`, { token: admin() });
    expectEnvelope(on, 200);
    expect(on.body.data!.isActive).toBe(true);

    const rows = (await auditOf(user.id)).filter((r) => r.tableName === 'users' && r.type === 'Update');
    expect(rows.slice(0, 2).map((r) => [r.oldValues, r.newValues, r.affectedColumns])).toEqual([
      [{ isActive: false }, { isActive: true }, ['isActive']],
      [{ isActive: true }, { isActive: false }, ['isActive']],
    ]);
    expect(rows[0].userId).toBe(ids['admin@example.com']);
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

  it('one Admin may deactivate another while one stays active; the deactivated one is signed out', async () => {
    const [first, second] = [await make.user({ roleId: roleIds.Admin }), await make.user({ roleId: roleIds.Admin })];
    expectEnvelope(await toggle(first.id, second.token), 200);
    expectEnvelope(await server.api('GET', '/api/users', { token: first.token }), 401);
    expectEnvelope(await refused(server, () => toggle(second.id, second.token)), 403, apiEn.users.self);
    expectEnvelope(await toggle(first.id, second.token), 200);
  });

  describe('when two Admins are the only active ones (the seeded Admin deactivated for the test)', () => {
    type Admin = Awaited<ReturnType<typeof make.user>>;
    /** Runs `body` with two new Admins and the seeded one deactivated; brings it back (signed in anew) whatever happens. */
    async function withoutSeededAdmin(body: (first: Admin, second: Admin) => Promise<void>) {
      const [first, second] = [await make.user({ roleId: roleIds.Admin }), await make.user({ roleId: roleIds.Admin })];
      expectEnvelope(await toggle(ids['admin@example.com'], first.token), 200);
      try {
        await body(first, second);
      } finally {
        for (const admin of [first, second]) {
          const [seeded] = await server.built.database.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, ids['admin@example.com']));
          if (!seeded.isActive) await toggle(ids['admin@example.com'], admin.token);
        }
        await signInAgain('admin@example.com');
      }
    }

    it('two Admins deactivating each other at the same moment still leave one active Admin', async () => {
      await withoutSeededAdmin(async (first, second) => {
        const activeAdmins = async () =>
          (await server.built.database.db.select({ id: users.id }).from(users).where(eq(users.isActive, true)))
            .filter((r) => r.id === first.id || r.id === second.id)
            .map((r) => r.id);
        for (let round = 0; round < 5; round++) {
          // Two open connections first, so that both calls reach the server at once.
          await Promise.all([
            server.api('GET', '/api/users/permissions', { token: first.token }),
            server.api('GET', '/api/users/permissions', { token: second.token }),
          ]);
          const answers = await Promise.all([toggle(second.id, first.token), toggle(first.id, second.token)]);
          for (const answer of answers) expect([200, 401, 409], answer.text).toContain(answer.status);
          const active = await activeAdmins();
          expect(active.length, `round ${round}: ${answers.map((a) => a.status).join(', ')}`).toBeGreaterThanOrEqual(1);
          // An access token outlives a deactivation, so the one still active brings the other back.
          const [still] = active;
          if (active.length === 1)
            expectEnvelope(await toggle(still === first.id ? second.id : first.id, still === first.id ? first.token : second.token), 200);
        }
      });
    });

    it('the last active Admin cannot give up the Admin role (409)', async () => {
      await withoutSeededAdmin(async (first, second) => {
        expectEnvelope(await toggle(second.id, first.token), 200);
        const current = await server.api<UserRoleDto[]>('GET', `/api/users/${first.id}/roles`, { token: first.token });
        expectEnvelope(current, 200);
        const userRoles = current.body.data!.map((r) => ({ roleId: r.roleId, enabled: r.roleName === 'Support' }));
        const answer = await refused(server, () => server.api('POST', `/api/users/${first.id}/roles`, { token: first.token, body: { userRoles } }));
        expectEnvelope(answer, 409, apiEn.users.lastAdmin);
        expectEnvelope(await toggle(second.id, first.token), 200);
      });
    });
  });
});

describe('audit of own profile changes', () => {
  it('a profile update writes an Update row with only the changed fields, by the user themselves', async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'], firstName: 'Bình', lastName: 'Trần' });
    const answer = await server.api('PUT', '/api/users/profile', { token: user.token, body: { firstName: 'Bình Minh', lastName: 'Trần' } });
    expectEnvelope(answer, 200);
    const [row] = (await auditOf(user.id)).filter((r) => r.userId === user.id && r.tableName === 'users');
    expect(row).toMatchObject({
      type: 'Update',
      tableName: 'users',
      oldValues: { firstName: 'Bình' },
      newValues: { firstName: 'Bình Minh' },
      affectedColumns: ['firstName'],
    });
  });

  it('no audit row anywhere holds a password or its hash', async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    expectEnvelope(
      await server.api('POST', '/api/users/change-password', {
        token: user.token,
        body: { password: user.password, newPassword: 'Another-Secret-2024', confirmNewPassword: 'Another-Secret-2024' },
      }),
      200,
    );
    const rows = await server.built.database.db.select().from(auditTrails);
    expect(rows.length).toBeGreaterThan(3);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(new RegExp(`argon2|passwordHash|${user.password}|Another-Secret-2024`));
  });

  it('GET /api/users/{id}/audit-trails shows them to Admin, newest first, and refuses Support (403)', async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    expectEnvelope(await server.api('PUT', '/api/users/profile', { token: user.token, body: { firstName: 'Renamed', lastName: 'Once' } }), 200);
    const answer = await server.api<PagedResult<{ type: string; dateTime: string }>>('GET', `/api/users/${user.id}/audit-trails`, { token: admin() });
    expectEnvelope(answer, 200);
    const times = answer.body.data!.items.map((r) => Date.parse(r.dateTime));
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expectEnvelope(await refused(server, () => server.api('GET', `/api/users/${user.id}/audit-trails`, { token: as('support@example.com') })), 403);
  });
});
