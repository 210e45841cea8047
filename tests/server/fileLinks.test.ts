import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TEXT_PREVIEW_MAX_BYTES, type AccessibleFileDto } from '../../contract/files';
import type { PagedResult } from '../../contract/envelope';
import { fileGrants, managedFiles } from '../../server/db/schema';
import { signFileToken } from '../../server/modules/files/fileLinkTokens';
import { expectEnvelope, refused } from './expectations';
import { unique, useDemoServer } from './factories';
import { makeFileWithGrant, makeGrant, makeManagedFile } from './fileFixtures';
import { fetchContent, HOUR, mintOver, viewOver, withDisposition } from './fileLinkFixtures';

const demo = useDemoServer();
const { server, token, userIds, partnerIds } = demo;
const ACME = () => ({ conditionType: 'partner' as const, targetId: partnerIds['Acme Logistics'] });
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAF0lEQVR4nGP8z0AaYBrVMKphVMPI1QAA8dMBH7lnVUQAAAAASUVORK5CYII=', 'base64');

const searchAccessible = (tokenOf: string, body: object) =>
  server.api<PagedResult<AccessibleFileDto>>('POST', '/api/v1/files/accessible/search', { token: tokenOf, body });

describe('the accessible files of the signed-in user', () => {
  it('lists each file once through its preferred grant, and the ended ones apart', async () => {
    const tag = unique('acc');
    const now = Date.now();
    const both = await makeManagedFile(demo, { fileName: `${tag}-both.pdf` });
    await makeGrant(demo, { ...ACME(), fileId: both.id, viewOnly: true, to: new Date(now + 48 * HOUR) });
    const downloadable = await makeGrant(demo, { ...ACME(), fileId: both.id, downloadLimit: 3, downloadCount: 1, to: new Date(now + 2 * HOUR) });
    const ended = await makeManagedFile(demo, { fileName: `${tag}-ended.pdf` });
    const endedAt = new Date(now - HOUR);
    await makeGrant(demo, { ...ACME(), fileId: ended.id, from: new Date(now - 5 * HOUR), to: endedAt });
    const future = await makeManagedFile(demo, { fileName: `${tag}-future.pdf` });
    await makeGrant(demo, { ...ACME(), fileId: future.id, from: new Date(now + HOUR), to: new Date(now + 2 * HOUR) });
    const deleted = await makeManagedFile(demo, { fileName: `${tag}-deleted.pdf`, deleted: true });
    await makeGrant(demo, { ...ACME(), fileId: deleted.id });

    const current = expectEnvelope(await searchAccessible(token('partner@acme.example'), { keyword: tag }), 200).body.data!;
    expect(current.totalCount).toBe(1);
    expect(current.items[0]).toMatchObject({ fileId: both.id, grantId: downloadable.id, viewOnly: false, downloadsLeft: 2, contentType: 'application/pdf' });
    const gone = (await searchAccessible(token('partner@acme.example'), { keyword: tag, include: 'ended' })).body.data!;
    expect(gone.items).toEqual([expect.objectContaining({ fileId: ended.id, expiresAt: endedAt.toISOString() })]);

    // Staff see only grants naming them; another partner sees none of Acme's.
    expect((await searchAccessible(token('admin@example.com'), { keyword: tag })).body.data!.totalCount).toBe(0);
    expect((await searchAccessible(token('partner@globex.example'), { keyword: tag })).body.data!.totalCount).toBe(0);
  });

  it('refuses an unknown include or filter naming the field', async () => {
    const answer = await searchAccessible(token('partner@acme.example'), { include: 'everything' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((e) => e.field)).toEqual(['include']);
    expect((await searchAccessible(token('partner@acme.example'), { toString: 'x' })).status).toBe(400);
  });
});

describe('the file page', () => {
  it('shows a PDF inline and downloads it as an attachment, under a policy that runs no script', async () => {
    const name = 'Báo "cáo"\u202Efdp.exe';
    const { file } = await makeFileWithGrant(demo, ACME(), { fileName: name });
    const partner = token('partner@acme.example');
    const link = expectEnvelope(await mintOver(server, partner, file.id), 201).body.data!;
    expect(link.url).toBe(`/file-request/view?token=${encodeURIComponent(link.token)}`);
    const view = expectEnvelope(await viewOver(server, partner, link.token), 200).body.data!;
    expect(view).toMatchObject({ fileName: name, inline: true, viewOnly: false, downloadsLeft: null });

    const inline = await fetchContent(server, view.contentUrl!);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toBe(`inline; filename="B_o _c_o__fdp.exe"; filename*=UTF-8''B%C3%A1o%20%22c%C3%A1o%22_fdp.exe`);
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff');
    expect(inline.headers.get('content-security-policy')).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox");
    expect(inline.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(inline.headers.get('cache-control')).toBe('private, no-store');
    expect(
      Buffer.from(await inline.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const attachment = await fetchContent(server, view.downloadUrl!);
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment; filename="B_o _c_o__fdp.exe"/);
    expect(attachment.headers.get('content-security-policy')).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox");
    expect(attachment.headers.get('x-frame-options')).toBe('DENY');
    expect(attachment.headers.get('accept-ranges')).toBe('bytes');
    const outside = await fetchContent(server, view.downloadUrl!, { range: 'bytes=100000-' });
    expect(outside.status).toBe(416);
  });

  it('serves a view-only grant inline with no download URL, and refuses an attachment of it', async () => {
    const { file } = await makeFileWithGrant(demo, { ...ACME(), viewOnly: true }, { content: PNG, contentType: 'image/png', fileName: 'map.png' });
    const partner = token('partner@acme.example');
    const view = (await viewOver(server, partner, (await mintOver(server, partner, file.id)).body.data!.token)).body.data!;
    expect(view).toMatchObject({ viewOnly: true, inline: true, downloadUrl: null });
    const inline = await fetchContent(server, view.contentUrl!);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('image/png');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/);
    const forced = await fetchContent(server, withDisposition(view.contentUrl!, 'attachment'));
    expect(forced.status).toBe(403);
    expect(forced.headers.get('content-disposition')).toBeNull();
    expect(await forced.json()).toMatchObject({ statusCode: 403, isSuccess: false });
  });

  it('offers a file that is not shown in the page (a text file over the preview bound) as a download only', async () => {
    const big = `a,b\n${'1,2\n'.repeat(TEXT_PREVIEW_MAX_BYTES / 4)}`;
    const { file } = await makeFileWithGrant(demo, ACME(), { content: big, contentType: 'text/csv', fileName: 'prices.csv' });
    const partner = token('partner@acme.example');
    const view = (await viewOver(server, partner, (await mintOver(server, partner, file.id)).body.data!.token)).body.data!;
    expect(view).toMatchObject({ inline: false, contentUrl: null });
    const inline = await fetchContent(server, withDisposition(view.downloadUrl!, 'inline'));
    expect(inline.status).toBe(400);
    expect(((await inline.json()) as { errors: unknown }).errors).toEqual([{ field: 'disposition', message: expect.any(String) }]);
    const download = await fetchContent(server, view.downloadUrl!);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await download.text()).toBe(big);
  });

  it('shows a text file of a view-only grant in the page, as text under the no-script policy, and refuses its download', async () => {
    const text = 'Welcome <script>alert(1)</script>\nStep 1: sign in\n';
    const { file } = await makeFileWithGrant(demo, { ...ACME(), viewOnly: true }, { content: text, contentType: 'text/plain', fileName: 'guide.txt' });
    const partner = token('partner@acme.example');
    const view = (await viewOver(server, partner, (await mintOver(server, partner, file.id)).body.data!.token)).body.data!;
    expect(view).toMatchObject({ viewOnly: true, inline: true, downloadUrl: null });
    const shown = await fetchContent(server, view.contentUrl!);
    expect(shown.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(shown.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(shown.headers.get('content-security-policy')).toContain('sandbox');
    expect(await shown.text()).toBe(text);
    expect((await fetchContent(server, withDisposition(view.contentUrl!, 'attachment'))).status).toBe(403);
  });

  it('refuses a link of a deleted file as not found, and a revoked one as revoked, never with the file', async () => {
    const { file, grant } = await makeFileWithGrant(demo, ACME());
    const partner = token('partner@acme.example');
    const link = (await mintOver(server, partner, file.id)).body.data!;
    const view = (await viewOver(server, partner, link.token)).body.data!;
    await server.built.ctx.db.update(fileGrants).set({ revokedAt: new Date() }).where(eq(fileGrants.id, grant.id));
    const revoked = expectEnvelope(await viewOver(server, partner, link.token), 410);
    expect(revoked.body.errors).toEqual([{ field: 'token', message: 'revoked' }]);
    const content = await fetchContent(server, view.downloadUrl!);
    expect(content.status).toBe(410);
    expect(content.headers.get('content-type')).toMatch(/^application\/json/);

    const other = await makeFileWithGrant(demo, ACME());
    const otherLink = (await mintOver(server, partner, other.file.id)).body.data!;
    await server.built.ctx.db.update(managedFiles).set({ deletedAt: new Date() }).where(eq(managedFiles.id, other.file.id));
    const missing = expectEnvelope(await viewOver(server, partner, otherLink.token), 404);
    expect(missing.body.errors).toEqual([{ field: 'token', message: 'notFound' }]);
  });

  it('answers a refusal in the reader language', async () => {
    const partner = token('partner@acme.example');
    const answer = await server.api('GET', `/api/v1/file-links/view?token=not.a.token`, { token: partner, headers: { 'client-language': 'vi' } });
    expectEnvelope(answer, 404);
    expect(answer.body.message).not.toBe('This link does not lead to a file you may open.');
    expect(answer.body.errors).toEqual([{ field: 'token', message: 'notFound' }]);
  });
});

/** A link of partner@acme.example, visited, with the ticket of its content. */
async function openedLink() {
  const { file } = await makeFileWithGrant(demo, ACME());
  const partner = token('partner@acme.example');
  const link = (await mintOver(server, partner, file.id)).body.data!;
  const view = (await viewOver(server, partner, link.token)).body.data!;
  return { partner, link, ticket: new URL(view.contentUrl!, 'http://portal').searchParams.get('ticket')! };
}

describe('the tokens of a link', () => {
  it('refuses a forged, tampered, expired or foreign-typed token, and an access token used as a link', async () => {
    const { partner, link, ticket } = await openedLink();
    const [header, payload, signature] = link.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const secret = server.built.ctx.config.jwtSecret;

    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: Number(claims.exp) + 3600 })).toString('base64url')}.${signature}`;
    const withJwtSecret = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const expired = await signFileToken(secret, 'file-link', { lid: String(claims.lid), sub: userIds['partner@acme.example'] }, new Date(Date.now() - 1000));
    for (const [bad, refusal, status] of [
      [tampered, 'notFound', 404],
      [withJwtSecret, 'notFound', 404],
      [partner, 'notFound', 404],
      [ticket, 'notFound', 404],
      [expired, 'expired', 410],
    ] as const) {
      const answer = await refused(server, () => viewOver(server, partner, bad));
      expect(answer.status, bad).toBe(status);
      expect(answer.body.errors).toEqual([{ field: 'token', message: refusal }]);
    }
    const asTicket = await fetchContent(server, `/api/v1/file-links/content?ticket=${encodeURIComponent(link.token)}&disposition=inline`);
    expect(asTicket.status).toBe(404);
    const accessAsTicket = await fetchContent(server, `/api/v1/file-links/content?ticket=${encodeURIComponent(partner)}&disposition=inline`);
    expect(accessAsTicket.status).toBe(404);
  });

  it('never accepts a link or a ticket as an access token', async () => {
    const { link, ticket } = await openedLink();
    for (const credential of [link.token, ticket]) {
      expect((await server.api('POST', '/api/v1/files/accessible/search', { token: credential, body: {} })).status).toBe(401);
    }
  });

  it('asks for a token and a ticket, naming the missing field', async () => {
    const partner = token('partner@acme.example');
    const view = await server.api('GET', '/api/v1/file-links/view', { token: partner });
    expect(view.status).toBe(400);
    expect(view.body.errors?.map((e) => e.field)).toEqual(['token']);
    const content = await fetchContent(server, '/api/v1/file-links/content?disposition=sideways');
    expect(content.status).toBe(400);
    expect(((await content.json()) as { errors: { field: string }[] }).errors.map((e) => e.field).sort()).toEqual(['disposition', 'ticket']);
  });
});
