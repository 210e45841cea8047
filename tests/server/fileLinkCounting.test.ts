import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileAccessLog, fileGrants, managedFiles } from '../../server/db/schema';
import { recordEvents } from './eventRecorder';
import { useDemoServer } from './factories';
import { makeFileWithGrant } from './fileFixtures';
import { CLIENT, fetchContent, linkServiceOf, mintOver, principalOf, viewOver } from './fileLinkFixtures';

const demo = useDemoServer();
const { server, token, userIds, partnerIds } = demo;
const db = () => server.built.ctx.db;

const TEXT = 'The quick brown fox jumps over the lazy dog.\n'.repeat(40);

async function countsOf(fileId: string, grantId: string) {
  const [file] = await db().select().from(managedFiles).where(eq(managedFiles.id, fileId));
  const [grant] = await db().select().from(fileGrants).where(eq(fileGrants.id, grantId));
  const log = await db().select().from(fileAccessLog).where(eq(fileAccessLog.fileId, fileId));
  return {
    visits: file.visitCount,
    downloads: file.downloadCount,
    grantDownloads: grant.downloadCount,
    logged: { visit: log.filter((r) => r.kind === 'visit').length, download: log.filter((r) => r.kind === 'download').length },
    log,
  };
}

const acmeGrant = { conditionType: 'partner' as const, targetId: '' };

describe('counting an opening', () => {
  it('counts a visit and a download once per opening (a HEAD request none), with the address and client in the log', async () => {
    const { file, grant } = await makeFileWithGrant(demo, { ...acmeGrant, targetId: partnerIds['Acme Logistics'], downloadLimit: 5 });
    const partner = token('partner@acme.example');
    const recorder = recordEvents(server.built.ctx.events, 'ResourceChanged');
    const link = (await mintOver(server, partner, file.id)).body.data!;
    const view = (await viewOver(server, partner, link.token)).body.data!;
    await viewOver(server, partner, link.token);
    const head = await fetch(server.url + view.downloadUrl!, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await countsOf(file.id, grant.id)).toMatchObject({ downloads: 0, grantDownloads: 0, logged: { download: 0 } });
    const agent = `Browser/${'x'.repeat(400)}`;
    for (let i = 0; i < 2; i += 1) expect((await fetchContent(server, view.downloadUrl!, { 'user-agent': agent })).status).toBe(200);
    recorder.stop();

    const counts = await countsOf(file.id, grant.id);
    expect(counts).toMatchObject({ visits: 1, downloads: 1, grantDownloads: 1, logged: { visit: 1, download: 1 } });
    const download = counts.log.find((r) => r.kind === 'download')!;
    expect(download).toMatchObject({ userId: userIds['partner@acme.example'], partnerId: partnerIds['Acme Logistics'], grantId: grant.id });
    expect(download.address).toMatch(/127\.0\.0\.1/);
    expect(download.client).toBe(agent.slice(0, 300));
    expect(recorder.events().filter((e) => e.resource === 'files' && e.id === file.id && e.action === 'updated')).toHaveLength(2);

    const again = (await mintOver(server, partner, file.id)).body.data!;
    const second = (await viewOver(server, partner, again.token)).body.data!;
    expect(second.downloadsLeft).toBe(4);
    expect((await fetchContent(server, second.downloadUrl!)).status).toBe(200);
    expect(await countsOf(file.id, grant.id)).toMatchObject({ visits: 2, downloads: 2, grantDownloads: 2 });
  });

  it('lets exactly 30 of 50 concurrent openings of a grant limited to 30 download, and refuses the rest as exhausted', async () => {
    const { file, grant } = await makeFileWithGrant(
      demo,
      { ...acmeGrant, targetId: partnerIds['Acme Logistics'], downloadLimit: 30 },
      { content: TEXT, contentType: 'text/plain', fileName: 'fox.txt' },
    );
    const links = linkServiceOf(server);
    const principal = await principalOf(server, userIds['partner@acme.example']);
    const urls: string[] = [];
    for (let i = 0; i < 50; i += 1) urls.push((await links.view(principal, (await links.mint(principal, file.id)).token, CLIENT)).downloadUrl!);

    const answers = await Promise.all(urls.map((url) => fetchContent(server, url).then(async (r) => ({ status: r.status, text: await r.text() }))));
    const served = answers.filter((a) => a.status === 200);
    expect(served).toHaveLength(30);
    for (const a of served) expect(a.text).toBe(TEXT);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual(Array(20).fill(410));
    expect(JSON.parse(refused[0].text)).toMatchObject({ errors: [{ field: 'ticket', message: 'exhausted' }] });
    expect(await countsOf(file.id, grant.id)).toMatchObject({ visits: 50, downloads: 30, grantDownloads: 30, logged: { visit: 50, download: 30 } });
  });

  it('counts one download for 50 concurrent range requests of one opening', async () => {
    const { file, grant } = await makeFileWithGrant(
      demo,
      { ...acmeGrant, targetId: partnerIds['Acme Logistics'], downloadLimit: 2 },
      { content: TEXT, contentType: 'text/plain', fileName: 'fox.txt' },
    );
    const partner = token('partner@acme.example');
    const view = (await viewOver(server, partner, (await mintOver(server, partner, file.id)).body.data!.token)).body.data!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetchContent(server, view.downloadUrl!, { range: `bytes=${i * 10}-${i * 10 + 9}` }).then(async (r) => ({ status: r.status, text: await r.text() })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(206));
    answers.forEach((a, i) => expect(a.text).toBe(TEXT.slice(i * 10, i * 10 + 10)));
    expect(await countsOf(file.id, grant.id)).toMatchObject({ downloads: 1, grantDownloads: 1, logged: { download: 1 } });
  });

  it('keeps serving the opening that took the last download, and refuses other openings as exhausted', async () => {
    const { file, grant } = await makeFileWithGrant(demo, { ...acmeGrant, targetId: partnerIds['Acme Logistics'], downloadLimit: 1 });
    const partner = token('partner@acme.example');
    const view = (await viewOver(server, partner, (await mintOver(server, partner, file.id)).body.data!.token)).body.data!;
    const waiting = (await mintOver(server, partner, file.id)).body.data!;
    expect((await fetchContent(server, view.downloadUrl!)).status).toBe(200);
    expect((await fetchContent(server, view.downloadUrl!, { range: 'bytes=0-3' })).status).toBe(206);
    const late = await viewOver(server, partner, waiting.token);
    expect(late.status).toBe(410);
    expect(late.body.errors).toEqual([{ field: 'token', message: 'exhausted' }]);
    expect((await fetchContent(server, view.contentUrl!)).status).toBe(200);
    expect((await mintOver(server, partner, file.id)).status).toBe(404);

    expect(await countsOf(file.id, grant.id)).toMatchObject({ downloads: 1, grantDownloads: 1 });
  });
});
