import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { AccessibleFileDto, FileRequestDto } from '../../contract/files';
import { permission } from '../../contract/permissions';
import { auditTrails, fileGrants, fileRequests } from '../../server/db/schema';
import { grantInForce, grantNamesUser } from '../../server/modules/files/grantMatching';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { useDemoServer } from './factories';
import { makeManagedFile } from './fileFixtures';
import { ACME_USER, ADMIN, GLOBEX_USER, pendingRequest, windowOf } from './fileRequestFixtures';

/** Staff decide file requests: an approval makes the grant, a rejection says why; one decision per request. */
const demo = useDemoServer();
const { server, token, partnerIds, userIds } = demo;
const db = () => server.built.ctx.db;

const decide = (id: string, action: 'approve' | 'reject', body: unknown, email = ADMIN) =>
  server.api<FileRequestDto>('POST', `/api/v1/file-requests/${id}/${action}`, { token: token(email), body });

/** The files a user may open now, as the matching rules read them. */
async function openableBy(email: string) {
  const user = { id: userIds[email], partnerId: email === ADMIN ? null : partnerIds[email.endsWith('acme.example') ? 'Acme Logistics' : 'Globex Trading'] };
  const rows = await db()
    .select({ fileId: fileGrants.fileId })
    .from(fileGrants)
    .where(and(grantNamesUser(user), grantInForce(new Date())));
  return rows.map((r) => r.fileId);
}

describe('approving', () => {
  it("an approval grants the requester's partner the asked file: APPROVED with the grant, which Acme's users can open and Globex's cannot", async () => {
    const { request, file } = await pendingRequest(demo);
    const answer = expectEnvelope(await decide(request.id, 'approve', { ...windowOf(7), note: 'Until next week', downloadLimit: 3 }), 200);
    const approved = answer.body.data!;
    expect(approved).toMatchObject({ status: 'APPROVED', decidedById: userIds[ADMIN], decisionNote: 'Until next week' });
    expect(approved.grantId).toBeTruthy();
    const [grant] = await db().select().from(fileGrants).where(eq(fileGrants.id, approved.grantId!));
    expect(grant).toMatchObject({
      fileId: file!.id,
      conditionType: 'partner',
      partnerId: partnerIds['Acme Logistics'],
      requestId: request.id,
      downloadLimit: 3,
    });
    expect(await openableBy(ACME_USER)).toContain(file!.id);
    expect(await openableBy(GLOBEX_USER)).not.toContain(file!.id);
    // As the requester's list of files shows it.
    const accessible = expectEnvelope(
      await server.api<PagedResult<AccessibleFileDto>>('POST', '/api/v1/files/accessible/search', { token: token(ACME_USER), body: { pageSize: 100 } }),
      200,
    ).body.data!;
    expect(accessible.items.find((f) => f.fileId === file!.id)).toMatchObject({ grantId: approved.grantId, downloadsLeft: 3 });
    const audits = await db()
      .select({ type: auditTrails.type })
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'file_requests'), eq(auditTrails.primaryKey, request.id)));
    expect(audits.map((a) => a.type).sort()).toEqual(['Create', 'Update']);
    const grantAudits = await db().select().from(auditTrails).where(eq(auditTrails.primaryKey, grant.id));
    expect(grantAudits).toHaveLength(1);
  });

  it('conditionType user grants the requester alone', async () => {
    const { request } = await pendingRequest(demo);
    const approved = expectEnvelope(await decide(request.id, 'approve', { ...windowOf(2), conditionType: 'user' }), 200).body.data!;
    const [grant] = await db().select().from(fileGrants).where(eq(fileGrants.id, approved.grantId!));
    expect(grant).toMatchObject({ conditionType: 'user', userId: userIds[ACME_USER], partnerId: null });
  });

  it('a free-text request needs a file to approve (400 filesApi.approveNeedsFile, nothing changed); with one, the request names it', async () => {
    const { request } = await pendingRequest(demo, { text: 'The road map' });
    const refusedAnswer = await refused(server, () => decide(request.id, 'approve', windowOf(3)));
    expectFieldErrors(refusedAnswer, ['fileId']);
    expect(refusedAnswer.body.message).toBe('Choose the file to grant.');
    const file = await makeManagedFile(demo, { fileName: 'road-map.pdf' });
    const approved = expectEnvelope(await decide(request.id, 'approve', { ...windowOf(3), fileId: file.id }), 200).body.data!;
    expect(approved).toMatchObject({ status: 'APPROVED', fileId: file.id, fileName: 'road-map.pdf', requestText: 'The road map' });
  });

  it('the window is checked as for any grant: longer than the maximum, inverted or a deleted file is a 400 and nothing changes', async () => {
    const { request } = await pendingRequest(demo, { text: 'Too long' });
    const file = await makeManagedFile(demo);
    const deleted = await makeManagedFile(demo, { deleted: true });
    const tooLong = await refused(server, () => decide(request.id, 'approve', { ...windowOf(server.config.files.grantMaxDays + 1), fileId: file.id }));
    expectFieldErrors(tooLong, ['to']);
    const { from, to } = windowOf(2);
    expectFieldErrors(await refused(server, () => decide(request.id, 'approve', { from: to, to: from, fileId: file.id })), ['to']);
    expectFieldErrors(await refused(server, () => decide(request.id, 'approve', { from, to: '2026-12-03T17:00:00', fileId: file.id })), ['to']);
    expectFieldErrors(await refused(server, () => decide(request.id, 'approve', { ...windowOf(2), fileId: deleted.id })), ['fileId']);
  });
});

