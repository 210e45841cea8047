import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandlers } from '../../server/core/errorHandlers';
import { createLocalFileStore } from '../../server/files/localFileStore';
import { readUploadForm, registerMultipart, type UploadPolicy } from '../../server/files/uploadForm';

/** Another module's form than the tickets': one PNG of at most 64 bytes, refused on a field of its own. */
const PHOTO: UploadPolicy = {
  accepts: ['image/png'],
  maxFiles: 1,
  maxFileBytes: 64,
  maxFileNameLength: 20,
  field: 'photo',
  messages: { tooMany: 'tickets.tooManyFiles', tooLarge: 'tickets.fileTooLarge', empty: 'tickets.emptyFile', refusedType: 'tickets.fileType' },
};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

let dir: string;
let app: FastifyInstance;
const stored = () => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-uploads-'));
  const store = createLocalFileStore(dir);
  app = Fastify({ logger: false });
  registerErrorHandlers(app);
  await registerMultipart(app);
  app.post('/photo', async (request) => {
    const form = await readUploadForm(request, store, PHOTO);
    return { body: form.body, uploads: form.uploads };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function post(files: { name: string; bytes: Buffer }[], fields: Record<string, string> = {}) {
  const boundary = 'upload-form-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({ method: 'POST', url: '/photo', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
}

describe('an upload form read by a module’s own policy', () => {
  it('stores an accepted file with its type, size, hash and cleaned, shortened name, and gives the fields', async () => {
    const answer = await post([{ name: 'a-very-long-photo-name-indeed.png', bytes: PNG }], { caption: 'me' });
    expect(answer.statusCode).toBe(200);
    const { body, uploads } = answer.json() as {
      body: unknown;
      uploads: { key: string; fileName: string; contentType: string; size: number; sha256: string }[];
    };
    expect(body).toEqual({ caption: 'me' });
    expect(uploads).toEqual([
      {
        key: expect.stringMatching(/^[0-9a-f]{32}$/),
        fileName: 'a-very-long-phot.png',
        contentType: 'image/png',
        size: PNG.length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    expect(stored()).toContain(uploads[0].key);
  });

  it('refuses, on its own field and keeping nothing, a type it does not accept, a file over its size and one file too many', async () => {
    const before = stored();
    const text = await post([{ name: 'notes.txt', bytes: Buffer.from('plain text') }]);
    expect([text.statusCode, text.json().errors[0].field]).toEqual([415, 'photo']);
    const big = await post([{ name: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(100)]) }]);
    expect([big.statusCode, big.json().errors[0].field]).toEqual([413, 'photo']);
    const two = await post([
      { name: 'one.png', bytes: PNG },
      { name: 'two.png', bytes: PNG },
    ]);
    expect([two.statusCode, two.json().errors[0].field]).toEqual([400, 'photo']);
    expect(stored()).toEqual(before);
  });
});
