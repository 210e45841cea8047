import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { FileGrantDto, GrantConditionType } from '../../contract/files';
import { fileGrants } from '../../server/db/schema';
import { useDemoServer } from './factories';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { makeGrant, makeManagedFile } from './fileFixtures';

const demo = useDemoServer();
const { server, token, partnerIds, roleIds, userIds } = demo;
const SUPPORT = 'support@example.com';
const DAY = 24 * 60 * 60 * 1000;

const at = (ms: number) => new Date(ms).toISOString();
const grantRow = async (id: string) => (await server.built.ctx.db.select().from(fileGrants).where(eq(fileGrants.id, id)))[0];

function createGrant(body: Record<string, unknown>, as = SUPPORT) {
  return server.api<FileGrantDto>('POST', '/api/v1/file-grants', { token: token(as), body });
}

const targets = (): Record<GrantConditionType, { id: string; name: string; partnerId: string | null }> => ({
  partner: { id: partnerIds['Acme Logistics'], name: 'Acme Logistics', partnerId: partnerIds['Acme Logistics'] },
  role: { id: roleIds.Partner, name: 'Partner', partnerId: null },
  user: { id: userIds['partner@globex.example'], name: '', partnerId: partnerIds['Globex Trading'] ?? null },
});

describe('granting access to a file', () => {
  it('grants each condition type, naming the target and the partner it reaches', async () => {
    const file = await makeManagedFile(demo, { fileName: 'tax-form.pdf' });
    const now = Date.now();
    for (const [conditionType, target] of Object.entries(targets())) {
      const answer = await createGrant({
        fileId: file.id,
        conditionType,
        targetId: target.id,
        from: at(now),
        to: at(now + 3 * DAY),
        downloadLimit: 5,
        note: 'n',
      });
      expectEnvelope(answer, 201);
      expect(answer.body.data!).toMatchObject({
        fileId: file.id,
        fileName: 'tax-form.pdf',
        conditionType,
        targetId: target.id,
        state: 'active',
        downloadLimit: 5,
      });
      if (target.name) expect(answer.body.data!.targetName).toBe(target.name);
      else expect(answer.body.data!.targetName.length).toBeGreaterThan(0);
      if (conditionType !== 'user') expect(answer.body.data!.partnerId).toBe(target.partnerId);
      else expect(answer.body.data!.partnerId).not.toBeNull();
    }
  });

  it('refuses an unknown target of each condition type (400 on targetId, nothing changed)', async () => {
    const file = await makeManagedFile(demo);
    const now = Date.now();
    for (const conditionType of ['partner', 'role', 'user']) {
      const answer = await refused(server, () => createGrant({ fileId: file.id, conditionType, targetId: randomUUID(), from: at(now), to: at(now + DAY) }));
      expectFieldErrors(answer, ['targetId']);
      expect(fieldMessage(answer, 'targetId')).toBe(answer.body.message);
    }
    // A target of another type's id is unknown too: a partner's id is no role.
    expectFieldErrors(
      await refused(server, () =>
        createGrant({ fileId: file.id, conditionType: 'role', targetId: partnerIds['Acme Logistics'], from: at(now), to: at(now + DAY) }),
      ),
      ['targetId'],
    );
  });

  it('refuses a deleted or unknown file (400 on fileId)', async () => {
    const deleted = await makeManagedFile(demo, { deleted: true });
    const now = Date.now();
    for (const fileId of [deleted.id, randomUUID()])
      expectFieldErrors(
        await refused(server, () =>
          createGrant({ fileId, conditionType: 'partner', targetId: partnerIds['Acme Logistics'], from: at(now), to: at(now + DAY) }),
        ),
        ['fileId'],
      );
  });

  it('refuses a grant longer than grantMaxDays (400 on to) and takes one exactly that long', async () => {
    const file = await makeManagedFile(demo);
    const max = server.config.files.grantMaxDays;
    const from = Date.UTC(2030, 0, 1);
    const body = { fileId: file.id, conditionType: 'partner', targetId: partnerIds['Acme Logistics'], from: at(from) };
    const tooLong = await refused(server, () => createGrant({ ...body, to: at(from + max * DAY + 1) }));
    expectFieldErrors(tooLong, ['to']);
    expect(tooLong.body.message).toContain(String(max));
    expect(fieldMessage(tooLong, 'to')).toContain(String(max));
    const exact = expectEnvelope(await createGrant({ ...body, to: at(from + max * DAY) }), 201);
    expect(exact.body.data!.state).toBe('scheduled');
    expectFieldErrors(await refused(server, () => createGrant({ ...body, to: at(from) })), ['to']);
  });
});

