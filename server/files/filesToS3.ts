import fs from 'node:fs';
import path from 'node:path';
import { assertFileKey, isFileKey, type FileStore } from './fileStore';
import { openLocalFileStore } from './localFileStore';

/** What a copy did: files written to the bucket, files found there already (same size), files there with another size. */
export interface FilesToS3Report {
  copied: number;
  copiedBytes: number;
  alreadyThere: number;
  /** `area/key` of files the bucket holds with a different size: left as they are on both sides, for a person to look at. */
  differing: string[];
}

/** The areas of the local store (`attachments`, `avatars`, `files`, `partner-forms`, and any sub-area), by its folders. */
function areasUnder(dir: string, prefix: string[] = []): string[][] {
  if (!fs.existsSync(dir)) return [];
  const areas: string[][] = [prefix];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && isFileKey(entry.name)) areas.push(...areasUnder(path.join(dir, entry.name), [...prefix, entry.name]));
  }
  return areas;
}

const areaOf = (store: FileStore, names: string[]) => names.reduce((area, name) => area.area(assertFileKey(name)), store);

/**
 * Copies DATA_DIR's stored files into another store (the bucket of FILE_STORE=s3) under the same areas and keys, so
 * the rows that name them find them there. Safe to run again, and while instances run: a file already in the
 * bucket with its size is skipped, and a write never replaces a file (the stores refuse an existing key). The
 * local files stay where they are (the copy is undone by switching FILE_STORE back); remove DATA_DIR/files once
 * every instance runs on the bucket.
 */
export async function copyFilesToS3(dataDir: string, target: FileStore, onFile?: (name: string, outcome: 'copied' | 'there' | 'differs') => void) {
  const source = await openLocalFileStore(dataDir);
  const report: FilesToS3Report = { copied: 0, copiedBytes: 0, alreadyThere: 0, differing: [] };
  for (const names of areasUnder(path.join(dataDir, 'files'))) {
    const [from, to] = [areaOf(source, names), areaOf(target, names)];
    for await (const { key } of from.list()) {
      const name = [...names, key].join('/');
      const [local, stored] = await Promise.all([from.stat(key), to.stat(key)]);
      if (!local) continue;
      if (stored) {
        if (stored.size === local.size) report.alreadyThere++;
        else report.differing.push(name);
        onFile?.(name, stored.size === local.size ? 'there' : 'differs');
        continue;
      }
      const bytes = await from.get(key);
      if (!bytes) continue;
      const written = await to.put(bytes, { key });
      if (written.size !== local.size) throw new Error(`${name}: ${written.size} bytes reached the bucket of ${local.size}`);
      report.copied++;
      report.copiedBytes += written.size;
      onFile?.(name, 'copied');
    }
  }
  return report;
}
