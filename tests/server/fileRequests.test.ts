import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { FILE_REQUEST_REASON_MAX, FILE_REQUEST_TEXT_MAX, type FileRequestDto } from '../../contract/files';
import { auditTrails, fileRequests } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { useDemoServer } from './factories';
import { makeFileWithGrant, makeManagedFile } from './fileFixtures';
import { ACME_USER, ADMIN, ask, fileAcmeHad, GLOBEX_USER, pendingRequest } from './fileRequestFixtures';

/** File requests: a partner's user asks for a file they have or had, or in words; staff and other partners see what they may. */
const demo = useDemoServer();
const { server, token, partnerIds, userIds } = demo;

const searchAs = (email: string, body: Record<string, unknown> = {}) =>
  server.api<PagedResult<FileRequestDto>>('POST', '/api/v1/file-requests/search', { token: token(email), body });

describe('asking for a file', () => {
  it('a partner user asks for a file their partner had: PENDING, with the file, partner and requester named, audited', async () => {
    const file = await fileAcmeHad(demo);
    const answer = expectEnvelope(await ask(demo, token(ACME_USER), { fileId: file.id, reason: 'Audit next week' }), 201);
    const made = answer.body.data!;
    expect(made).toMatchObject({
      fileId: file.id,
      fileName: file.fileName,
      requestText: '',
      reason: 'Audit next week',
      status: 'PENDING',
      partnerId: partnerIds['Acme Logistics'],
      partnerName: 'Acme Logistics',
      requestedById: userIds[ACME_USER],
      decidedById: null,
      grantId: null,
    });
    const audit = await server.built.ctx.db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'file_requests'), eq(auditTrails.primaryKey, made.id)));
    expect(audit.map((a) => a.type)).toEqual(['Create']);
  });

  it('a free-text request needs no file', async () => {
    const { request } = await pendingRequest(demo, { text: 'The 2025 price list' });
    expect(request).toMatchObject({ fileId: null, fileName: null, requestText: 'The 2025 price list' });
  });

  it("a file the user never had a grant for, another partner's file or a deleted one answers 404 and changes nothing", async () => {
    const never = await makeManagedFile(demo);
    const { file: globexFile } = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partnerIds['Globex Trading'] });
    const { file: deleted } = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partnerIds['Acme Logistics'] }, { deleted: true });
    for (const fileId of [never.id, globexFile.id, deleted.id, '00000000-0000-4000-8000-000000000000']) {
      const answer = await refused(server, () => ask(demo, token(ACME_USER), { fileId, reason: 'Please' }));
      expectEnvelope(answer, 404);
    }
  });

  it('a user grant of their own counts as having had the file', async () => {
    const { file } = await makeFileWithGrant(demo, { conditionType: 'user', targetId: userIds[ACME_USER], revokedAt: new Date() });
    expectEnvelope(await ask(demo, token(ACME_USER), { fileId: file.id, reason: 'Again please' }), 201);
  });

  it('staff cannot ask: 403 filesApi.partnerOnly, nothing written', async () => {
    const answer = await refused(server, () => ask(demo, token(ADMIN), { requestText: 'Anything', reason: 'Testing' }));
    expectEnvelope(answer, 403, 'Only users of a partner can ask for files.');
  });

  it('refuses a missing reason, neither file nor text, oversized texts and a malformed file id with field errors, writing nothing', async () => {
    const acme = token(ACME_USER);
    expectFieldErrors(await refused(server, () => ask(demo, acme, { requestText: 'x' })), ['reason']);
    const neither = await refused(server, () => ask(demo, acme, { reason: 'Because' }));
    expectFieldErrors(neither, ['requestText']);
    expect(fieldMessage(neither, 'requestText')).toBeTruthy();
    expectFieldErrors(await refused(server, () => ask(demo, acme, { requestText: 'x'.repeat(FILE_REQUEST_TEXT_MAX + 1), reason: 'r' })), ['requestText']);
    expectFieldErrors(await refused(server, () => ask(demo, acme, { requestText: 'x', reason: 'r'.repeat(FILE_REQUEST_REASON_MAX + 1) })), ['reason']);
    expectFieldErrors(await refused(server, () => ask(demo, acme, { fileId: '../../etc/passwd', reason: 'r' })), ['fileId']);
    expectFieldErrors(await refused(server, () => ask(demo, acme, { requestText: 42, reason: 'r' })), ['requestText']);
  });

  it('a body with a __proto__ key is refused whole; toString and constructor are plain unknown keys', async () => {
    const acme = token(ACME_USER);
    const raw = '{"requestText":"x","reason":"r","__proto__":{"status":"APPROVED"}}';
    const poisoned = await refused(server, () =>
      server.api('POST', '/api/v1/file-requests', { token: acme, rawBody: raw, headers: { 'content-type': 'application/json' } }),
    );
    expectEnvelope(poisoned, 400);
    const odd = expectEnvelope(await ask(demo, acme, { requestText: 'odd keys', reason: 'r', toString: 'x', constructor: 'y', status: 'APPROVED' }), 201);
    expect(odd.body.data!.status).toBe('PENDING');
  });

  it('the same Idempotency-Key sent twice makes one request', async () => {
    const key = `file-request-${Date.now()}`;
    const body = { requestText: `Idempotent ${key}`, reason: 'Once' };
    const first = expectEnvelope(await ask(demo, token(ACME_USER), body, { 'idempotency-key': key }), 201);
    const second = expectEnvelope(await ask(demo, token(ACME_USER), body, { 'idempotency-key': key }), 201);
    expect(second.body.data!.id).toBe(first.body.data!.id);
    const rows = await server.built.ctx.db.select().from(fileRequests).where(eq(fileRequests.requestText, body.requestText));
    expect(rows).toHaveLength(1);
  });
});

