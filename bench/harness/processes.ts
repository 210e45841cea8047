import fs from 'node:fs';

/** Linux /proc readings of processes the benchmark started: resident and proportional memory, children. */

function statusField(pid: number, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const line = status.split('\n').find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.split(/\s+/)[1]) * 1024 : 0;
}

/** Resident set size in bytes. */
export const rssOf = (pid: number) => statusField(pid, 'VmRSS');

/**
 * Proportional set size in bytes: shared pages divided among the processes sharing them, so the sum over
 * PostgreSQL's processes counts its shared buffers once (their RSS sum would count them per backend).
 */
export function pssOf(pid: number): number {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const line = rollup.split('\n').find((l) => l.startsWith('Pss:'));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number | null {
  try {
    // The command name (field 2) may hold spaces and parentheses: the fields after its last ')' are plain.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Every process below `pid` (children, their children, …), read in one pass over /proc. */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent === null) continue;
    const list = children.get(parent) ?? [];
    list.push(Number(entry));
    children.set(parent, list);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.pop()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}
