import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { HeadObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileStoreSettingsOf } from '../../server/config';
import { UnsafeFileKeyError, UnsatisfiableRangeError, type FileStore } from '../../server/files/fileStore';
import { createLocalFileStore, openLocalFileStore } from '../../server/files/localFileStore';
import { sweepOrphanFiles } from '../../server/files/orphanSweep';
import { openS3FileStore, s3ClientOf } from '../../server/files/s3FileStore';
import { StorageUnavailableError } from '../../server/files/storageUnavailable';
import { startS3Server, type S3TestServer } from './s3Server';

let dataDir: string;
let store: FileStore;

/** One S3-protocol server for the file (moto_server); when it cannot start, every S3 test fails saying why. */
let s3: S3TestServer | undefined;
let s3Missing: unknown;
beforeAll(async () => {
  s3 = await startS3Server().catch((error: unknown) => void (s3Missing = error));
});
afterAll(() => s3?.stop());

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-files-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * The store's clock now: the time a file it writes this instant carries (the kernel's for the disk, the S3
 * server's for a bucket). The business-hours pass moves the process clock (libfaketime) but not those, as the
 * clocks of two hosts can differ, so a file's age is measured against this, not Date.now().
 */
async function storeNow(files: FileStore) {
  const clock = files.area('clock-probe');
  const { key } = await clock.put(Buffer.from(''));
  const { modifiedAt } = (await clock.stat(key))!;
  await clock.delete(key);
  return modifiedAt;
}

/** A store under test, and everything it holds as `area/key` (S3: unfinished uploads too), to see what a call left behind. */
interface StoreKind {
  name: 'local' | 's3';
  open(): Promise<{ store: FileStore; stored(): Promise<string[]>; close(): void }>;
}

const walk = (dir: string): string[] =>
  fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort() : [];

const kinds: StoreKind[] = [
  {
    name: 'local',
    open: async () => {
      const dir = path.join(dataDir, 'files');
      return { store: createLocalFileStore(dir), stored: async () => walk(dir), close: () => {} };
    },
  },
  {
    name: 's3',
    open: async () => {
      if (!s3) throw s3Missing;
      const settings = s3.settings();
      const opened = await openS3FileStore(settings);
      const client = s3ClientOf(settings);
      return {
        store: opened.files,
        async stored() {
          const objects = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
          const unfinished = await client.send(new ListMultipartUploadsCommand({ Bucket: settings.bucket }));
          return [...(objects.Contents ?? []).map((o) => o.Key!), ...(unfinished.Uploads ?? []).map((u) => `unfinished upload of ${u.Key}`)].sort();
        },
        close: () => {
          opened.close();
          client.destroy();
        },
      };
    },
  },
];

const read = async (stream: Readable | null) => (stream ? text(stream) : null);

/** Byte `i` of a patterned file: not all alike, so a part out of place would show. */
function patternedBytes(from: number, to: number) {
  const bytes = Buffer.alloc(to - from);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (from + i) % 251;
  return bytes;
}

/** A stream of `size` patterned bytes in 64 KiB chunks, made as they are read (and failing at the end with `failure`). */
function patterned(size: number, failure?: Error) {
  let at = 0;
  return new Readable({
    read() {
      if (at >= size) {
        if (failure) this.destroy(failure);
        else this.push(null);
        return;
      }
      const next = Math.min(size, at + 64 * 1024);
      this.push(patternedBytes(at, next));
      at = next;
    },
  });
}

/** A stream that gives `first` and then fails, like an upload cut off halfway. */
const failingAfter = (first: string) =>
  new Readable({
    read() {
      if (this.readableLength === 0 && !this.destroyed) {
        this.push(first);
        setImmediate(() => this.destroy(new Error('connection reset')));
      }
    },
  });

