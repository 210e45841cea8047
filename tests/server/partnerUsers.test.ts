import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { UserDto } from '../../contract/users';
import apiEn from '../../i18n/api.en';
import { auditTrails } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { unique, useDemoServer } from './factories';
import { linkIn, type ApiAnswer } from './harness';

const { server, make, token, userIds: ids, partnerIds, roleIds } = useDemoServer();

const as = (email: string) => token(email);
const ACME_ADMIN = 'partner.admin@acme.example';
const ACME_USER = 'partner@acme.example';
const GLOBEX_USER = 'partner@globex.example';
const acmeAdmin = () => as(ACME_ADMIN);
const admin = () => as('admin@example.com');
const MISSING = '00000000-0000-4000-8000-000000000000';

const search = (body: unknown, token = acmeAdmin()) => server.api<PagedResult<UserDto>>('POST', '/api/v1/partner-users/search', { token, body });
const emails = async (body: object, token = acmeAdmin()) => {
  const answer = await search({ pageSize: 100, ...body }, token);
  expectEnvelope(answer, 200);
  return answer.body.data!.items.map((u) => u.email).sort();
};
const get = (id: string, token = acmeAdmin()) => server.api<UserDto>('GET', `/api/v1/partner-users/${id}`, { token });
const invite = (body: unknown, token = acmeAdmin()) => server.api<UserDto>('POST', '/api/v1/partner-users', { token, body });
const update = (id: string, body: unknown, token = acmeAdmin()) => server.api<UserDto>('PUT', `/api/v1/partner-users/${id}`, { token, body });
const toggle = (id: string, token = acmeAdmin()) => server.api<UserDto>('POST', `/api/v1/partner-users/${id}/toggle-status`, { token });
const remove = (id: string, token = acmeAdmin()) => server.api<UserDto>('DELETE', `/api/v1/partner-users/${id}`, { token });
const auditOf = (key: string) =>
  server.built.database.db
    .select()
    .from(auditTrails)
    .where(and(eq(auditTrails.tableName, 'users'), eq(auditTrails.primaryKey, key)))
    .orderBy(desc(auditTrails.dateTime));

/** A newcomer to Acme whose email no other test uses. */
const newcomer = () => ({
  firstName: 'Minh',
  lastName: 'Hoàng',
  email: `minh.${unique('mh')}@acme.example`,
  phoneNumber: '+84 91 222 3333',
  organization: 'Acme warehouse',
});
/** Invites through the API as the Acme PartnerAdmin (or `token`), with the user's deletion by Admin queued for after the test. */
const invited = async (body: object, by = acmeAdmin()) => {
  const answer = await invite(body, by);
  expectEnvelope(answer, 201, apiEn.users.registered);
  make.onCleanup(() => server.api('DELETE', `/api/v1/users/${answer.body.data!.id}`, { token: admin() }));
  return answer.body.data!;
};
/** A user of Acme with this role, made by Admin for one test. */
const acmeUser = (role: 'Partner' | 'PartnerAdmin' = 'Partner') =>
  make.user({ roleId: roleIds[role], partnerId: partnerIds['Acme Logistics'], firstName: 'Minh', lastName: 'Hoàng' });

