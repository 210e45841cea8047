import { describe, expect, it } from 'vitest';
import { expectEnvelope, refused } from './expectations';
import { unique, useDemoServer } from './factories';
import { makeFileWithGrant } from './fileFixtures';
import { fetchContent, mintOver, viewOver } from './fileLinkFixtures';

const demo = useDemoServer();
const { server, token, partnerIds } = demo;

describe("another partner's files and links", () => {
  it("gives partner@globex.example 404 for minting a link to Acme's file, for Acme's link, and none of Acme's files in its list", async () => {
    const tag = unique('iso');
    const { file } = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partnerIds['Acme Logistics'] }, { fileName: `${tag}.pdf` });
    const acme = token('partner@acme.example');
    const globex = token('partner@globex.example');
    const link = (await mintOver(server, acme, file.id)).body.data!;

    const minted = expectEnvelope(await refused(server, () => mintOver(server, globex, file.id)), 404);
    expect(minted.body.message).toBe('Sorry, data not found!');
    const viewed = expectEnvelope(await refused(server, () => viewOver(server, globex, link.token)), 404);
    expect(viewed.body.errors).toEqual([{ field: 'token', message: 'notFound' }]);
    const listed = await server.api<{ totalCount: number }>('POST', '/api/v1/files/accessible/search', { token: globex, body: { keyword: tag } });
    expect(listed.body.data!.totalCount).toBe(0);
    const ended = await server.api<{ totalCount: number }>('POST', '/api/v1/files/accessible/search', {
      token: globex,
      body: { keyword: tag, include: 'ended' },
    });
    expect(ended.body.data!.totalCount).toBe(0);

    // A colleague at Acme cannot open partner@acme.example's link either: links are per user.
    const colleague = token('partner.admin@acme.example');
    expectEnvelope(await refused(server, () => viewOver(server, colleague, link.token)), 404);
  });

  it('answers a missing, malformed or foreign file id alike, so nothing can be probed', async () => {
    const { file } = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partnerIds['Globex Trading'] });
    const acme = token('partner@acme.example');
    const answers = await Promise.all([file.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'].map((id) => mintOver(server, acme, id)));
    for (const answer of answers) expectEnvelope(answer, 404, 'Sorry, data not found!');
  });

  it('keeps the access log and its export from partners', async () => {
    const acme = token('partner@acme.example');
    expect((await server.api('POST', '/api/v1/file-access-log/search', { token: acme, body: {} })).status).toBe(403);
    expect((await fetchContent(server, '/api/v1/file-access-log/export', { authorization: `Bearer ${acme}` })).status).toBe(403);
  });
});