describe('view only', () => {
  it('is refused (400 viewOnly) for a file the page cannot show, on a new grant and on new terms, and allowed for a text file', async () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const word = await makeManagedFile(demo, { fileName: 'contract.docx', contentType: docx, content: 'PK' });
    const now = Date.now();
    const body = { conditionType: 'partner', targetId: partnerIds['Acme Logistics'], from: at(now), to: at(now + DAY) };
    const before = (await server.built.ctx.db.select().from(fileGrants).where(eq(fileGrants.fileId, word.id))).length;
    expectFieldErrors(await refused(server, () => createGrant({ ...body, fileId: word.id, viewOnly: true })), ['viewOnly']);
    expect((await server.built.ctx.db.select().from(fileGrants).where(eq(fileGrants.fileId, word.id))).length).toBe(before);
    const downloadable = expectEnvelope(await createGrant({ ...body, fileId: word.id }), 201).body.data!;
    const terms = { from: downloadable.from, to: downloadable.to, viewOnly: true };
    expectFieldErrors(await refused(server, () => server.api('PUT', `/api/v1/file-grants/${downloadable.id}`, { token: token(SUPPORT), body: terms })), [
      'viewOnly',
    ]);
    expect((await grantRow(downloadable.id)).viewOnly).toBe(false);
    const guide = await makeManagedFile(demo, { fileName: 'guide.txt', contentType: 'text/plain', content: 'Step 1' });
    expectEnvelope(await createGrant({ ...body, fileId: guide.id, viewOnly: true }), 201);
  });
});