describe('a PartnerAdmin and their own partner', () => {
  it('searches only the users of their own partner, whatever the filters ask', async () => {
    const answer = await search({});
    expectEnvelope(answer, 200);
    expect(answer.body.data!.totalCount).toBe(2);
    expect(await emails({})).toEqual([ACME_USER, ACME_ADMIN].sort());
    expect(await emails({ partnerId: partnerIds['Globex Trading'] })).toEqual([]);
    expect(await emails({ keyword: 'globex' })).toEqual([]);
    expect(await emails({ keyword: 'example.com' })).toEqual([]);
    expect(await emails({ keyword: 'trần' })).toEqual([ACME_USER]);
    const answerUnderApi = await server.api<PagedResult<UserDto>>('POST', '/api/partner-users/search', { token: acmeAdmin() });
    expect(answerUnderApi.body.data!.totalCount).toBe(2);
  });

  it('reads an Acme user', async () => {
    const answer = await get(ids[ACME_USER]);
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ email: ACME_USER, partnerName: 'Acme Logistics', role: 'Partner' });
  });

  it("invites a user to Acme (201) with an activation mail, even when the body names Globex's partnerId", async () => {
    const body = newcomer();
    const mails = server.outbox().length;
    const user = await invited({ ...body, partnerId: partnerIds['Globex Trading'] });
    expect(user).toMatchObject({
      email: body.email,
      partnerId: partnerIds['Acme Logistics'],
      partnerName: 'Acme Logistics',
      role: 'Partner',
      isActive: false,
      emailConfirmed: false,
    });
    expect(server.outbox().length).toBe(mails + 1);
    const mail = server.outbox().at(-1)!;
    expect(mail).toContain(`To: ${body.email}`);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/active');
    expect(link.searchParams.get('email')).toBe(body.email);
    const [row] = await auditOf(user.id);
    expect(row).toMatchObject({
      type: 'Create',
      userId: ids[ACME_ADMIN],
      newValues: expect.objectContaining({ email: body.email, partnerId: partnerIds['Acme Logistics'], role: 'Partner' }),
    });
    expect(await emails({})).toContain(body.email);
  });

  it('the invited user activates and signs in as a user of Acme', async () => {
    const body = newcomer();
    await invited(body);
    const link = linkIn(
      server
        .outbox()
        .filter((m) => m.includes(body.email))
        .at(-1)!,
    );
    const confirmed = await server.api('POST', '/api/users/confirm-mail', {
      body: { email: body.email, token: link.searchParams.get('code'), password: 'Minh-Hoang-2024' },
    });
    expectEnvelope(confirmed, 200);
    const session = await server.signIn(body.email, 'Minh-Hoang-2024');
    const profile = await server.api<{ partnerId: string }>('GET', '/api/users/profile', { token: session.token });
    expect(profile.body.data).toMatchObject({ partnerId: partnerIds['Acme Logistics'] });
  });

  it('may invite with a lower role, never its own rank or a higher one (403); a taken email 409; bad fields 400', async () => {
    const body = newcomer();
    const taken = await acmeUser();
    const mails = server.outbox().length;
    for (const role of ['Admin', 'Support', 'PartnerAdmin'] as const) {
      const answer = expectFieldErrors(
        await refused(server, () => invite({ ...body, email: `as.${role.toLowerCase()}.${unique()}@acme.example`, roleId: roleIds[role] })),
        ['roleId'],
        403,
      );
      expect(answer.body.message).toBe(apiEn.users.roleOutranks);
    }
    expectFieldErrors(await refused(server, () => invite({ ...body, email: taken.email.toUpperCase() })), ['email'], 409);
    expectFieldErrors(await refused(server, () => invite({ ...body, email: GLOBEX_USER })), ['email'], 409);
    expectFieldErrors(await refused(server, () => invite({ firstName: '', email: 'nope' })), ['firstName', 'lastName', 'email']);
    expectFieldErrors(await refused(server, () => invite({ ...body, firstName: 'F'.repeat(101), phoneNumber: 'ring ring' })), ['firstName', 'phoneNumber']);
    expect(server.outbox().length).toBe(mails);
    const colleague = await invited({ ...body, roleId: roleIds.Partner, phoneNumber: null, organization: null });
    expect(colleague).toMatchObject({ role: 'Partner', partnerId: partnerIds['Acme Logistics'], phoneNumber: null, organization: null });
  });

  it('edits an Acme user; a partnerId in the body moves nobody; an audit row records the change', async () => {
    const user = await invited(newcomer());
    const answer = await update(user.id, {
      firstName: 'Minh Anh',
      lastName: 'Hoàng',
      phoneNumber: '+84 91 222 4444',
      organization: 'Acme office',
      partnerId: partnerIds['Globex Trading'],
    });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({
      firstName: 'Minh Anh',
      phoneNumber: '+84 91 222 4444',
      organization: 'Acme office',
      partnerId: partnerIds['Acme Logistics'],
    });
    const [row] = await auditOf(user.id);
    expect(row).toMatchObject({
      type: 'Update',
      userId: ids[ACME_ADMIN],
      oldValues: { firstName: 'Minh', phoneNumber: user.phoneNumber, organization: user.organization },
    });
    expect(row.newValues).toMatchObject({ firstName: 'Minh Anh', phoneNumber: '+84 91 222 4444' });
    expect(row.affectedColumns).not.toContain('partnerId');
    expectFieldErrors(await refused(server, () => update(user.id, { firstName: 'F'.repeat(256), lastName: 'Hoàng' })), ['firstName']);
  });

  it('deactivates an Acme user, who is signed out at once, and activates them again', async () => {
    const user = await acmeUser();
    const off = await toggle(user.id);
    expectEnvelope(off, 200, apiEn.users.statusChanged);
    expect(off.body.data).toMatchObject({ id: user.id, isActive: false });
    expectEnvelope(await server.api('GET', '/api/users/profile', { token: user.token }), 401);
    const [row] = await auditOf(user.id);
    expect(row).toMatchObject({ type: 'Update', userId: ids[ACME_ADMIN], oldValues: { isActive: true }, newValues: { isActive: false } });
    const on = await toggle(user.id);
    expect(on.body.data!.isActive).toBe(true);
    await server.signIn(user.email, user.password);
  });

  it('cannot deactivate or delete themselves, nor a fellow PartnerAdmin (equal rank): 403', async () => {
    const deputy = await acmeUser('PartnerAdmin');
    expectEnvelope(await refused(server, () => toggle(ids[ACME_ADMIN])), 403, apiEn.users.self);
    expectEnvelope(await refused(server, () => remove(ids[ACME_ADMIN])), 403, apiEn.users.self);
    expectEnvelope(await refused(server, () => toggle(deputy.id)), 403, apiEn.users.outranked);
    expectEnvelope(await refused(server, () => remove(deputy.id)), 403, apiEn.users.outranked);
    expectEnvelope(await refused(server, () => update(deputy.id, { firstName: 'Demoted', lastName: 'Deputy' })), 403, apiEn.users.outranked);
  });

  it('deletes an Acme user softly: gone from search and GET, signed out, a Delete audit row written', async () => {
    const user = await acmeUser();
    const answer = await remove(user.id);
    expectEnvelope(answer, 200);
    expect(await emails({})).not.toContain(user.email);
    expectEnvelope(await refused(server, () => get(user.id)), 404, apiEn.users.notFound);
    expectEnvelope(await server.api('GET', '/api/users/profile', { token: user.token }), 401);
    const [row] = await auditOf(user.id);
    expect(row).toMatchObject({ type: 'Delete', userId: ids[ACME_ADMIN] });
  });
});

