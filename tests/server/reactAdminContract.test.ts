import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { MAX_PAGE_SIZE } from '../../contract/http';
import type { PartnerDto } from '../../contract/partners';
import type { UserDto } from '../../contract/users';
import { auditTrails } from '../../server/db/schema';
import { expectEnvelope, refused } from './expectations';
import { useDemoServer } from './factories';

const { server, make, token, partnerIds } = useDemoServer();

const admin = () => token('admin@example.com');
const acmeAdmin = () => token('partner.admin@acme.example');
const MISSING = '00000000-0000-4000-8000-000000000000';

/** Every search route, as a token that may use it. */
const SEARCHES = [
  { path: '/api/v1/partners/search', token: admin },
  { path: '/api/v1/roles/search', token: admin },
  { path: '/api/v1/users/search', token: admin },
  { path: '/api/v1/partner-users/search', token: acmeAdmin },
  { path: '/api/v1/tickets/search', token: admin },
];

const search = <T = { id: string }>(path: string, body: unknown, as = admin()) => server.api<PagedResult<T>>('POST', path, { token: as, body });
const partnerSearch = (body: unknown) => search<PartnerDto>('/api/v1/partners/search', body);

describe('react-admin: sorting, page sizes and filters of every search', () => {
  it.each(SEARCHES)('$path sorts by id, as <List> and the reference fields ask by default', async ({ path, token }) => {
    for (const order of ['asc', 'desc'] as const) {
      const answer = await search(path, { pageNumber: 1, pageSize: 25, orderBy: [`id ${order}`] }, token());
      expectEnvelope(answer, 200);
      const ids = answer.body.data!.items.map((row) => row.id);
      expect(ids.length).toBeGreaterThan(0);
      const sorted = [...ids].sort();
      expect(ids).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
  });

  it.each(SEARCHES)('$path refuses an unknown sort field with a 400 that lists the sortable fields', async ({ path, token }) => {
    const answer = await refused(server, () => search(path, { orderBy: ['nmae asc'] }, token()));
    expectEnvelope(answer, 400);
    expect(answer.body.errors?.[0]?.field).toBe('orderBy');
    expect(answer.body.message).toMatch(/Allowed: .*\bid\b/);
    expect(answer.body.errors?.[0]?.message).toMatch(/Allowed: .*\bid\b/);
  });

  it.each(['__proto__', 'constructor desc', 'toString', 'hasOwnProperty asc', 'valueOf'])(
    'orderBy [%s] is a 400 naming orderBy on every search and export, never a 500',
    async (entry) => {
      for (const { path, token } of SEARCHES) {
        const answer = await refused(server, () => search(path, { orderBy: [entry] }, token()));
        expectEnvelope(answer, 400);
        expect(answer.body.errors?.map((e) => e.field)).toEqual(['orderBy']);
      }
      for (const path of ['/api/v1/partners/export', '/api/v1/tickets/export']) {
        const answer = await server.api('GET', `${path}?orderBy=${encodeURIComponent(entry)}`, { token: admin() });
        expectEnvelope(answer, 400);
      }
    },
  );

  it('answers a page of 1,000 rows (<ExportButton>) and refuses 1,001', async () => {
    const answer = await partnerSearch({ pageNumber: 1, pageSize: MAX_PAGE_SIZE, orderBy: ['id asc'] });
    expectEnvelope(answer, 200);
    expect(MAX_PAGE_SIZE).toBe(1000);
    expect(answer.body.data!.pageSize).toBe(1000);
    expectEnvelope(await refused(server, () => partnerSearch({ pageSize: 1001 })), 400);
  });

  it.each([1e20, 2 ** 53, Number.MAX_SAFE_INTEGER, 1_000_001])('pageNumber %d is a 400 naming pageNumber on every search, never a 500', async (pageNumber) => {
    for (const { path, token } of SEARCHES) {
      const answer = await refused(server, () => search(path, { pageNumber, pageSize: 1000 }, token()));
      expectEnvelope(answer, 400);
      expect(answer.body.errors?.map((e) => e.field)).toEqual(['pageNumber']);
    }
  });

  it('the last page allowed answers an empty page, not an error', async () => {
    const answer = await partnerSearch({ pageNumber: 1_000_000, pageSize: 1000 });
    expectEnvelope(answer, 200);
    expect(answer.body.data!.items).toEqual([]);
  });

  it.each(SEARCHES)('$path refuses an unknown filter with a 400 that lists the filters, instead of answering every row', async ({ path, token }) => {
    const answer = await refused(server, () => search(path, { pageNumber: 1, pageSize: 10, nmae: 'Acme' }, token()));
    expectEnvelope(answer, 400);
    expect(answer.body.errors?.map((e) => e.field)).toEqual(['nmae']);
    expect(answer.body.message).toMatch(/Allowed: .*\bids\b.*\bpageSize\b/);
  });

  it('refuses a getManyReference target the resource has no filter for, and Object.prototype names as filters', async () => {
    for (const key of ['ownerId', 'toString', 'constructor', 'hasOwnProperty']) {
      const answer = await refused(server, () => partnerSearch({ pageNumber: 1, pageSize: 10, [key]: 'x' }));
      expectEnvelope(answer, 400);
      expect(answer.body.errors?.map((e) => e.field)).toEqual([key]);
    }
  });

  it('a declared filter still filters: partner users of one partner (getManyReference target partnerId)', async () => {
    const answer = await search<UserDto>('/api/v1/users/search', { pageNumber: 1, pageSize: 100, partnerId: partnerIds['Acme Logistics'] });
    expectEnvelope(answer, 200);
    expect(answer.body.data!.items.length).toBeGreaterThan(0);
    expect(new Set(answer.body.data!.items.map((u) => u.partnerId))).toEqual(new Set([partnerIds['Acme Logistics']]));
  });

  it('an unknown filter in an export query is a 400 too', async () => {
    for (const path of ['/api/v1/partners/export', '/api/v1/tickets/export'])
      expectEnvelope(await server.api('GET', `${path}?nmae=Acme`, { token: admin() }), 400);
  });
});

describe('react-admin getMany: one search with ids', () => {
  it('answers the rows asked for, omits missing and malformed ids, and marks a deleted partner deleted', async () => {
    const [kept, gone] = [await make.partner(), await make.partner()];
    expectEnvelope(await server.api('DELETE', `/api/v1/partners/${gone.id}`, { token: admin() }), 200);
    const answer = await partnerSearch({ pageNumber: 1, pageSize: 10, ids: [kept.id, gone.id, MISSING, 'not-an-id'] });
    expectEnvelope(answer, 200);
    const byId = Object.fromEntries(answer.body.data!.items.map((p) => [p.id, p.deleted]));
    expect(byId).toEqual({ [kept.id]: false, [gone.id]: true });
  });

  it("answers deleted users marked deleted, and only within the partner admin's reach", async () => {
    const acme = await make.user({ partnerId: partnerIds['Acme Logistics'], active: false });
    const globex = await make.user({ partnerId: partnerIds['Globex Trading'], active: false });
    expectEnvelope(await server.api('DELETE', `/api/v1/users/${acme.id}`, { token: admin() }), 200);
    const staff = await search<UserDto>('/api/v1/users/search', { ids: [acme.id, globex.id, MISSING] });
    expect(Object.fromEntries(staff.body.data!.items.map((u) => [u.id, u.deleted]))).toEqual({ [acme.id]: true, [globex.id]: false });
    const partnerAdmin = await search<UserDto>('/api/v1/partner-users/search', { ids: [acme.id, globex.id] }, acmeAdmin());
    expect(partnerAdmin.body.data!.items.map((u) => u.id)).toEqual([acme.id]);
  });

  it('takes ids on tickets and roles too, and refuses more ids than a page holds', async () => {
    const ticket = await make.ticket(admin(), { partnerId: partnerIds['Acme Logistics'] });
    const tickets = await search('/api/v1/tickets/search', { ids: [ticket.id, MISSING] });
    expect(tickets.body.data!.items.map((t) => t.id)).toEqual([ticket.id]);
    const role = await make.role();
    expect((await search('/api/v1/roles/search', { ids: [role.id] })).body.data!.items.map((r) => r.id)).toEqual([role.id]);
    const tooMany = Array.from({ length: MAX_PAGE_SIZE + 1 }, () => MISSING);
    expectEnvelope(await refused(server, () => partnerSearch({ ids: tooMany })), 400);
  });
});

describe('partial updates: PATCH /{res}/{id}', () => {
  it('changes only the fields sent; the others stay as they are', async () => {
    const partner = await make.partner({ website: 'https://before.example' });
    const answer = await server.api<PartnerDto>('PATCH', `/api/v1/partners/${partner.id}`, { token: admin(), body: { name: `${partner.name} renamed` } });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ ...partner, name: `${partner.name} renamed`, updatedAt: expect.any(String), version: expect.any(String) });
    const [audit] = await server.built.database.db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.primaryKey, partner.id), eq(auditTrails.type, 'Update')));
    expect(audit.affectedColumns).toEqual(expect.arrayContaining(['name']));
    expect(audit.affectedColumns).not.toContain('website');
  });

  it('validates the fields sent and refuses unknown ones, naming them, changing nothing', async () => {
    const partner = await make.partner();
    const invalid = await refused(server, () => server.api('PATCH', `/api/v1/partners/${partner.id}`, { token: admin(), body: { email: 'not an email' } }));
    expectEnvelope(invalid, 400);
    expect(invalid.body.errors?.map((e) => e.field)).toEqual(['email']);
    const unknown = await refused(server, () => server.api('PATCH', `/api/v1/partners/${partner.id}`, { token: admin(), body: { nmae: 'x' } }));
    expect(unknown.body.errors?.map((e) => e.field)).toEqual(['nmae']);
    expect(unknown.body.message).toMatch(/Allowed: .*\bname\b/);
  });

  it('patches users and partner users the same way', async () => {
    const user = await make.user({ partnerId: partnerIds['Acme Logistics'], active: false, firstName: 'Before', lastName: 'Kept' });
    const staff = await server.api<UserDto>('PATCH', `/api/v1/users/${user.id}`, { token: admin(), body: { firstName: 'Patched' } });
    expectEnvelope(staff, 200);
    expect(staff.body.data).toMatchObject({ firstName: 'Patched', lastName: 'Kept', partnerId: partnerIds['Acme Logistics'] });
    const partnerAdmin = await server.api<UserDto>('PATCH', `/api/v1/partner-users/${user.id}`, { token: acmeAdmin(), body: { organization: 'Depot' } });
    expectEnvelope(partnerAdmin, 200);
    expect(partnerAdmin.body.data).toMatchObject({ firstName: 'Patched', lastName: 'Kept', organization: 'Depot' });
  });
});