describe('changing a grant', () => {
  it('updates terms with If-Match; a stale version is 412; a download between does not make it stale', async () => {
    const file = await makeManagedFile(demo);
    const grant = await makeGrant(demo, { fileId: file.id, conditionType: 'partner', targetId: partnerIds['Acme Logistics'], downloadLimit: 3 });
    const read = await server.api<FileGrantDto>('GET', `/api/v1/file-grants/${grant.id}`, { token: token(SUPPORT) });
    const etag = read.headers.get('etag')!;
    await server.built.ctx.db.update(fileGrants).set({ downloadCount: 1 }).where(eq(fileGrants.id, grant.id));
    const terms = { from: read.body.data!.from, to: at(Date.parse(read.body.data!.to) + DAY), note: 'longer', downloadLimit: 4, viewOnly: true };
    const updated = await server.api<FileGrantDto>('PUT', `/api/v1/file-grants/${grant.id}`, {
      token: token(SUPPORT),
      body: terms,
      headers: { 'if-match': etag },
    });
    expectEnvelope(updated, 200);
    expect(updated.body.data!).toMatchObject({ note: 'longer', downloadLimit: 4, viewOnly: true, downloadCount: 1 });
    const stale = await refused(server, () =>
      server.api('PATCH', `/api/v1/file-grants/${grant.id}`, { token: token(SUPPORT), body: terms, headers: { 'if-match': etag } }),
    );
    expect(stale.status).toBe(412);
  });

  it('PATCH changes only the terms sent: the note alone keeps the window, limit and view-only as they were', async () => {
    const file = await makeManagedFile(demo);
    const grant = await makeGrant(demo, { fileId: file.id, conditionType: 'partner', targetId: partnerIds['Acme Logistics'], downloadLimit: 3 });
    const read = await server.api<FileGrantDto>('GET', `/api/v1/file-grants/${grant.id}`, { token: token(SUPPORT) });
    const patched = await server.api<FileGrantDto>('PATCH', `/api/v1/file-grants/${grant.id}`, {
      token: token(SUPPORT),
      body: { note: 'only the note' },
      headers: { 'if-match': read.headers.get('etag')! },
    });
    expectEnvelope(patched, 200);
    const { from, to, downloadLimit, viewOnly } = read.body.data!;
    expect(patched.body.data!).toMatchObject({ note: 'only the note', from, to, downloadLimit, viewOnly });
    const unknown = await refused(server, () => server.api('PATCH', `/api/v1/file-grants/${grant.id}`, { token: token(SUPPORT), body: { fileId: file.id } }));
    expect(unknown.status).toBe(400);
  });

  it('refuses to change a revoked grant (409)', async () => {
    const file = await makeManagedFile(demo);
    const grant = await makeGrant(demo, { fileId: file.id, conditionType: 'user', targetId: userIds['partner@acme.example'], revokedAt: new Date() });
    const terms = { from: at(Date.now()), to: at(Date.now() + DAY) };
    expectEnvelope(await refused(server, () => server.api('PUT', `/api/v1/file-grants/${grant.id}`, { token: token(SUPPORT), body: terms })), 409);
    expectEnvelope(await refused(server, () => server.api('POST', `/api/v1/file-grants/${grant.id}/extend`, { token: token(SUPPORT), body: {} })), 409);
  });

  it('extends by the configured days, caps at from + grantMaxDays, then answers 409; the expiry notice is cleared', async () => {
    const file = await makeManagedFile(demo);
    const { grantMaxDays, extendDays } = server.config.files;
    const from = Date.now() - DAY;
    const grant = await makeGrant(demo, {
      fileId: file.id,
      conditionType: 'role',
      targetId: roleIds.Partner,
      from: new Date(from),
      to: new Date(from + 2 * DAY),
    });
    await server.built.ctx.db.update(fileGrants).set({ expiryNoticeAt: new Date() }).where(eq(fileGrants.id, grant.id));
    const once = await server.api<FileGrantDto>('POST', `/api/v1/file-grants/${grant.id}/extend`, { token: token(SUPPORT), body: {} });
    expectEnvelope(once, 200);
    expect(Date.parse(once.body.data!.to)).toBe(from + (2 + extendDays) * DAY);
    expect((await grantRow(grant.id)).expiryNoticeAt).toBeNull();
    const capped = await server.api<FileGrantDto>('POST', `/api/v1/file-grants/${grant.id}/extend`, { token: token(SUPPORT), body: { days: 365 } });
    expect(Date.parse(capped.body.data!.to)).toBe(from + grantMaxDays * DAY);
    expectEnvelope(await refused(server, () => server.api('POST', `/api/v1/file-grants/${grant.id}/extend`, { token: token(SUPPORT), body: {} })), 409);
  });

  it('extends an ended grant from now', async () => {
    const file = await makeManagedFile(demo);
    const from = Date.now() - 10 * DAY;
    const grant = await makeGrant(demo, {
      fileId: file.id,
      conditionType: 'partner',
      targetId: partnerIds['Acme Logistics'],
      from: new Date(from),
      to: new Date(from + DAY),
    });
    const before = Date.now();
    const answer = await server.api<FileGrantDto>('POST', `/api/v1/file-grants/${grant.id}/extend`, { token: token(SUPPORT), body: { days: 2 } });
    expectEnvelope(answer, 200);
    expect(Date.parse(answer.body.data!.to)).toBeGreaterThanOrEqual(before + 2 * DAY);
    expect(answer.body.data!.state).toBe('active');
  });

  it('revokes, and revoking again is a 200 that changes nothing', async () => {
    const file = await makeManagedFile(demo);
    const grant = await makeGrant(demo, { fileId: file.id, conditionType: 'partner', targetId: partnerIds['Acme Logistics'] });
    const first = await server.api<FileGrantDto>('DELETE', `/api/v1/file-grants/${grant.id}`, { token: token(SUPPORT) });
    expectEnvelope(first, 200);
    expect(first.body.data!.state).toBe('revoked');
    const before = await server.snapshot();
    const again = await server.api<FileGrantDto>('DELETE', `/api/v1/file-grants/${grant.id}`, { token: token(SUPPORT) });
    expectEnvelope(again, 200);
    expect(again.body.data!.revokedAt).toBe(first.body.data!.revokedAt);
    expect(await server.snapshot()).toBe(before);
    expectEnvelope(await server.api('DELETE', `/api/v1/file-grants/${randomUUID()}`, { token: token(SUPPORT) }), 404);
  });
});