describe.each(kinds)('the $name file store', (kind) => {
  let stored: () => Promise<string[]>;
  let close = () => {};
  beforeEach(async () => {
    ({ store, stored, close } = await kind.open());
  });
  afterEach(() => close());

  it('puts a stream under a new random key and gives it back whole, with its size', async () => {
    const stored = await store.put(Readable.from(['hello ', 'world']));
    expect(stored).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}$/), size: 11 });
    expect(await read(await store.get(stored.key))).toBe('hello world');
    expect(await store.stat(stored.key)).toEqual({ size: 11, modifiedAt: expect.any(Date) });
  });

  it('puts bytes under a key the server made, with an extension when asked for one', async () => {
    expect((await store.put(Buffer.from('abc'), { extension: 'png' })).key).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await store.put(Buffer.from('abc'), { key: 'user-1.png' })).toEqual({ key: 'user-1.png', size: 3 });
    expect(await read(await store.get('user-1.png'))).toBe('abc');
  });

  it('never overwrites a key already stored, and keeps the first file', async () => {
    await store.put(Buffer.from('first'), { key: 'taken' });
    await expect(store.put(Buffer.from('second'), { key: 'taken' })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await read(await store.get('taken'))).toBe('first');
  });

  it('reads a range of bytes, both ends included, an end past the last byte reading to the end', async () => {
    const { key } = await store.put(Buffer.from('0123456789'));
    expect(await read(await store.get(key, { start: 2, end: 5 }))).toBe('2345');
    expect(await read(await store.get(key, { start: 7, end: 100 }))).toBe('789');
    expect(await read(await store.get(key, { start: 9, end: 9 }))).toBe('9');
  });

  it('refuses a range starting past the last byte or ending before its start', async () => {
    const { key } = await store.put(Buffer.from('0123456789'));
    await expect(store.get(key, { start: 10, end: 12 })).rejects.toBeInstanceOf(UnsatisfiableRangeError);
    await expect(store.get(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(UnsatisfiableRangeError);
    await expect(store.get(key, { start: -1, end: 4 })).rejects.toBeInstanceOf(UnsatisfiableRangeError);
  });

  it('answers null for a missing file, and deleting one twice is no error', async () => {
    const { key } = await store.put(Buffer.from('gone soon'));
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.get(key, { start: 0, end: 1 })).toBeNull();
    expect(await store.stat(key)).toBeNull();
    expect(await store.stat('never-stored')).toBeNull();
  });

  it('refuses keys and areas that could name a place outside it: .., /, \\, NUL, a leading dot, empty', async () => {
    const outside = path.join(dataDir, 'secret');
    fs.writeFileSync(outside, 'secret');
    for (const key of ['..', '../secret', '../../secret', 'a/b', '/etc/passwd', 'a\\b', 'a\u0000b', '.hidden', '', 'a..b', 'x'.repeat(201)]) {
      await expect(store.get(key), key).rejects.toBeInstanceOf(UnsafeFileKeyError);
      await expect(store.stat(key), key).rejects.toBeInstanceOf(UnsafeFileKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(UnsafeFileKeyError);
      await expect(store.put(Buffer.from('x'), { key }), key).rejects.toBeInstanceOf(UnsafeFileKeyError);
      expect(() => store.area(key), key).toThrow(UnsafeFileKeyError);
    }
    expect(fs.readFileSync(outside, 'utf8')).toBe('secret');
    expect(await stored()).toEqual([]);
  });

  it('keeps each area apart: a key of one area is not found in another', async () => {
    const { key } = await store.area('attachments').put(Buffer.from('attached'));
    expect(await store.area('avatars').get(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
    expect(await read(await store.area('attachments').get(key))).toBe('attached');
    expect(await stored()).toEqual([`attachments/${key}`]);
  });

  it('removes the partial file when the stream fails, and rejects with its error', async () => {
    const area = store.area('uploads');
    await expect(area.put(failingAfter('half of a file'))).rejects.toThrow('connection reset');
    expect(await stored()).toEqual([]);
  });
  it('lists the files of an area with when each was written, not those of its sub-areas', async () => {
    const area = store.area('files');
    const first = await area.put(Buffer.from('one'));
    const second = await area.put(Buffer.from('two'), { extension: 'pdf' });
    await area.area('inner').put(Buffer.from('deeper'));
    await store.area('other').put(Buffer.from('elsewhere'));
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const entry of area.list()) listed.push(entry);
    expect(listed.map((entry) => entry.key).sort()).toEqual([first.key, second.key].sort());
    const now = await storeNow(store);
    for (const entry of listed) expect(Math.abs(entry.modifiedAt.getTime() - now.getTime())).toBeLessThan(60_000);
    const empty: unknown[] = [];
    for await (const entry of store.area('never-written').list()) empty.push(entry);
    expect(empty).toEqual([]);
  });

  it('two puts of one key at once store one file: the other is refused, the first kept whole', async () => {
    const results = await Promise.allSettled(['first', 'second'].map((content) => store.put(Readable.from([content]), { key: 'same-key' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'EEXIST' } });
    expect(['first', 'second']).toContain(await read(await store.get('same-key')));
  });

  it('stores a stream of several upload parts whole, with its size, and reads ranges across the parts', async () => {
    const size = 12 * 1024 * 1024 + 123;
    const { key, size: storedSize } = await store.put(patterned(size));
    expect(storedSize).toBe(size);
    expect((await store.stat(key))?.size).toBe(size);
    const whole = await buffer((await store.get(key))!);
    expect(whole.equals(patternedBytes(0, size))).toBe(true);
    const boundary = 5 * 1024 * 1024;
    const across = await buffer((await store.get(key, { start: boundary - 10, end: boundary + 9 }))!);
    expect(across.equals(patternedBytes(boundary - 10, boundary + 10))).toBe(true);
    const tail = await buffer((await store.get(key, { start: size - 5, end: size + 100 }))!);
    expect(tail.equals(patternedBytes(size - 5, size))).toBe(true);
  });

  it('a stream failing after more than one upload part leaves no file and no stored part', async () => {
    await expect(store.area('uploads').put(patterned(11 * 1024 * 1024, new Error('connection reset')))).rejects.toThrow('connection reset');
    expect(await stored()).toEqual([]);
  });

  it('the orphan sweep removes an old file no row holds, and keeps a held one, a young one and a sub-area’s', async () => {
    const area = store.area('attachments');
    const [held, stray] = [await area.put(Buffer.from('held')), await area.put(Buffer.from('stray'))];
    const inner = await area.area('inner').put(Buffer.from('inner'));
    const areas = [{ name: 'attachments', store: area, held: async (keys: string[]) => new Set(keys.filter((k) => k === held.key)) }];
    const writtenAt = await storeNow(store);
    // Just written: too young for the sweep, held or not.
    expect(await sweepOrphanFiles(areas, writtenAt)).toEqual({ attachments: 0 });
    // Two hours on, the stray is old enough.
    expect(await sweepOrphanFiles(areas, new Date(writtenAt.getTime() + 2 * 60 * 60 * 1000))).toEqual({ attachments: 1 });
    expect(await store.area('attachments').stat(stray.key)).toBeNull();
    expect(await read(await area.get(held.key))).toBe('held');
    expect(await read(await area.area('inner').get(inner.key))).toBe('inner');
  });
});

describe('the S3 file store', () => {
  it('sends a stream larger than one part in parts as it arrives (the object says how many), never holding it whole', async () => {
    if (!s3) throw s3Missing;
    const settings = s3.settings();
    const { files, close } = await openS3FileStore(settings);
    const client = s3ClientOf(settings);
    try {
      const { key } = await files.area('files').put(patterned(11 * 1024 * 1024));
      const head = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: `files/${key}` }));
      // A multipart object's ETag ends in its number of parts: 5 MB, 5 MB and the rest.
      expect(head.ETag).toMatch(/-3"?$/);
      expect(head.ContentLength).toBe(11 * 1024 * 1024);
    } finally {
      close();
      client.destroy();
    }
  });

  it('makes its bucket when missing, and two instances starting at once on a missing bucket both open it', async () => {
    if (!s3) throw s3Missing;
    const settings = s3.settings();
    const [a, b] = await Promise.all([openS3FileStore(settings), openS3FileStore(settings)]);
    try {
      const { key } = await a.files.area('avatars').put(Buffer.from('shared'));
      expect(await read(await b.files.area('avatars').get(key))).toBe('shared');
    } finally {
      a.close();
      b.close();
    }
  });

  it('a bucket that cannot be reached is refused with a message naming it, as an outage (a start waits for it)', async () => {
    if (!s3) throw s3Missing;
    const settings = { ...s3.settings('pp-unreachable'), endpoint: 'http://127.0.0.1:1' };
    const opening = openS3FileStore(settings);
    await expect(opening).rejects.toThrow('S3 bucket pp-unreachable at http://127.0.0.1:1 cannot be reached');
    await expect(opening).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('a process that opens a bucket store prints no warning that the AWS SDK needs a newer Node than package.json names', () => {
    const opened = spawnSync(
      process.execPath,
      ['--import', 'tsx', '-e', "import('./server/files/s3FileStore.ts').then((m) => m.s3ClientOf({ bucket: 'b', region: 'us-east-1' }).destroy())"],
      { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8', env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: '' } },
    );
    expect(opened.status, opened.stderr).toBe(0);
    expect(opened.stderr).not.toMatch(/NodeVersionSupportWarning|Warning/);
  });

  it('is chosen by FILE_STORE=s3 with its settings; local by default; a half-given setting is refused', () => {
    expect(fileStoreSettingsOf({})).toEqual({ kind: 'local' });
    expect(
      fileStoreSettingsOf({
        FILE_STORE: 's3',
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({ kind: 's3', bucket: 'b', endpoint: 'http://minio:9000', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true });
    expect(fileStoreSettingsOf({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-3' })).toMatchObject({ region: 'eu-west-3', forcePathStyle: false });
    expect(() => fileStoreSettingsOf({ FILE_STORE: 's3' })).toThrow('S3_BUCKET');
    expect(() => fileStoreSettingsOf({ FILE_STORE: 'nfs' })).toThrow('FILE_STORE=nfs');
    expect(() => fileStoreSettingsOf({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow('S3_SECRET_ACCESS_KEY');
  });
});

describe('the folders used before the file store', () => {
  it('attachments and avatars stored under DATA_DIR/attachments and DATA_DIR/avatars are found by their old names', async () => {
    fs.mkdirSync(path.join(dataDir, 'attachments'));
    fs.mkdirSync(path.join(dataDir, 'avatars'));
    fs.writeFileSync(path.join(dataDir, 'attachments', '0123456789abcdef0123456789abcdef'), 'old attachment');
    fs.writeFileSync(path.join(dataDir, 'avatars', 'u-0123456789abcdef.png'), 'old avatar');

    const opened = await openLocalFileStore(dataDir);
    expect(await read(await opened.area('attachments').get('0123456789abcdef0123456789abcdef'))).toBe('old attachment');
    expect(await read(await opened.area('avatars').get('u-0123456789abcdef.png'))).toBe('old avatar');
    expect(fs.existsSync(path.join(dataDir, 'attachments'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'avatars'))).toBe(false);

    // The next start finds nothing left to move and the files stay where they are.
    const again = await openLocalFileStore(dataDir);
    expect(await read(await again.area('attachments').get('0123456789abcdef0123456789abcdef'))).toBe('old attachment');
  });

  it('two instances starting at once on one data folder move every file once, and neither warns', async () => {
    fs.mkdirSync(path.join(dataDir, 'attachments'));
    const names = Array.from({ length: 60 }, (_, i) => `file-${i}`);
    for (const name of names) fs.writeFileSync(path.join(dataDir, 'attachments', name), name);
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => void warnings.push(args), info: () => {} } as unknown as FastifyBaseLogger;

    const [first] = await Promise.all([openLocalFileStore(dataDir, log), openLocalFileStore(dataDir, log)]);
    for (const name of names) expect(await read(await first.area('attachments').get(name))).toBe(name);
    expect(fs.existsSync(path.join(dataDir, 'attachments'))).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('a file whose name a different file already holds in the store stays in the former folder, and the stored one is kept', async () => {
    fs.mkdirSync(path.join(dataDir, 'attachments'));
    fs.writeFileSync(path.join(dataDir, 'attachments', 'same-name'), 'former');
    await createLocalFileStore(path.join(dataDir, 'files')).area('attachments').put(Buffer.from('current'), { key: 'same-name' });

    const opened = await openLocalFileStore(dataDir);
    expect(await read(await opened.area('attachments').get('same-name'))).toBe('current');
    expect(fs.readFileSync(path.join(dataDir, 'attachments', 'same-name'), 'utf8')).toBe('former');
  });
});
