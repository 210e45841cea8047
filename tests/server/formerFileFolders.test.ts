import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto } from '../../contract/tickets';
import type { UserDto } from '../../contract/users';
import { buildApp, type BuiltApp } from '../../server/app';
import { DEMO_PASSWORD, rootTenant, startServer, type TestServer } from './harness';

/**
 * A data folder of the layout before the file store (DATA_DIR/attachments, DATA_DIR/avatars): after the
 * upgrade's first start, every file a user uploaded before is still there at the same address.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const ACME = 'partner@acme.example';

let before: TestServer;
let after: BuiltApp | undefined;
let afterUrl: string;

beforeAll(async () => {
  before = await startServer();
});
afterAll(async () => {
  await after?.app.close();
  await before.close();
});

describe('files stored in the folders used before the file store', () => {
  it('an attachment and an avatar uploaded under the former layout are downloadable after the upgrade', async () => {
    const { token } = await before.signIn(ACME);
    const form = new FormData();
    form.append('subject', 'Uploaded before the upgrade');
    form.append('files', new Blob(['kept across the upgrade'], { type: 'text/plain' }), 'old.txt');
    const created = await fetch(`${before.url}/api/v1/tickets`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const ticket = ((await created.json()) as { data: TicketDto }).data;
    const profile = await before.api<UserDto>('PUT', '/api/users/profile', {
      token,
      body: { firstName: 'Old', lastName: 'Avatar', image: { name: 'me.png', extension: 'png', data: PNG.toString('base64') } },
    });
    const imageUrl = profile.body.data!.imageUrl!;
    await before.built.app.close();

    // The layout before the file store: each folder straight under DATA_DIR, nothing under DATA_DIR/files.
    const dataDir = before.config.dataDir;
    for (const folder of ['attachments', 'avatars']) fs.renameSync(path.join(dataDir, 'files', folder), path.join(dataDir, folder));
    fs.rmSync(path.join(dataDir, 'files'), { recursive: true });

    after = await buildApp(before.config, { logger: false });
    await after.app.listen({ port: 0, host: '127.0.0.1' });
    const address = after.app.server.address();
    afterUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const signedIn = await fetch(`${afterUrl}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...rootTenant },
      body: JSON.stringify({ email: ACME, password: DEMO_PASSWORD }),
    });
    const fresh = ((await signedIn.json()) as { data: { token: string } }).data.token;
    const attachment = await fetch(`${afterUrl}/api/v1/tickets/${ticket.id}/attachments/${ticket.attachments[0].id}`, {
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(attachment.status).toBe(200);
    expect(await attachment.text()).toBe('kept across the upgrade');
    const avatar = await fetch(afterUrl + imageUrl);
    expect(avatar.status).toBe(200);
    expect(Buffer.from(await avatar.arrayBuffer()).equals(PNG)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'attachments'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'avatars'))).toBe(false);
  });
});
