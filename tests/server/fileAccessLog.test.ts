import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { FileAccessLogDto } from '../../contract/files';
import filesApiEn from '../../i18n/filesApi.en';
import filesApiVi from '../../i18n/filesApi.vi';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { makeFileWithGrant } from './fileFixtures';
import { fetchContent, mintOver, viewOver } from './fileLinkFixtures';

const demo = useDemoServer();
const { server, token, userIds, partnerIds } = demo;

const searchLog = (body: object, as = token('admin@example.com')) =>
  server.api<PagedResult<FileAccessLogDto>>('POST', '/api/v1/file-access-log/search', { token: as, body });

/** A file Acme's partner user opened and downloaded once, and Globex's user opened. */
async function openedFile() {
  const { file, grant } = await makeFileWithGrant(
    demo,
    { conditionType: 'partner', targetId: partnerIds['Acme Logistics'] },
    { fileName: 'log, "quoted".pdf' },
  );
  const globexGrant = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partnerIds['Globex Trading'] });
  const acme = token('partner@acme.example');
  const view = (await viewOver(server, acme, (await mintOver(server, acme, file.id)).body.data!.token)).body.data!;
  await fetchContent(server, view.downloadUrl!, { 'user-agent': 'LogTest/1.0' });
  const globex = token('partner@globex.example');
  await viewOver(server, globex, (await mintOver(server, globex, globexGrant.file.id)).body.data!.token);
  return { file, grant, otherFile: globexGrant.file };
}

describe('the access log', () => {
  it('lists who opened or downloaded a file, through which grant, from where, newest first', async () => {
    const { file, grant } = await openedFile();
    const page = expectEnvelope(await searchLog({ fileId: file.id }), 200).body.data!;
    expect(page.totalCount).toBe(2);
    expect(page.items.map((row) => row.kind)).toEqual(['download', 'visit']);
    expect(page.items[0]).toMatchObject({
      fileId: file.id,
      fileName: file.fileName,
      userId: userIds['partner@acme.example'],
      partnerId: partnerIds['Acme Logistics'],
      partnerName: 'Acme Logistics',
      grantId: grant.id,
      client: 'LogTest/1.0',
    });
    expect(page.items[0].address).toMatch(/127\.0\.0\.1/);
    expect(page.items[0].userName.length).toBeGreaterThan(0);

    const downloads = (await searchLog({ fileId: file.id, kind: 'download' })).body.data!;
    expect(downloads.items.map((row) => row.kind)).toEqual(['download']);
    const oldestFirst = (await searchLog({ fileId: file.id, orderBy: ['at asc'] })).body.data!;
    expect(oldestFirst.items.map((row) => row.kind)).toEqual(['visit', 'download']);
  });

  it("shows a partner's rows only when asked per partner", async () => {
    const { file, otherFile } = await openedFile();
    const acmeRows = (await searchLog({ partnerId: partnerIds['Acme Logistics'], pageSize: 100 })).body.data!;
    expect(acmeRows.items.some((row) => row.fileId === file.id)).toBe(true);
    expect(acmeRows.items.every((row) => row.partnerId === partnerIds['Acme Logistics'])).toBe(true);
    expect(acmeRows.items.some((row) => row.fileId === otherFile.id)).toBe(false);
  });

  it('refuses an unknown filter, sort field or kind naming the field', async () => {
    for (const [body, field] of [
      [{ kind: 'print' }, 'kind'],
      [{ orderBy: ['userAgent'] }, 'orderBy'],
      [JSON.parse('{"__proto__":"x"}') as object, '__proto__'],
      [{ constructor: 'y' }, 'constructor'],
      [{ fileId: 'not-a-uuid' }, 'fileId'],
    ] as const) {
      const answer = await searchLog(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.map((e) => e.field)).toEqual([field]);
    }
  });

  it('exports the log as CSV with the headers in the caller language', async () => {
    const { file } = await openedFile();
    const admin = token('admin@example.com');
    const vi = await fetchContent(server, `/api/v1/file-access-log/export?fileId=${file.id}`, { authorization: `Bearer ${admin}`, 'client-language': 'vi' });
    expect(vi.status).toBe(200);
    expect(vi.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(vi.headers.get('x-total-count')).toBe('2');
    const lines = (await vi.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const csv = filesApiVi.filesApi.csv;
    expect(lines[0]).toBe([csv.fileName, csv.kind, csv.user, csv.partner, csv.grant, csv.address, csv.client, csv.at].join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^"log, ""quoted"".pdf",download,.*,Acme Logistics,/);

    const en = await fetchContent(server, `/api/v1/file-access-log/export?fileId=${file.id}&kind=visit`, { authorization: `Bearer ${admin}` });
    const enLines = (await en.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(enLines[0].startsWith(`${filesApiEn.filesApi.csv.fileName},${filesApiEn.filesApi.csv.kind}`)).toBe(true);
    expect(enLines).toHaveLength(2);
    expect(enLines[1]).toMatch(/^"log, ""quoted"".pdf",visit,/);
  });
});
