import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { assertFileKey, clampRange, isFileKey, type ByteRange, type FileStore } from './fileStore';
import { moveFormerFolders } from './formerFolders';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A new key: 128 random bits, and the extension when one is asked for. */
const randomKey = (extension?: string) => crypto.randomBytes(16).toString('hex') + (extension ? `.${extension}` : '');

/** Files in a folder of the local disk, one file per key. */
export function createLocalFileStore(dir: string): FileStore {
  const fileOf = (key: string) => path.join(dir, assertFileKey(key));

  async function put(body: Readable | Uint8Array, options: { key?: string; extension?: string } = {}) {
    const key = assertFileKey(options.key ?? randomKey(options.extension));
    const target = fileOf(key);
    await fs.promises.mkdir(dir, { recursive: true });
    // `wx`: a key already there fails instead of being overwritten, and then is not removed either.
    const sink = fs.createWriteStream(target, { flags: 'wx' });
    let created = false;
    sink.once('open', () => void (created = true));
    try {
      await pipeline(body instanceof Uint8Array ? Readable.from([body]) : body, sink);
    } catch (error) {
      // pipeline rejects as soon as the source fails, while the file may still be opening: removed now, it
      // would be created afterwards and outlive the refusal. The removal waits until the file is closed.
      if (!sink.closed) await new Promise<void>((closed) => sink.once('close', () => closed()));
      if (created) await fs.promises.rm(target, { force: true });
      throw error;
    }
    return { key, size: sink.bytesWritten };
  }

  async function get(key: string, range?: ByteRange) {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(fileOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const found = await handle.stat();
      if (!found.isFile()) {
        await handle.close();
        return null;
      }
      const bounds = range ? clampRange(range, found.size) : {};
      return handle.createReadStream({ ...bounds, autoClose: true });
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async function stat(key: string) {
    try {
      const found = await fs.promises.stat(fileOf(key));
      return found.isFile() ? { size: found.size, modifiedAt: found.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Regular files only, and only names a key may have: the sweep never sees a sub-area or a stray name. */
  async function* list() {
    let names: fs.Dirent[];
    try {
      names = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of names) {
      if (!entry.isFile() || !isFileKey(entry.name)) continue;
      const found = await stat(entry.name);
      if (found) yield { key: entry.name, modifiedAt: found.modifiedAt };
    }
  }

  return {
    put,
    get,
    stat,
    list,
    delete: async (key) => fs.promises.rm(fileOf(key), { force: true }),
    area: (name) => createLocalFileStore(path.join(dir, assertFileKey(name))),
  };
}

/** The default store: the local disk under DATA_DIR/files, after moving in the folders used before it. */
export async function openLocalFileStore(dataDir: string, log?: FastifyBaseLogger): Promise<FileStore> {
  const filesDir = path.join(dataDir, 'files');
  await moveFormerFolders(dataDir, filesDir, log);
  return createLocalFileStore(filesDir);
}