describe('searching grants', () => {
  it('finds the grants reaching a partner (its own and its users’), by state computed now', async () => {
    const file = await makeManagedFile(demo);
    const acme = partnerIds['Acme Logistics'];
    const now = Date.now();
    const partnerGrant = await makeGrant(demo, { fileId: file.id, conditionType: 'partner', targetId: acme });
    const userGrant = await makeGrant(demo, {
      fileId: file.id,
      conditionType: 'user',
      targetId: userIds['partner@acme.example'],
      from: new Date(now + DAY),
      to: new Date(now + 2 * DAY),
    });
    await makeGrant(demo, { fileId: file.id, conditionType: 'user', targetId: userIds['partner@globex.example'] });
    await makeGrant(demo, { fileId: file.id, conditionType: 'role', targetId: roleIds.Partner });
    const search = (body: Record<string, unknown>) =>
      server.api<PagedResult<FileGrantDto>>('POST', '/api/v1/file-grants/search', { token: token(SUPPORT), body: { fileId: file.id, ...body } });
    const reaching = await search({ partnerId: acme, orderBy: ['from asc'] });
    expectEnvelope(reaching, 200);
    expect(reaching.body.data!.items.map((g) => g.id)).toEqual([partnerGrant.id, userGrant.id]);
    expect(reaching.body.data!.totalCount).toBe(2);
    expect((await search({ partnerId: acme, state: 'scheduled' })).body.data!.items.map((g) => g.id)).toEqual([userGrant.id]);
    expect((await search({ conditionType: 'role' })).body.data!.items).toHaveLength(1);
    expect((await search({ keyword: 'acme log' })).body.data!.items.map((g) => g.id)).toEqual([partnerGrant.id]);
    expectEnvelope(await search({ state: 'sideways' }), 400);
  });
});

describe('who may grant', () => {
  it('gives a partner user 403 on every grant route', async () => {
    const file = await makeManagedFile(demo);
    const grant = await makeGrant(demo, { fileId: file.id, conditionType: 'partner', targetId: partnerIds['Acme Logistics'] });
    const partner = token('partner.admin@acme.example');
    const terms = { from: at(Date.now()), to: at(Date.now() + DAY) };
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/v1/file-grants/search', {}],
      ['GET', `/api/v1/file-grants/${grant.id}`],
      ['POST', '/api/v1/file-grants', { fileId: file.id, conditionType: 'partner', targetId: partnerIds['Acme Logistics'], ...terms }],
      ['PUT', `/api/v1/file-grants/${grant.id}`, terms],
      ['PATCH', `/api/v1/file-grants/${grant.id}`, terms],
      ['POST', `/api/v1/file-grants/${grant.id}/extend`, {}],
      ['DELETE', `/api/v1/file-grants/${grant.id}`],
    ];
    for (const [method, url, body] of calls) expectEnvelope(await refused(server, () => server.api(method, url, { token: partner, body })), 403);
  });

  it('takes prototype-named keys as plain keys: a 400, never a 500', async () => {
    const file = await makeManagedFile(demo);
    const grant = await makeGrant(demo, { fileId: file.id, conditionType: 'partner', targetId: partnerIds['Acme Logistics'] });
    for (const body of [JSON.parse('{"__proto__": {"days": 1}}'), { toString: 'x' }, { constructor: 'x' }]) {
      expectEnvelope(await refused(server, () => createGrant(body)), 400);
      expectEnvelope(await refused(server, () => server.api('PUT', `/api/v1/file-grants/${grant.id}`, { token: token(SUPPORT), body })), 400);
      expectEnvelope(await refused(server, () => server.api('POST', '/api/v1/file-grants/search', { token: token(SUPPORT), body })), 400);
    }
  });
});
