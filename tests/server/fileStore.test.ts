import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnsafeFileKeyError, UnsatisfiableRangeError, type FileStore } from '../../server/files/fileStore';
import { createLocalFileStore, openLocalFileStore } from '../../server/files/localFileStore';

let dataDir: string;
let store: FileStore;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-files-'));
  store = createLocalFileStore(path.join(dataDir, 'files'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const read = async (stream: Readable | null) => (stream ? text(stream) : null);

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

describe('the local file store', () => {
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
  });

  it('keeps each area apart: a key of one area is not found in another', async () => {
    const { key } = await store.area('attachments').put(Buffer.from('attached'));
    expect(await store.area('avatars').get(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
    expect(await read(await store.area('attachments').get(key))).toBe('attached');
    expect(fs.existsSync(path.join(dataDir, 'files', 'attachments', key))).toBe(true);
  });

  it('removes the partial file when the stream fails, and rejects with its error', async () => {
    const area = store.area('uploads');
    await expect(area.put(failingAfter('half of a file'))).rejects.toThrow('connection reset');
    const dir = path.join(dataDir, 'files', 'uploads');
    expect(fs.readdirSync(dir)).toEqual([]);
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
    await store.area('attachments').put(Buffer.from('current'), { key: 'same-name' });

    const opened = await openLocalFileStore(dataDir);
    expect(await read(await opened.area('attachments').get('same-name'))).toBe('current');
    expect(fs.readFileSync(path.join(dataDir, 'attachments', 'same-name'), 'utf8')).toBe('former');
  });
});