describe('updateMany and deleteMany: one request each, all or nothing', () => {
  it('PATCH /partners with { ids, data } changes every row and audits each', async () => {
    const rows = [await make.partner(), await make.partner()];
    const answer = await server.api<string[]>('PATCH', '/api/v1/partners', { token: admin(), body: { ids: rows.map((r) => r.id), data: { type: 'Bulk' } } });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toEqual(rows.map((r) => r.id));
    const read = await partnerSearch({ ids: rows.map((r) => r.id) });
    expect(read.body.data!.items.map((p) => [p.name, p.type])).toEqual(expect.arrayContaining(rows.map((r) => [r.name, 'Bulk'])));
    for (const row of rows)
      expect(
        (
          await server.built.database.db
            .select()
            .from(auditTrails)
            .where(and(eq(auditTrails.primaryKey, row.id), eq(auditTrails.type, 'Update')))
        ).length,
      ).toBe(1);
  });

  it('a missing id refuses the whole update and the whole delete (404 naming it), changing nothing', async () => {
    const row = await make.partner();
    for (const call of [
      () => server.api('PATCH', '/api/v1/partners', { token: admin(), body: { ids: [row.id, MISSING], data: { type: 'Bulk' } } }),
      () => server.api('POST', '/api/v1/partners/delete', { token: admin(), body: { ids: [row.id, MISSING] } }),
      () => server.api('POST', '/api/v1/users/delete', { token: admin(), body: { ids: [MISSING] } }),
    ]) {
      const answer = await refused(server, call);
      expectEnvelope(answer, 404);
      expect(answer.body.errors?.[0]?.field).toMatch(/^ids\[\d\]$/);
    }
  });

  it('a row refused by its hook refuses them all: a role still held is not deleted, nor the free one beside it', async () => {
    const free = await make.role();
    const held = await make.role();
    await make.user({ roleId: held.id, active: false });
    const answer = await refused(server, () => server.api('POST', '/api/v1/roles/delete', { token: admin(), body: { ids: [free.id, held.id] } }));
    expectEnvelope(answer, 409);
  });

  it('an invalid value in data refuses every row (400 naming the field)', async () => {
    const rows = [await make.partner(), await make.partner()];
    const answer = await refused(server, () =>
      server.api('PATCH', '/api/v1/partners', { token: admin(), body: { ids: rows.map((r) => r.id), data: { email: 'nope' } } }),
    );
    expect(answer.body.errors?.map((e) => e.field)).toEqual(['email']);
  });

  it('POST /{res}/delete deletes every row in one request and announces each (the cached total drops); users too, all or none', async () => {
    const tag = `Bulkgone ${Date.now()}`;
    const rows = [await make.partner({ name: `${tag} a` }), await make.partner({ name: `${tag} b` })];
    expect((await partnerSearch({ name: tag })).body.data!.totalCount).toBe(2);
    const answer = await server.api<string[]>('POST', '/api/v1/partners/delete', { token: admin(), body: { ids: rows.map((r) => r.id) } });
    expectEnvelope(answer, 200);
    expect((await partnerSearch({ ids: rows.map((r) => r.id) })).body.data!.items.every((p) => p.deleted)).toBe(true);
    expect((await partnerSearch({ name: tag })).body.data!.totalCount).toBe(0);

    const acme = await make.user({ partnerId: partnerIds['Acme Logistics'], active: false });
    const globex = await make.user({ partnerId: partnerIds['Globex Trading'], active: false });
    expectEnvelope(
      await refused(server, () => server.api('POST', '/api/v1/partner-users/delete', { token: acmeAdmin(), body: { ids: [acme.id, globex.id] } })),
      404,
    );
    expectEnvelope(await server.api('POST', '/api/v1/partner-users/delete', { token: acmeAdmin(), body: { ids: [acme.id] } }), 200);
  });

  it("bulk routes need the resource's Update and Delete permissions", async () => {
    const row = await make.partner();
    const partner = token('partner@acme.example');
    expectEnvelope(await refused(server, () => server.api('PATCH', '/api/v1/partners', { token: partner, body: { ids: [row.id], data: { type: 'x' } } })), 403);
    expectEnvelope(await refused(server, () => server.api('POST', '/api/v1/partners/delete', { token: partner, body: { ids: [row.id] } })), 403);
  });
});

