import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MANAGED_FILE_MAX_BYTES, type FileGrantDto, type ManagedFileDto } from '../../contract/files';
import type { PagedResult } from '../../contract/envelope';
import { fileAccessLog, fileGrants, managedFiles } from '../../server/db/schema';
import { useDemoServer } from './factories';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { makeGrant, makeManagedFile, SAMPLE_PDF } from './fileFixtures';
import { filesOnDisk, SAMPLE_EXE, SAMPLE_PNG, uploadFiles } from './managedFileRequests';

const demo = useDemoServer();
const { server, token, partnerIds, make } = demo;
const SUPPORT = 'support@example.com';
const ADMIN = 'admin@example.com';

/** Uploads through the API, and undoes the rows and bytes after the test. */
async function upload(parts: Parameters<typeof uploadFiles>[2], as = SUPPORT) {
  const answer = await uploadFiles<ManagedFileDto[]>(server, token(as), parts);
  const ids = answer.body?.data?.map((f) => f.id) ?? [];
  if (ids.length)
    make.onCleanup(async () => {
      const db = server.built.ctx.db;
      const rows = await db.select().from(managedFiles).where(inArray(managedFiles.id, ids));
      await db.delete(fileAccessLog).where(inArray(fileAccessLog.fileId, ids));
      await db.delete(fileGrants).where(inArray(fileGrants.fileId, ids));
      await db.delete(managedFiles).where(inArray(managedFiles.id, ids));
      for (const row of rows) await server.built.ctx.files.area('files').delete(row.storageKey);
    });
  return answer;
}

const rowOf = async (id: string) => (await server.built.ctx.db.select().from(managedFiles).where(eq(managedFiles.id, id)))[0];
const bytesExist = async (key: string) => (await server.built.ctx.files.area('files').stat(key)) !== null;