describe("another partner's users answer 404 to a PartnerAdmin", () => {
  it('GET, PUT, toggle-status and DELETE on a Globex user answer 404 and change nothing', async () => {
    const globex = ids[GLOBEX_USER];
    expectEnvelope(await refused(server, () => get(globex)), 404, apiEn.users.notFound);
    expectEnvelope(await refused(server, () => update(globex, { firstName: 'Taken', lastName: 'Over' })), 404, apiEn.users.notFound);
    expectEnvelope(await refused(server, () => toggle(globex)), 404, apiEn.users.notFound);
    expectEnvelope(await refused(server, () => remove(globex)), 404, apiEn.users.notFound);
    // A bad body is refused before the lookup, alike for a Globex user and for nobody: no way to probe ids.
    const probe = await refused(server, () => update(globex, {}));
    expect(probe.text).toBe((await update(MISSING, {})).text);
    const untouched = await server.api<UserDto>('GET', `/api/v1/users/${globex}`, { token: admin() });
    expect(untouched.body.data).toMatchObject({ firstName: 'Gina', isActive: true, partnerId: partnerIds['Globex Trading'] });
    await server.signIn(GLOBEX_USER);
  });

  it('staff users (no partner) and unknown or malformed ids answer 404 too', async () => {
    for (const id of [ids['admin@example.com'], ids['support@example.com'], MISSING, 'abc']) {
      expectEnvelope(await refused(server, () => get(id)), 404, apiEn.users.notFound);
      expectEnvelope(await refused(server, () => toggle(id)), 404);
      expectEnvelope(await refused(server, () => remove(id)), 404);
    }
  });

  it('nor do the staff user routes open another way in: 403 without Users permissions', async () => {
    expectEnvelope(await refused(server, () => server.api('GET', `/api/v1/users/${ids[GLOBEX_USER]}`, { token: acmeAdmin() })), 403);
    expectEnvelope(await refused(server, () => server.api('POST', `/api/v1/users/${ids[GLOBEX_USER]}/toggle-status`, { token: acmeAdmin() })), 403);
    expectEnvelope(
      await refused(server, () =>
        server.api('POST', `/api/users/${ids[ACME_USER]}/roles`, { token: acmeAdmin(), body: { userRoles: [{ roleId: roleIds.Admin, enabled: true }] } }),
      ),
      403,
    );
  });
});