describe('the users list and the audit trail are paged, with totals', () => {
  it('GET /users answers a page and the total instead of cutting at 1,000 silently', async () => {
    const first = await server.api<PagedResult<UserDto>>('GET', '/api/users?pageNumber=1&pageSize=2', { token: admin() });
    expectEnvelope(first, 200);
    const everyone = await server.api<PagedResult<UserDto>>('GET', '/api/users', { token: admin() });
    expect(first.body.data!.items).toHaveLength(2);
    expect(first.body.data!.totalCount).toBe(everyone.body.data!.totalCount);
    expect(everyone.body.data!.items).toHaveLength(everyone.body.data!.totalCount);
    const second = await server.api<PagedResult<UserDto>>('GET', '/api/users?pageNumber=2&pageSize=2', { token: admin() });
    expect(second.body.data!.items.map((u) => u.id)).toEqual(everyone.body.data!.items.slice(2, 4).map((u) => u.id));
    expectEnvelope(await server.api('GET', '/api/users?pageSize=1001', { token: admin() }), 400);
    expectEnvelope(await server.api('GET', '/api/users?pageNumber=1e20', { token: admin() }), 400);
  });

  it('the audit trail answers a page, newest first, with the total', async () => {
    const user = await make.user({ active: false });
    for (const firstName of ['One', 'Two', 'Three'])
      expectEnvelope(await server.api('PATCH', `/api/v1/users/${user.id}`, { token: admin(), body: { firstName } }), 200);
    const page = await server.api<PagedResult<{ newValues: Record<string, unknown> | null; dateTime: string }>>(
      'GET',
      `/api/users/${user.id}/audit-trails?pageNumber=1&pageSize=2`,
      { token: admin() },
    );
    expectEnvelope(page, 200);
    expect(page.body.data!.totalCount).toBe(4);
    expect(page.body.data!.items.map((r) => r.newValues?.firstName)).toEqual(['Three', 'Two']);
    const rest = await server.api<PagedResult<{ newValues: Record<string, unknown> | null }>>(
      'GET',
      `/api/users/${user.id}/audit-trails?pageNumber=2&pageSize=2`,
      { token: admin() },
    );
    expect(rest.body.data!.items.map((r) => r.newValues?.firstName)).toEqual(['One', 'Factory']);
  });
});

describe('search totals', () => {
  it('a change to the resource clears the cached total: the next identical search counts the new row', async () => {
    const body = { pageNumber: 1, pageSize: 1, name: 'Cachecount' };
    const before = (await partnerSearch(body)).body.data!.totalCount;
    expect((await partnerSearch(body)).body.data!.totalCount).toBe(before);
    await make.partner({ name: `Cachecount ${Date.now()}` });
    expect((await partnerSearch(body)).body.data!.totalCount).toBe(before + 1);
  });
});