describe('uploading to the file manager', () => {
  it('stores many files of one upload, each typed by its bytes', async () => {
    const answer = await upload([
      { name: 'a.pdf', content: SAMPLE_PDF },
      { name: 'b.png', content: SAMPLE_PNG },
      { name: 'c.txt', content: 'plain words' },
    ]);
    expectEnvelope(answer, 201);
    expect(answer.body.data!.map((f) => [f.fileName, f.contentType])).toEqual([
      ['a.pdf', 'application/pdf'],
      ['b.png', 'image/png'],
      ['c.txt', 'text/plain'],
    ]);
    expect(answer.body.data!.every((f) => f.downloadCount === 0 && f.visitCount === 0 && f.activeGrantCount === 0)).toBe(true);
  });

  it('types content by its bytes, not its name: a PNG named .pdf is an image', async () => {
    const answer = expectEnvelope(await upload([{ name: 'report.pdf', content: SAMPLE_PNG, type: 'application/pdf' }]), 201);
    expect(answer.body.data![0].contentType).toBe('image/png');
  });

  it('refuses an executable named .pdf with 415, leaving nothing on disk', async () => {
    const before = filesOnDisk(server);
    const answer = await refused(server, () => upload([{ name: 'invoice.pdf', content: SAMPLE_EXE, type: 'application/pdf' }]));
    expectEnvelope(answer, 415);
    expect(filesOnDisk(server)).toEqual(before);
  });

  it('cleans names: folders dropped, control and bidi characters replaced', async () => {
    const answer = expectEnvelope(
      await upload([
        { name: '../../etc/passwd', content: 'root' },
        { name: 'inv\u202Efdp.exe.txt', content: 'bidi' },
        { name: 'tab\u0001name\u2066.txt', content: 'ctl' },
        { name: '..\\..\\boot.txt', content: 'win' },
      ]),
      201,
    );
    expect(answer.body.data!.map((f) => f.fileName)).toEqual(['passwd', 'inv_fdp.exe.txt', 'tab_name_.txt', 'boot.txt']);
    for (const file of answer.body.data!) expect((await rowOf(file.id)).storageKey).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/);
  });

  it('refuses a name with a NUL (400), storing nothing', async () => {
    const before = filesOnDisk(server);
    expectEnvelope(await refused(server, () => upload([{ name: 'a\u0000b.txt', content: 'nul' }])), 400);
    expect(filesOnDisk(server)).toEqual(before);
  });

  it('refuses a file of 50 MB + 1 byte with 413, leaving no file on disk and no row', async () => {
    const before = filesOnDisk(server);
    const big = Buffer.alloc(MANAGED_FILE_MAX_BYTES + 1, 0x41);
    const answer = await refused(server, () =>
      upload([
        { name: 'small.txt', content: 'fine' },
        { name: 'big.txt', content: big },
      ]),
    );
    expectEnvelope(answer, 413);
    expect(filesOnDisk(server)).toEqual(before);
  });

  it('refuses an upload without files (400) and more than 20 files (400), storing nothing', async () => {
    expectFieldErrors(await refused(server, () => upload([])), ['files']);
    const before = filesOnDisk(server);
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.txt`, content: `file ${i}` }));
    expectFieldErrors(await refused(server, () => upload(many)), ['files']);
    expect(filesOnDisk(server)).toEqual(before);
  });
});

describe('managing a file', () => {
  it('renames with If-Match; a stale version is 412 with the current file, and a download between does not make it stale', async () => {
    const file = await makeManagedFile(demo, { fileName: 'old.pdf' });
    const read = await server.api<ManagedFileDto>('GET', `/api/v1/files/${file.id}`, { token: token(SUPPORT) });
    expectEnvelope(read, 200);
    const etag = read.headers.get('etag')!;
    expect(etag).toBe(`"${read.body.data!.version}"`);
    // A counted opening (another helper's route) moves the counts, not the version.
    await server.built.ctx.db.update(managedFiles).set({ downloadCount: 3, visitCount: 4, updatedAt: new Date() }).where(eq(managedFiles.id, file.id));
    const renamed = await server.api<ManagedFileDto>('PUT', `/api/v1/files/${file.id}`, {
      token: token(SUPPORT),
      body: { fileName: 'new.pdf' },
      headers: { 'if-match': etag },
    });
    expectEnvelope(renamed, 200);
    expect(renamed.body.data!.fileName).toBe('new.pdf');
    const stale = await refused(server, () =>
      server.api<ManagedFileDto>('PATCH', `/api/v1/files/${file.id}`, { token: token(ADMIN), body: { fileName: 'other.pdf' }, headers: { 'if-match': etag } }),
    );
    expect(stale.status).toBe(412);
    expect((stale.body.data as unknown as ManagedFileDto).fileName).toBe('new.pdf');
  });

  it('lets one of two renames from the same version win; the other is 412', async () => {
    const file = await makeManagedFile(demo, { fileName: 'race.pdf' });
    const read = await server.api<ManagedFileDto>('GET', `/api/v1/files/${file.id}`, { token: token(SUPPORT) });
    const headers = { 'if-match': read.headers.get('etag')! };
    const answers = await Promise.all(
      ['first.pdf', 'second.pdf'].map((fileName) => server.api('PUT', `/api/v1/files/${file.id}`, { token: token(SUPPORT), body: { fileName }, headers })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
  });

  it('refuses to replace a deleted file (404), storing nothing', async () => {
    const file = await makeManagedFile(demo, { deleted: true });
    const before = filesOnDisk(server);
    const answer = await refused(server, () =>
      uploadFiles(server, token(SUPPORT), [{ name: 'a.txt', content: 'a', field: 'file' }], { method: 'PUT', url: `/api/v1/files/${file.id}/content` }),
    );
    expectEnvelope(answer, 404);
    expect(filesOnDisk(server)).toEqual(before);
  });

  it('refuses renames with folders or control characters (400, nothing changed)', async () => {
    const file = await makeManagedFile(demo);
    for (const fileName of ['../../etc/passwd', 'a\u0000b.pdf', 'inv\u202Efdp.exe', 'a\\b.pdf', '..', '', 'x'.repeat(256)]) {
      const answer = await refused(server, () => server.api('PUT', `/api/v1/files/${file.id}`, { token: token(SUPPORT), body: { fileName } }));
      expectFieldErrors(answer, ['fileName']);
    }
  });

  it('replaces the content keeping id, name, grants, counts and log; the old bytes go', async () => {
    const file = await makeManagedFile(demo, { fileName: 'contract.pdf' });
    await server.built.ctx.db.update(managedFiles).set({ downloadCount: 2, visitCount: 5 }).where(eq(managedFiles.id, file.id));
    const grant = await makeGrant(demo, { fileId: file.id, conditionType: 'partner', targetId: partnerIds['Acme Logistics'] ?? Object.values(partnerIds)[0] });
    await server.built.ctx.db.insert(fileAccessLog).values({ fileId: file.id, kind: 'visit', userId: demo.userIds[ADMIN], grantId: grant.id });
    const answer = await uploadFiles<ManagedFileDto>(server, token(SUPPORT), [{ name: 'whatever.png', content: SAMPLE_PNG, field: 'file' }], {
      method: 'PUT',
      url: `/api/v1/files/${file.id}/content`,
    });
    expectEnvelope(answer, 200);
    const after = await rowOf(file.id);
    make.onCleanup(() => server.built.ctx.files.area('files').delete(after.storageKey));
    expect(answer.body.data!).toMatchObject({
      id: file.id,
      fileName: 'contract.pdf',
      contentType: 'image/png',
      size: SAMPLE_PNG.length,
      downloadCount: 2,
      visitCount: 5,
      activeGrantCount: 1,
    });
    expect(answer.body.data!.replacedAt).not.toBeNull();
    expect(after.storageKey).not.toBe(file.storageKey);
    expect(await bytesExist(file.storageKey)).toBe(false);
    expect(await bytesExist(after.storageKey)).toBe(true);
    expect((await server.built.ctx.db.select().from(fileAccessLog).where(eq(fileAccessLog.fileId, file.id))).length).toBe(1);
    expect((await server.built.ctx.db.select().from(fileGrants).where(eq(fileGrants.fileId, file.id)))[0].revokedAt).toBeNull();
  });

  it('replaces with exactly one file: two are refused, keeping the old bytes and storing none', async () => {
    const file = await makeManagedFile(demo);
    const before = filesOnDisk(server);
    const answer = await refused(server, () =>
      uploadFiles(
        server,
        token(SUPPORT),
        [
          { name: 'a.txt', content: 'a', field: 'file' },
          { name: 'b.txt', content: 'b', field: 'file' },
        ],
        { method: 'PUT', url: `/api/v1/files/${file.id}/content` },
      ),
    );
    expectFieldErrors(answer, ['file']);
    expect(filesOnDisk(server)).toEqual(before);
    expect(await bytesExist(file.storageKey)).toBe(true);
  });

  it('deletes softly: its grants are revoked, its bytes removed, it leaves the list and reads as 404', async () => {
    const file = await makeManagedFile(demo);
    const grant = await makeGrant(demo, { fileId: file.id, conditionType: 'user', targetId: demo.userIds['partner@acme.example'] });
    expectEnvelope(await server.api('DELETE', `/api/v1/files/${file.id}`, { token: token(SUPPORT) }), 200);
    const row = await rowOf(file.id);
    expect(row.deletedAt).not.toBeNull();
    expect(await bytesExist(file.storageKey)).toBe(false);
    const [revoked] = await server.built.ctx.db.select().from(fileGrants).where(eq(fileGrants.id, grant.id));
    expect(revoked.revokedAt).not.toBeNull();
    expect(revoked.revokedBy).toBe(demo.userIds[SUPPORT]);
    expectEnvelope(await server.api('GET', `/api/v1/files/${file.id}`, { token: token(SUPPORT) }), 404);
    expectEnvelope(await server.api('DELETE', `/api/v1/files/${file.id}`, { token: token(SUPPORT) }), 404);
    const list = await server.api<PagedResult<ManagedFileDto>>('POST', '/api/v1/files/search', { token: token(SUPPORT), body: { ids: [file.id] } });
    expect(list.body.data!.items).toEqual([]);
    const grants = await server.api<FileGrantDto>('GET', `/api/v1/file-grants/${grant.id}`, { token: token(SUPPORT) });
    expect(grants.body.data!.state).toBe('revoked');
  });

  it('lets staff download a file: logged without a grant, the counts untouched', async () => {
    const file = await makeManagedFile(demo, { fileName: 'report.pdf' });
    const answer = await fetch(`${server.url}/api/v1/files/${file.id}/content`, {
      headers: { authorization: `Bearer ${token(SUPPORT)}`, 'user-agent': 'test-agent' },
    });
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(SAMPLE_PDF);
    expect(answer.headers.get('content-disposition')).toContain('attachment');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const log = await server.built.ctx.db
      .select()
      .from(fileAccessLog)
      .where(and(eq(fileAccessLog.fileId, file.id), eq(fileAccessLog.userId, demo.userIds[SUPPORT])));
    expect(log).toMatchObject([{ kind: 'download', grantId: null, client: 'test-agent' }]);
    expect(await rowOf(file.id)).toMatchObject({ downloadCount: 0, visitCount: 0 });
  });

  it('logs a staff download resumed by ranges once', async () => {
    const file = await makeManagedFile(demo);
    const get = (range: string) => fetch(`${server.url}/api/v1/files/${file.id}/content`, { headers: { authorization: `Bearer ${token(SUPPORT)}`, range } });
    expect((await get('bytes=0-9')).status).toBe(206);
    expect((await get('bytes=10-')).status).toBe(206);
    expect(await server.built.ctx.db.select().from(fileAccessLog).where(eq(fileAccessLog.fileId, file.id))).toHaveLength(1);
  });

  it('searches by keyword, ids and sort, and exports the same as CSV', async () => {
    const a = await makeManagedFile(demo, { fileName: 'zeta-search-mark.pdf' });
    const b = await makeManagedFile(demo, { fileName: 'alpha-search-mark.pdf' });
    const page = await server.api<PagedResult<ManagedFileDto>>('POST', '/api/v1/files/search', {
      token: token(SUPPORT),
      body: { keyword: 'SEARCH-MARK', orderBy: ['fileName asc'] },
    });
    expectEnvelope(page, 200);
    expect(page.body.data!.items.map((f) => f.id)).toEqual([b.id, a.id]);
    const csv = await fetch(`${server.url}/api/v1/files/export?keyword=search-mark&orderBy=fileName%20desc`, {
      headers: { authorization: `Bearer ${token(SUPPORT)}` },
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('zeta-search-mark.pdf');
    expectEnvelope(await server.api('POST', '/api/v1/files/search', { token: token(SUPPORT), body: { orderBy: ['storageKey asc'] } }), 400);
  });
});

describe('who may manage files', () => {
  it('gives a partner user 403 on every manager route', async () => {
    const file = await makeManagedFile(demo);
    const partner = token('partner.admin@acme.example');
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/v1/files/search', {}],
      ['GET', `/api/v1/files/${file.id}`],
      ['PUT', `/api/v1/files/${file.id}`, { fileName: 'x.pdf' }],
      ['PATCH', `/api/v1/files/${file.id}`, { fileName: 'x.pdf' }],
      ['GET', `/api/v1/files/${file.id}/content`],
      ['DELETE', `/api/v1/files/${file.id}`],
      ['GET', '/api/v1/files/export'],
    ];
    for (const [method, url, body] of calls) expectEnvelope(await refused(server, () => server.api(method, url, { token: partner, body })), 403);
    const before = filesOnDisk(server);
    expectEnvelope(await refused(server, () => uploadFiles(server, partner, [{ name: 'a.txt', content: 'a' }])), 403);
    expectEnvelope(
      await refused(server, () =>
        uploadFiles(server, partner, [{ name: 'a.txt', content: 'a', field: 'file' }], { method: 'PUT', url: `/api/v1/files/${file.id}/content` }),
      ),
      403,
    );
    expect(filesOnDisk(server)).toEqual(before);
  });

  it('takes prototype-named keys as plain keys: a 400, never a 500', async () => {
    const file = await makeManagedFile(demo);
    for (const body of [JSON.parse('{"__proto__": {"fileName": "x.pdf"}}'), { toString: 'x.pdf' }, { constructor: { fileName: 'x' } }]) {
      expectEnvelope(await refused(server, () => server.api('PUT', `/api/v1/files/${file.id}`, { token: token(SUPPORT), body })), 400);
      expectEnvelope(await refused(server, () => server.api('POST', '/api/v1/files/search', { token: token(SUPPORT), body })), 400);
    }
  });
});
