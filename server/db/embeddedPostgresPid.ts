import fs from 'node:fs';
import path from 'node:path';

/** What `postmaster.pid` says about the postmaster that holds a cluster (see PostgreSQL's miscadmin.h, LOCK_FILE_LINE_*). */
export interface PostmasterPid {
  pid: number;
  socketDir: string;
  status: string;
}

export function readPostmasterPid(clusterDir: string): PostmasterPid | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, socketDir: lines[4] ?? '', status: (lines[7] ?? '').trim() };
}

/** Whether a process holds this id (EPERM: it does, and belongs to someone else), a zombie included. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A zombie: ended, not yet reaped by its parent (the postmaster's parent is whatever adopted orphans). */
export function isZombie(pid: number): boolean {
  try {
    return / Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/\(.*\)/s, ''));
  } catch {
    return false;
  }
}

/** Whether a process with this id runs. */
export const processAlive = (pid: number) => processExists(pid) && !isZombie(pid);
