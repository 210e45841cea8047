import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from './embeddedPostgresPid';

/**
 * Which servers use the cluster of a data folder: one file per server in `<dataDir>/postgres.servers`, naming its
 * process (id and start time, so a reused id is not taken for it). The last server out stops the cluster; counting
 * servers, not connections, leaves out the closing server's own pool and any psql or bench runner beside it.
 * Only read and written under the folder's start lock.
 */
export interface ServerRegistration {
  /** Removes this server's entry and says how many other live servers remain (stale entries are swept). */
  leave(): number;
}

/** The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or undefined when it is gone. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isLive(entry: string): boolean {
  const [pid, startTime] = entry.split('\n');
  return processAlive(Number(pid)) && (startTime === undefined || startTime === '' || startTimeOf(Number(pid)) === startTime);
}

export function registerServer(dataDir: string): ServerRegistration {
  const dir = path.join(dataDir, 'postgres.servers');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const own = path.join(dir, `${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  fs.writeFileSync(own, `${process.pid}\n${startTimeOf(process.pid) ?? ''}`);
  return {
    leave() {
      fs.rmSync(own, { force: true });
      let others = 0;
      for (const name of fs.readdirSync(dir)) {
        const file = path.join(dir, name);
        let entry: string;
        try {
          entry = fs.readFileSync(file, 'utf8');
        } catch {
          continue; // removed meanwhile
        }
        if (isLive(entry)) others++;
        else fs.rmSync(file, { force: true });
      }
      return others;
    },
  };
}
