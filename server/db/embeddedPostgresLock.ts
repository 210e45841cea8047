import fs from 'node:fs';
import { setTimeout as wait } from 'node:timers/promises';
import { processAlive } from './embeddedPostgresPid';

/** Longer than any initdb and start: a lock this old was left by a process that died and whose id came back. */
const STALE_AFTER_MS = 5 * 60_000;

/**
 * One process at a time initialises or starts the cluster of a data folder: an exclusive lock file holding the
 * holder's process id. Waiters poll; a lock whose holder is gone is taken over.
 */
export async function withStartLock<T>(lockFile: string, work: () => Promise<T>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (lockIsStale(lockFile)) {
      fs.rmSync(lockFile, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Another process holds ${lockFile} (starting the embedded PostgreSQL) for too long`);
    await wait(50);
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

function lockIsStale(lockFile: string): boolean {
  try {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    // The lock's age on the file system's own clock: the process clock may be moved (libfaketime in the tests moves
    // it by days, not the files' times), which made every lock look stale and let two starts init one folder at once.
    const age = fileSystemNow(lockFile) - fs.statSync(lockFile).mtimeMs;
    return !(holder > 0 && processAlive(holder)) || age > STALE_AFTER_MS;
  } catch {
    return false; // gone between the attempt and the look: the next attempt takes it
  }
}

/** Now, as the file system stamps a file written beside `lockFile`. */
function fileSystemNow(lockFile: string): number {
  const probe = `${lockFile}.now-${process.pid}`;
  try {
    fs.writeFileSync(probe, '');
    return fs.statSync(probe).mtimeMs;
  } finally {
    fs.rmSync(probe, { force: true });
  }
}
