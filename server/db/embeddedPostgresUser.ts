import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Who runs the cluster's processes: unset means this process's own user. */
export interface ClusterUser {
  name: string;
  uid: number;
  gid: number;
}

function lookUp(name: string): ClusterUser | undefined {
  try {
    return { name, uid: idOf(name, '-u'), gid: idOf(name, '-g') };
  } catch {
    return undefined;
  }
}

function idOf(name: string, flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
}

/**
 * PostgreSQL refuses to run as root. A root server runs it as `postgres` when the system has that user (Debian's
 * PostgreSQL packages make it), else as `nobody`: an account made here would outlive the portal on the machine.
 */
export function clusterUser(): ClusterUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return lookUp('postgres') ?? lookUp('nobody');
}

/**
 * Whether the cluster's user may execute `path`: pass through a folder (every folder above it included) or run a
 * program of the package (a project under /root is out of its reach). The kernel answers for that user.
 */
export function userCanExecute(user: ClusterUser | undefined, path: string): boolean {
  if (!user) return true; // this process's own user, which made the folder or installed the package
  return spawnSync('test', ['-x', path], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

/**
 * A private data folder of ours (mode 0700, as mkdtemp makes them) is opened to the cluster's group for passing
 * through only (g+x, no listing): its group had no access, so nobody else gains any. Other folders stay as they are.
 */
export function letUserEnter(user: ClusterUser | undefined, dir: string): boolean {
  if (userCanExecute(user, dir)) return true;
  const stat = fs.statSync(dir);
  // Group bits already set: refused, unless another process starting on the same folder has just opened it (two
  // servers started at once both found it closed, and the other's chmod came between this one's check and stat).
  if (!user || stat.uid !== process.getuid?.() || (stat.mode & 0o070) !== 0) return userCanExecute(user, dir);
  fs.chownSync(dir, stat.uid, user.gid);
  fs.chmodSync(dir, (stat.mode & 0o7777) | 0o010);
  return userCanExecute(user, dir);
}

/** Hands a folder the cluster made to the user that runs it. */
export function giveTo(user: ClusterUser | undefined, dir: string) {
  if (user) fs.chownSync(dir, user.uid, user.gid);
}
