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

/** Whether a process with this id exists (EPERM: it exists and belongs to someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
