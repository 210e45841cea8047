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

/** Whether the cluster's user can pass through `dir` (every folder above it included): the kernel answers for that user. */
export function userCanEnter(user: ClusterUser | undefined, dir: string): boolean {
  if (!user) return true; // this process's own user, which just made the folder
  return spawnSync('test', ['-x', dir], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

/** Whether the cluster's user can run a program of the package (a project under /root is out of its reach). */
export function userCanRun(user: ClusterUser | undefined, program: string): boolean {
  if (!user) return true;
  return spawnSync('test', ['-x', program], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

/**
 * A private data folder of ours (mode 0700, as mkdtemp makes them) is opened to the cluster's group for passing
 * through only (g+x, no listing): its group had no access, so nobody else gains any. Other folders stay as they are.
 */
export function letUserEnter(user: ClusterUser | undefined, dir: string): boolean {
  if (userCanEnter(user, dir)) return true;
  const stat = fs.statSync(dir);
  if (!user || stat.uid !== process.getuid?.() || (stat.mode & 0o070) !== 0) return false;
  fs.chownSync(dir, stat.uid, user.gid);
  fs.chmodSync(dir, (stat.mode & 0o7777) | 0o010);
  return userCanEnter(user, dir);
}

/** Hands a folder the cluster made to the user that runs it. */
export function giveTo(user: ClusterUser | undefined, dir: string) {
  if (user) fs.chownSync(dir, user.uid, user.gid);
}
