import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CannedResponseDto } from '../../contract/cannedResponses';
import { CANNED_TITLE_MAX } from '../../contract/cannedResponses';
import type { PagedResult } from '../../contract/envelope';
import { permission } from '../../contract/permissions';
import { auditTrails, cannedResponses } from '../../server/db/schema';
import { expectEnvelope } from './expectations';
import { unique, useDemoServer } from './factories';

/** Canned responses (issue 25, point 4): personal ones are their owner's alone, shared ones need Configure to change. */
const { server, make, token } = useDemoServer();

const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';
const PATH = '/api/v1/canned-responses';

/** Staff who keep their own responses but do not manage the shared ones. */
const agent = () => make.userWith(['View', 'Search', 'Create', 'Update', 'Delete'].map((action) => permission('CannedResponses', action as 'View')));

const create = (as: string, body: Record<string, unknown>) => server.api<CannedResponseDto>('POST', PATH, { token: as, body });
const titles = async (as: string) => {
  const answer = await server.api<PagedResult<CannedResponseDto>>('POST', `${PATH}/search`, { token: as, body: { pageSize: 100 } });
  expectEnvelope(answer, 200);
  return answer.body.data!.items.map((r) => r.title);
};
const stored = async (id: string) => (await server.built.database.db.select().from(cannedResponses).where(eq(cannedResponses.id, id)))[0];
const count = async () => (await server.built.database.db.select({ id: cannedResponses.id }).from(cannedResponses)).length;

describe('personal responses', () => {
  it("are their owner's alone: another user's is 404 to read, change or delete, and missing from their list", async () => {
    const [owner, other] = await Promise.all([agent(), agent()]);
    const title = `Mine ${unique('c')}`;
    const made = await create(owner.token, { title, body: 'Hello {{partnerName}}', language: 'en' });
    expectEnvelope(made, 201);
    expect(made.body.data).toMatchObject({ title, shared: false, ownerId: owner.id, language: 'en' });
    const id = made.body.data!.id;

    expect(await titles(owner.token)).toContain(title);
    expect(await titles(other.token)).not.toContain(title);
    expectEnvelope(await server.api('GET', `${PATH}/${id}`, { token: other.token }), 404);
    expectEnvelope(await server.api('PUT', `${PATH}/${id}`, { token: other.token, body: { title: 'Taken', body: 'x' } }), 404);
    expectEnvelope(await server.api('DELETE', `${PATH}/${id}`, { token: other.token }), 404);
    expect((await stored(id)).title).toBe(title);

    expectEnvelope(await server.api('PUT', `${PATH}/${id}`, { token: owner.token, body: { title: `${title} v2`, body: 'Changed' } }), 200);
    expect((await stored(id)).body).toBe('Changed');
    expectEnvelope(await server.api('DELETE', `${PATH}/${id}`, { token: owner.token }), 200);
    expect(await stored(id)).toBeUndefined();
  });

  it('are audited in the change', async () => {
    const owner = await agent();
    const made = await create(owner.token, { title: `Audited ${unique('c')}`, body: 'Text' });
    expectEnvelope(made, 201);
    const rows = await server.built.database.db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'canned-responses'), eq(auditTrails.primaryKey, made.body.data!.id)));
    expect(rows.map((r) => [r.type, r.userId])).toEqual([['Create', owner.id]]);
  });
});

describe('shared responses', () => {
  it('need CannedResponses.Configure to make, change or delete; every staff member reads them', async () => {
    const other = await agent();
    const before = await count();
    expectEnvelope(await create(other.token, { title: `Not allowed ${unique('c')}`, body: 'x', shared: true }), 403);
    expect(await count()).toBe(before);

    const title = `Shared ${unique('c')}`;
    const made = await create(token(SUPPORT), { title, body: 'Xin chào {{partnerName}}', language: 'vi', shared: true });
    expectEnvelope(made, 201);
    const id = made.body.data!.id;
    make.onCleanup(() => server.api('DELETE', `${PATH}/${id}`, { token: token(SUPPORT) }));
    expect(made.body.data).toMatchObject({ shared: true, ownerId: null });
    expect(await titles(other.token)).toContain(title);

    expectEnvelope(await server.api('PUT', `${PATH}/${id}`, { token: other.token, body: { title: 'Hijacked', body: 'x', shared: false } }), 403);
    expectEnvelope(await server.api('DELETE', `${PATH}/${id}`, { token: other.token }), 403);
    expect(await stored(id)).toMatchObject({ title, ownerId: null });
  });
});

describe('bad input', () => {
  it.each([
    ['no title', { body: 'Text' }],
    ['a title too long', { title: 'x'.repeat(CANNED_TITLE_MAX + 1), body: 'Text' }],
    ['an unknown language', { title: 'T', body: 'Text', language: 'fr' }],
    ['no text', { title: 'T', body: '   ' }],
    ['shared as text', { title: 'T', body: 'Text', shared: 'yes' }],
  ])('%s is a 400 that writes nothing', async (_, body) => {
    const before = await count();
    expectEnvelope(await create(token(SUPPORT), body), 400);
    expect(await count()).toBe(before);
  });
});

describe('partners', () => {
  it('reach no canned response, not even a shared one (403: they hold no CannedResponses permission, and may never)', async () => {
    expectEnvelope(await server.api('POST', `${PATH}/search`, { token: token(ACME), body: {} }), 403);
    expectEnvelope(await create(token(ACME), { title: 'Partner', body: 'x' }), 403);
  });
});
