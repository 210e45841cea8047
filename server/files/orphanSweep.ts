import type { FileStore } from './fileStore';

/** Bytes younger than this are never swept: an upload being written or about to commit its row. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

/** One kind of stored file and the rows that hold its keys. */
export interface FileArea {
  /** For the log: `attachments`, `avatars`, … */
  name: string;
  store: FileStore;
  /** Which of `keys` a committed row names. */
  held(keys: string[]): Promise<Set<string>>;
}

/**
 * Removes the files no row holds that were last written over an hour before `now`: the bytes of an upload whose
 * row never committed (the process killed between the two), of a replaced avatar, of a seed that rolled back.
 * Safe with several instances on one database and one disk: a file goes only when, checked just before, no row
 * names it and it is old. An upload in progress writes at least every body-rate window, so it is never old; a row
 * is never made for bytes written an hour before. Two sweeps at once remove the same files, which is harmless.
 */
export async function sweepOrphanFiles(areas: readonly FileArea[], now: Date = new Date(), minAgeMs = ORPHAN_MIN_AGE_MS) {
  const cutoff = now.getTime() - minAgeMs;
  const removed: Record<string, number> = {};
  for (const area of areas) {
    removed[area.name] = 0;
    let batch: string[] = [];
    const sweep = async () => {
      const held = await area.held(batch);
      for (const key of batch) {
        if (held.has(key)) continue;
        const found = await area.store.stat(key);
        if (!found || found.modifiedAt.getTime() >= cutoff) continue;
        await area.store.delete(key);
        removed[area.name] += 1;
      }
      batch = [];
    };
    for await (const file of area.store.list()) {
      if (file.modifiedAt.getTime() >= cutoff) continue;
      batch.push(file.key);
      if (batch.length >= BATCH) await sweep();
    }
    if (batch.length) await sweep();
  }
  return removed;
}

/**
 * A store that remembers every key written through it (in any of its areas), so that a step whose transaction
 * rolled back removes its bytes: `discard()`.
 */
export function recordingFileStore(store: FileStore): { store: FileStore; discard(): Promise<void> } {
  const written: { store: FileStore; key: string }[] = [];
  const record = (inner: FileStore): FileStore => ({
    put: async (body, options) => {
      const stored = await inner.put(body, options);
      written.push({ store: inner, key: stored.key });
      return stored;
    },
    get: (key, range) => inner.get(key, range),
    stat: (key) => inner.stat(key),
    delete: (key) => inner.delete(key),
    list: () => inner.list(),
    area: (name) => record(inner.area(name)),
  });
  return {
    store: record(store),
    async discard() {
      await Promise.all(written.splice(0).map(({ store: inner, key }) => inner.delete(key)));
    },
  };
}
