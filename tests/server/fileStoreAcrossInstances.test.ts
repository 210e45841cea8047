import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedFileDto } from '../../contract/files';
import type { TicketDto } from '../../contract/tickets';
import type { TokenResponse } from '../../contract/tokens';
import type { UserDto } from '../../contract/users';
import { buildApp, type BuiltApp } from '../../server/app';
import { managedFiles, ticketAttachments } from '../../server/db/schema';
import type { FileStore } from '../../server/files/fileStore';
import { storedFileAreas } from '../../server/modules/storedFileAreas';
import { avatarKeyOf } from '../../server/modules/users/avatar';
import { useDemoServer } from './factories';
import { createTestDatabase, rootTenant, testConfig, DEMO_PASSWORD, type startServer } from './harness';
import { multipartOf, SAMPLE_PNG } from './managedFileRequests';
import { multipartFile, partnerWithForm, PNG } from './partnerFormsFixtures';
import { startS3Server, type S3TestServer } from './s3Server';

/**
 * Two instances on one database and one bucket (FILE_STORE=s3): every kind of file stored through one is served by
 * the other, and a delete through either removes the bytes for both (issue 22, break 2).
 */
const startOptions: NonNullable<Parameters<typeof startServer>[0]> = {};
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
  startOptions.fileStore = { kind: 's3', ...s3.settings('pp-two-instances') };
});
afterAll(() => s3?.stop());

const demo = useDemoServer(startOptions);
const { server: first, token, make, roleIds, partnerIds } = demo;
const ADMIN = 'admin@example.com';
const ACME = 'partner@acme.example';

interface Instance {
  built: BuiltApp;
  url: string;
  dataDir: string;
}

/** Another instance of the app on a configuration: its own process state and data folder, the same database and bucket. */
async function startInstance(config: BuiltApp['ctx']['config']): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-instance-'));
  const built = await buildApp({ ...config, dataDir }, { logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  return { built, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, dataDir };
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance) return;
  await instance.built.app.close();
  fs.rmSync(instance.dataDir, { recursive: true, force: true });
}

