// Memory as the kernel counts it: this process's VmRSS, and a PostgreSQL cluster's processes (the postmaster and
// its children) summed, by RSS and by PSS (a page shared by n processes counts 1/n, so the sum is not inflated).
import fs from 'node:fs';

const MB = 1024;

function statusField(pid: number | 'self', field: string): number | undefined {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line
      ? Number(
          line
            .slice(field.length + 1)
            .trim()
            .split(/\s+/)[0],
        )
      : undefined;
  } catch {
    return undefined; // the process ended while we looked
  }
}

function pssKb(pid: number): number {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Pss:'));
    return line ? Number(line.slice(4).trim().split(/\s+/)[0]) : 0;
  } catch {
    return 0;
  }
}

export const processRssMb = () => (statusField('self', 'VmRSS') ?? 0) / MB;

/** The parent of a process: for a backend's pid, the postmaster. */
export const parentOf = (pid: number) => statusField(pid, 'PPid') ?? 0;

export function clusterMemory(postmaster: number) {
  const pids = [postmaster];
  for (const entry of fs.readdirSync('/proc')) if (/^\d+$/.test(entry) && parentOf(Number(entry)) === postmaster) pids.push(Number(entry));
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    rss += statusField(pid, 'VmRSS') ?? 0;
    pss += pssKb(pid);
  }
  return { rssMb: rss / MB, pssMb: pss / MB, processes: pids.length };
}
