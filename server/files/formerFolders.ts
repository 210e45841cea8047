import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Before the file store, attachments lived in DATA_DIR/attachments and avatars in DATA_DIR/avatars. Their
 * names are still the keys the database holds, so each folder moves as it is into its area of the store.
 */
const FORMER_FOLDERS = ['attachments', 'avatars'] as const;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

async function sameFile(a: string, b: string) {
  const [x, y] = await Promise.all([fs.promises.stat(a), fs.promises.stat(b)]);
  return x.dev === y.dev && x.ino === y.ino;
}

/** Moves one file without ever replacing one at the new place; 'kept' when a different file holds its name there. */
async function moveFile(from: string, to: string): Promise<'moved' | 'gone' | 'kept'> {
  try {
    // link, unlike rename, refuses to replace a file already at the new place.
    await fs.promises.link(from, to);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return 'gone';
    if (codeOf(error) === 'EEXIST') {
      // An earlier start stopped between link and removal, or another instance is moving it: the same file is at both places.
      const same = await sameFile(from, to).catch((e: unknown) => (codeOf(e) === 'ENOENT' ? 'gone' : Promise.reject(e)));
      if (same === 'gone') return 'gone';
      if (!same) return 'kept';
    } else {
      // Another disk, or one without hard links.
      await fs.promises.copyFile(from, to, fs.constants.COPYFILE_EXCL);
    }
  }
  await fs.promises.rm(from, { force: true });
  return 'moved';
}

/**
 * Moves the files of DATA_DIR's former folders into DATA_DIR/files/<folder>, once: after the move the former
 * folder is gone and this finds nothing. File by file, so several instances starting at once on one DATA_DIR
 * each move what the others have not; a file that cannot be moved stays where it was and is named in the log.
 */
export async function moveFormerFolders(dataDir: string, filesDir: string, log?: FastifyBaseLogger) {
  for (const folder of FORMER_FOLDERS) {
    const from = path.join(dataDir, folder);
    const to = path.join(filesDir, folder);
    let names: string[];
    try {
      names = await fs.promises.readdir(from);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') continue;
      throw error;
    }
    await fs.promises.mkdir(to, { recursive: true });
    let moved = 0;
    for (const name of names) {
      const file = path.join(from, name);
      try {
        const outcome = await moveFile(file, path.join(to, name));
        if (outcome === 'moved') moved++;
        if (outcome === 'kept') log?.warn({ file }, 'a different file has this name in the file store; this one stays where it is');
      } catch (error) {
        log?.warn({ err: error, file }, 'a stored file could not be moved into the file store');
      }
    }
    await fs.promises.rmdir(from).catch((error: unknown) => {
      if (codeOf(error) !== 'ENOENT' && codeOf(error) !== 'ENOTEMPTY') throw error;
    });
    if (moved) log?.info(`moved ${moved} files from ${from} to ${to}`);
  }
}