describe('roles without PartnerUsers permissions', () => {
  it('a Partner (partner@acme.example) gets 403 on every call, own partner included', async () => {
    for (const email of [ACME_USER, GLOBEX_USER]) {
      const partnerToken = as(email);
      const calls: (() => Promise<ApiAnswer<unknown>>)[] = [
        () => search({}, partnerToken),
        () => get(ids[ACME_USER], partnerToken),
        () => invite(newcomer(), partnerToken),
        () => update(ids[ACME_USER], { firstName: 'X', lastName: 'Y' }, partnerToken),
        () => toggle(ids[ACME_USER], partnerToken),
        () => remove(ids[ACME_USER], partnerToken),
      ];
      for (const call of calls) expectEnvelope(await refused(server, call), 403, apiEn.api.forbidden);
    }
  });

  it('Support holds no PartnerUsers permission either (403)', async () => {
    expectEnvelope(await refused(server, () => search({}, as('support@example.com'))), 403);
    expectEnvelope(await refused(server, () => get(ids[ACME_USER], as('support@example.com'))), 403);
  });

  it('no token answers 401', async () => {
    expectEnvelope(await refused(server, () => search({}, '')), 401);
  });
});

describe('Admin and partner users', () => {
  it('sees the users of every partner, and no staff user', async () => {
    const all = await emails({}, admin());
    expect(all).toEqual([ACME_USER, ACME_ADMIN, GLOBEX_USER].sort());
    expect(await emails({ partnerId: partnerIds['Globex Trading'] }, admin())).toEqual([GLOBEX_USER]);
    expectEnvelope(await get(ids[GLOBEX_USER], admin()), 200);
    expectEnvelope(await refused(server, () => get(ids['support@example.com'], admin())), 404);
  });

  it('invites a user to the partner the body names, and needs one', async () => {
    const user = await invited(
      { firstName: 'Gia', lastName: 'Phan', email: `gia.${unique()}@globex.example`, partnerId: partnerIds['Globex Trading'] },
      admin(),
    );
    expect(user).toMatchObject({ partnerName: 'Globex Trading', role: 'Partner' });
    expectFieldErrors(await refused(server, () => invite({ firstName: 'No', lastName: 'Partner', email: 'no.partner@example.com' }, admin())), ['partnerId']);
    expectFieldErrors(
      await refused(server, () => invite({ firstName: 'No', lastName: 'Partner', email: 'no.partner@example.com', partnerId: MISSING }, admin())),
      ['partnerId'],
    );
  });

  it('edits, deactivates and deletes a Globex user', async () => {
    const { id } = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Globex Trading'], firstName: 'Gina', lastName: 'Lê' });
    expectEnvelope(await update(id, { firstName: 'Gina', lastName: 'Lê', organization: 'Globex' }, admin()), 200);
    expect((await toggle(id, admin())).body.data!.isActive).toBe(false);
    expectEnvelope(await remove(id, admin()), 200);
    expectEnvelope(await refused(server, () => get(id, admin())), 404);
  });
});