describe('reading requests', () => {
  it("a partner's users see their partner's requests only; staff with AdminView see every partner's; filters and keyword apply", async () => {
    const { request: acmeRequest } = await pendingRequest(demo, { text: `Acme only ${Date.now()}` });
    const globex = expectEnvelope(await ask(demo, token(GLOBEX_USER), { requestText: `Globex only ${Date.now()}`, reason: 'Ours' }), 201).body.data!;

    const acmeSees = expectEnvelope(await searchAs(ACME_USER, { pageSize: 100 }), 200).body.data!.items.map((r) => r.id);
    expect(acmeSees).toContain(acmeRequest.id);
    expect(acmeSees).not.toContain(globex.id);
    const acmeAsksForGlobex = expectEnvelope(await searchAs(ACME_USER, { partnerId: partnerIds['Globex Trading'] }), 200).body.data!;
    expect(acmeAsksForGlobex.totalCount).toBe(0);

    const staffSees = expectEnvelope(await searchAs(ADMIN, { pageSize: 100, status: 'PENDING' }), 200).body.data!.items.map((r) => r.id);
    expect(staffSees).toEqual(expect.arrayContaining([acmeRequest.id, globex.id]));
    const byKeyword = expectEnvelope(await searchAs(ADMIN, { keyword: 'globex only' }), 200).body.data!.items.map((r) => r.id);
    expect(byKeyword).toContain(globex.id);
    expect(byKeyword).not.toContain(acmeRequest.id);
    const rejectedOnly = expectEnvelope(await searchAs(ADMIN, { status: 'REJECTED', ids: [acmeRequest.id] }), 200).body.data!;
    expect(rejectedOnly.totalCount).toBe(0);
  });

  it('an unknown filter or sort field is a 400, not every row', async () => {
    expectEnvelope(await searchAs(ADMIN, { requestedBy: userIds[ACME_USER] }), 400);
    expectEnvelope(await searchAs(ADMIN, { orderBy: ['__proto__ asc'] }), 400);
  });

  it("another partner's request answers 404 to GET; the owner's answers with an ETag", async () => {
    const { request } = await pendingRequest(demo, { text: 'Isolation' });
    expectEnvelope(await server.api('GET', `/api/v1/file-requests/${request.id}`, { token: token(GLOBEX_USER) }), 404);
    expectEnvelope(await server.api('GET', '/api/v1/file-requests/not-a-uuid', { token: token(ACME_USER) }), 404);
    const own = expectEnvelope(await server.api<FileRequestDto>('GET', `/api/v1/file-requests/${request.id}`, { token: token(ACME_USER) }), 200);
    expect(own.body.data!.id).toBe(request.id);
    expect(own.headers.get('etag')).toBe(`"${own.body.data!.version}"`);
  });
});