/** A request to one instance: its status and the bytes it answered (a download, or an envelope). */
async function call(
  url: string,
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown; rawBody?: Buffer; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.rawBody) body = new Uint8Array(options.rawBody);
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(url + urlPath, { method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = () => JSON.parse(bytes.toString('utf8')) as { data: never };
  return { status: response.status, bytes, headers: response.headers, json };
}

/** Waits for work the instance does after answering (a delete's bytes go after its commit). */
async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let second: Instance | undefined;
beforeAll(async () => {
  second = await startInstance(first.config);
});
afterAll(() => stopInstance(second));

const gone = (store: FileStore, key: string) => eventually(async () => (await store.stat(key)) === null);

describe('files across two instances on one bucket', () => {
  it('a file-manager file uploaded through A downloads through B, whole and by range; deleted through B, its bytes leave the bucket', async () => {
    const { rawBody, headers } = multipartOf([{ name: 'shared.png', content: SAMPLE_PNG, type: 'image/png' }]);
    const uploaded = await call(first.url, 'POST', '/api/v1/files', { token: token(ADMIN), rawBody, headers });
    expect(uploaded.status).toBe(201);
    const [file] = uploaded.json().data as ManagedFileDto[];

    const whole = await call(second!.url, 'GET', `/api/v1/files/${file.id}/content`, { token: token(ADMIN) });
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(SAMPLE_PNG)).toBe(true);
    const part = await call(second!.url, 'GET', `/api/v1/files/${file.id}/content`, { token: token(ADMIN), headers: { range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(part.bytes.toString('latin1')).toBe('PNG');

    const [row] = await first.built.ctx.db.select().from(managedFiles).where(eq(managedFiles.id, file.id));
    const store = first.built.ctx.files.area('files');
    expect(await store.stat(row.storageKey)).toMatchObject({ size: SAMPLE_PNG.length });
    expect((await call(second!.url, 'DELETE', `/api/v1/files/${file.id}`, { token: token(ADMIN) })).status).toBe(200);
    await gone(store, row.storageKey);
    expect((await call(first.url, 'GET', `/api/v1/files/${file.id}/content`, { token: token(ADMIN) })).status).toBe(404);
  });

  it("a ticket's attachment sent through A downloads through B", async () => {
    const form = new FormData();
    form.append('subject', 'A file for the other instance');
    form.append('files', new Blob(['attached on A'], { type: 'text/plain' }), 'note.txt');
    const created = await fetch(`${first.url}/api/v1/tickets`, { method: 'POST', headers: { authorization: `Bearer ${token(ACME)}` }, body: form });
    expect(created.status).toBe(201);
    const ticket = ((await created.json()) as { data: TicketDto }).data;

    const download = await call(second!.url, 'GET', `/api/v1/tickets/${ticket.id}/attachments/${ticket.attachments[0].id}`, { token: token(ACME) });
    expect(download.status).toBe(200);
    expect(download.bytes.toString()).toBe('attached on A');
    const [row] = await first.built.ctx.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, ticket.attachments[0].id));
    expect(await first.built.ctx.files.area('attachments').stat(row.storageName)).toMatchObject({ size: 13 });
  });

  it('an avatar set through A is served by B; removed through B, its bytes leave the bucket and A answers 404', async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'], firstName: 'Two', lastName: 'Instances' });
    const names = { firstName: 'Two', lastName: 'Instances' };
    const image = { name: 'me.png', extension: 'png', data: `data:image/png;base64,${PNG.toString('base64')}` };
    const set = await call(first.url, 'PUT', '/api/users/profile', { token: user.token, body: { ...names, image } });
    expect(set.status).toBe(200);
    const imageUrl = (set.json().data as UserDto).imageUrl!;

    const served = await call(second!.url, 'GET', imageUrl);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(PNG)).toBe(true);

    const store = first.built.ctx.files.area('avatars');
    const key = avatarKeyOf(imageUrl)!;
    expect(await store.stat(key)).not.toBeNull();
    expect((await call(second!.url, 'PUT', '/api/users/profile', { token: user.token, body: { ...names, deleteCurrentImage: true } })).status).toBe(200);
    await gone(store, key);
    expect((await call(first.url, 'GET', imageUrl)).status).toBe(404);
  });

  it("a partner form's answer file uploaded through A downloads through B", async () => {
    const partnerForm = await partnerWithForm(demo);
    const uploaded = await call(first.url, 'POST', `${partnerForm.url}/files`, {
      token: partnerForm.user.token,
      ...multipartFile('licence', 'licence.png', PNG),
    });
    expect(uploaded.status).toBe(201);
    const file = uploaded.json().data as { id: string };

    const download = await call(second!.url, 'GET', `${partnerForm.url}/files/${file.id}`, { token: partnerForm.user.token });
    expect(download.status).toBe(200);
    expect(download.bytes.equals(PNG)).toBe(true);
  });
});

describe('the demo seed on FILE_STORE=s3', () => {
  it('writes its bytes into the bucket, none into DATA_DIR, and another instance serves them', async () => {
    const database = await createTestDatabase('empty');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-seeded-'));
    const config = testConfig(dataDir, database.databaseUrl, { fileStore: { kind: 's3', ...s3.settings('pp-seeded-demo') } });
    let seeder: BuiltApp | undefined;
    let other: Instance | undefined;
    try {
      seeder = await buildApp(config, { logger: false });
      expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
      for (const area of storedFileAreas(seeder.ctx)) {
        const keys: string[] = [];
        for await (const entry of area.store.list()) keys.push(entry.key);
        // Every object of the bucket is one a row names: nothing written beside the seed's rows.
        expect([...(await area.held(keys))].sort(), area.name).toEqual(keys.sort());
        if (area.name !== 'avatars') expect(keys.length, area.name).toBeGreaterThan(0);
      }
      await seeder.app.close();
      seeder = undefined;

      other = await startInstance(config);
      const signIn = await call(other.url, 'POST', '/api/token', { body: { email: ADMIN, password: DEMO_PASSWORD }, headers: rootTenant });
      const adminToken = (signIn.json().data as TokenResponse).token;
      const [attachment] = await other.built.ctx.db.select().from(ticketAttachments).limit(1);
      const download = await call(other.url, 'GET', `/api/v1/tickets/${attachment.ticketId}/attachments/${attachment.id}`, { token: adminToken });
      expect(download.status).toBe(200);
      expect(download.bytes.length).toBe(attachment.size);
    } finally {
      await seeder?.app.close();
      await stopInstance(other);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
