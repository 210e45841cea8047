import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UserDto } from '../../contract/users';
import { runSeeds } from '../../server/modules/seeding';
import { storedFileAreas, sweepStoredFiles } from '../../server/modules/storedFileAreas';
import { avatarKeyOf } from '../../server/modules/users/avatar';
import { expectEnvelope } from './expectations';
import { unique, useDemoServer, whileAuditRefuses } from './factories';
import { multipartFile, partnerWithForm, PNG } from './partnerFormsFixtures';

/** No bytes outlive the row that would name them (issue 20, item 5). */
const demo = useDemoServer();
const { server, make, roleIds, partnerIds } = demo;

const HOUR = 60 * 60 * 1000;
const areaDir = (area: string) => path.join(server.config.dataDir, 'files', area);
const filesIn = (area: string) => (fs.existsSync(areaDir(area)) ? fs.readdirSync(areaDir(area)).sort() : []);
/** Makes a file look last written `ms` ago, as one left by a process killed that long ago. */
const age = (area: string, key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  fs.utimesSync(path.join(areaDir(area), key), when, when);
};

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const image = (bytes: Buffer, extension: 'png' | 'gif') => ({
  name: `me.${extension}`,
  extension,
  data: `data:image/${extension};base64,${bytes.toString('base64')}`,
});

describe('orphan files', () => {
  it('an answer file whose row insert fails is removed, and the refusal leaves no bytes behind', async () => {
    const form = await partnerWithForm(demo);
    const marker = unique('refused-');
    const before = filesIn('partner-forms');
    await whileAuditRefuses(server, marker, async () => {
      const answer = await server.api('POST', `${form.url}/files`, { token: form.user.token, ...multipartFile('licence', `${marker}.png`, PNG) });
      expect(answer.status).toBe(500);
    });
    expect(filesIn('partner-forms')).toEqual(before);
  });

  it('the sweep removes, in every area, a stray file over an hour old that no row holds; a young stray and an old held file stay', async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    const profile = await server.api<UserDto>('PUT', '/api/users/profile', {
      token: user.token,
      body: { firstName: 'Orphan', lastName: 'Sweep', image: image(PNG, 'png') },
    });
    const heldAvatar = avatarKeyOf(expectEnvelope(profile, 200).body.data!.imageUrl)!;

    const { ctx } = server.built;
    const kept: { area: string; key: string }[] = [];
    const strays: { area: string; key: string }[] = [];
    for (const area of storedFileAreas(ctx)) {
      const old = await area.store.put(Buffer.from(`old stray of ${area.name}`), { extension: 'txt' });
      age(area.name, old.key, 2 * HOUR);
      strays.push({ area: area.name, key: old.key });
      const young = await area.store.put(Buffer.from(`young stray of ${area.name}`), { extension: 'txt' });
      age(area.name, young.key, HOUR / 2);
      kept.push({ area: area.name, key: young.key });
      // One file a row holds (the demo's, or the avatar just set), made old.
      const held = area.name === 'avatars' ? heldAvatar : (await area.held(filesIn(area.name))).values().next().value;
      expect(held, `a held file in ${area.name}`).toBeDefined();
      age(area.name, held!, 3 * HOUR);
      kept.push({ area: area.name, key: held! });
    }

    const removed = await sweepStoredFiles(ctx);

    for (const { area, key } of strays) expect(filesIn(area), `${area}: old stray gone`).not.toContain(key);
    for (const { area, key } of kept) expect(filesIn(area), `${area}: ${key} kept`).toContain(key);
    for (const { area } of strays) expect(removed[area]).toBeGreaterThanOrEqual(1);
  });

  it("a replaced avatar's old file is removed once the new one is saved, and a deleted avatar's file too", async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    const put = (body: unknown) => server.api<UserDto>('PUT', '/api/users/profile', { token: user.token, body });
    const names = { firstName: 'Avatar', lastName: 'Owner' };
    const first = avatarKeyOf(expectEnvelope(await put({ ...names, image: image(PNG, 'png') }), 200).body.data!.imageUrl)!;
    expect(filesIn('avatars')).toContain(first);

    const second = avatarKeyOf(expectEnvelope(await put({ ...names, image: image(GIF, 'gif') }), 200).body.data!.imageUrl)!;
    expect(filesIn('avatars')).toContain(second);
    expect(filesIn('avatars')).not.toContain(first);

    expectEnvelope(await put({ ...names, deleteCurrentImage: true }), 200);
    expect(filesIn('avatars')).not.toContain(second);
  });

  it('a seed that rolls back removes the bytes it wrote', async () => {
    let written: string | undefined;
    const failing = {
      name: 'failing seed',
      plugin: async () => {},
      seedDemo: async (ctx: typeof server.built.ctx) => {
        written = (await ctx.files.area('attachments').put(Buffer.from('seeded then rolled back'))).key;
        throw new Error('the seed fails after writing its file');
      },
    };
    await expect(runSeeds(server.built.ctx, [failing], { demo: true })).rejects.toThrow('the seed fails');
    expect(written).toBeDefined();
    expect(filesIn('attachments')).not.toContain(written);
  });
});