describe('rejecting', () => {
  it('a rejection keeps its reason, needs one, and a decided request refuses another decision with 409', async () => {
    const { request } = await pendingRequest(demo);
    expectFieldErrors(await refused(server, () => decide(request.id, 'reject', {})), ['reason']);
    expectFieldErrors(await refused(server, () => decide(request.id, 'reject', { reason: 'x'.repeat(1001) })), ['reason']);
    const rejected = expectEnvelope(await decide(request.id, 'reject', { reason: 'Not for this quarter' }), 200).body.data!;
    expect(rejected).toMatchObject({ status: 'REJECTED', decisionNote: 'Not for this quarter', grantId: null });
    const again = await refused(server, () => decide(request.id, 'approve', windowOf(1)));
    expectEnvelope(again, 409, 'This request was already decided.');
    expectEnvelope(await refused(server, () => decide(request.id, 'reject', { reason: 'Twice' })), 409);
  });
});

describe('who may decide', () => {
  it("a partner user cannot decide (403); Globex reading Acme's request is 404; an unknown id is 404", async () => {
    const { request } = await pendingRequest(demo, { text: 'Isolated' });
    expectEnvelope(await refused(server, () => decide(request.id, 'approve', windowOf(1), ACME_USER)), 403);
    expectEnvelope(await refused(server, () => decide(request.id, 'reject', { reason: 'No' }, GLOBEX_USER)), 403);
    expectEnvelope(await server.api('GET', `/api/v1/file-requests/${request.id}`, { token: token(GLOBEX_USER) }), 404);
    expectEnvelope(await refused(server, () => decide('00000000-0000-4000-8000-000000000000', 'reject', { reason: 'No' })), 404);
  });

  it('a staff user without FileAccessRequest.AdminView finds no request to decide (404)', async () => {
    const role = await demo.make.role({ permissions: (['View', 'Search', 'AdminUpdate'] as const).map((action) => permission('FileAccessRequest', action)) });
    const clerk = await demo.make.user({ roleId: role.id });
    const { request } = await pendingRequest(demo, { text: 'Needs AdminView' });
    const answer = await refused(server, () =>
      server.api('POST', `/api/v1/file-requests/${request.id}/reject`, { token: clerk.token, body: { reason: 'No' } }),
    );
    expectEnvelope(answer, 404);
  });
});

describe('two admins at once', () => {
  it('an approval and a rejection sent together: one 200, one 409, at most one grant', async () => {
    const { request } = await pendingRequest(demo);
    const support = await server.signIn('support@example.com');
    const [approve, reject] = await Promise.all([
      decide(request.id, 'approve', windowOf(5)),
      server.api<FileRequestDto>('POST', `/api/v1/file-requests/${request.id}/reject`, { token: support.token, body: { reason: 'Too late' } }),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const [row] = await db().select().from(fileRequests).where(eq(fileRequests.id, request.id));
    const grants = await db().select().from(fileGrants).where(eq(fileGrants.requestId, request.id));
    expect(row.status).toBe(approve.status === 200 ? 'APPROVED' : 'REJECTED');
    expect(grants).toHaveLength(approve.status === 200 ? 1 : 0);
  });

  it('two approvals sent together make exactly one grant', async () => {
    const { request } = await pendingRequest(demo);
    const answers = await Promise.all([decide(request.id, 'approve', windowOf(5)), decide(request.id, 'approve', windowOf(6))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await db().select().from(fileGrants).where(eq(fileGrants.requestId, request.id))).toHaveLength(1);
  });
});
