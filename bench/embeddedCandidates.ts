// npm run bench:embedded: the embedded database candidates side by side, each in a process of its own holding the
// same schema (the real migrations) and the same 2,000 partners: the server's GET-by-id and search SQL at 10 and
// 50 queries in flight from the main thread, in alternating rounds (medians), with what the main thread had left,
// idle memory and open times. BENCH_ROUND_MS (2000), BENCH_ROUNDS (3), BENCH_PARTNERS (2000), BENCH_CANDIDATES
// (none,pglite,worker,embedded[,postgres with DATABASE_URL]).
import os from 'node:os';
import { CandidateProcess, candidateDataDir, removeCandidateData } from './candidates/candidateProcess';
import type { LoadFigures } from './candidates/load';
import type { CandidateKey, FromCandidate, QueryKind } from './candidates/protocol';

const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_MS = Math.min(1000, ROUND_MS);
const IN_FLIGHT = [10, 50];
const QUERIES: QueryKind[] = ['byId', 'search'];
const NAMES: Record<CandidateKey, string> = {
  none: 'no database (harness floor)',
  pglite: 'PGlite in-process',
  worker: 'PGlite in a worker thread',
  embedded: 'embedded PostgreSQL 17',
  postgres: 'PostgreSQL (DATABASE_URL)',
};
const keys = (process.env.BENCH_CANDIDATES?.split(',') ?? [
  'none',
  'pglite',
  'worker',
  'embedded',
  ...(process.env.DATABASE_URL ? ['postgres'] : []),
]) as CandidateKey[];

type Message<T extends FromCandidate['type']> = Extract<FromCandidate, { type: T }>;
const processes: CandidateProcess[] = [];
const dataDirs = new Map<CandidateKey, string>();
const prepared = new Map<CandidateKey, Message<'prepared'>>();
const opened = new Map<CandidateKey, Message<'opened'>>();
const closed = new Map<CandidateKey, Message<'closed'>>();
const failures: string[] = [];
const samples = new Map<string, LoadFigures[]>();
const cell = (key: CandidateKey, query: QueryKind, inFlight: number) => `${key} ${query} ${inFlight}`;
const loadBefore = os.loadavg()[0];

async function stopAll() {
  await Promise.allSettled(processes.map((p) => p.stop()));
  await Promise.allSettled([...dataDirs].map(([key, dataDir]) => removeCandidateData(key, dataDir)));
}

/** Cold: a process opens the empty folder, seeds it, ends. Warm: a fresh process opens it again and stays for the rounds. */
async function openCandidate(key: CandidateKey) {
  const dataDir = key === 'none' ? '' : candidateDataDir(key);
  if (dataDir) {
    dataDirs.set(key, dataDir);
    const preparing = new CandidateProcess(key, 'prepare', dataDir);
    processes.push(preparing);
    prepared.set(key, await preparing.prepared());
    await preparing.stop();
  }
  const serving = new CandidateProcess(key, 'serve', dataDir);
  processes.push(serving);
  opened.set(key, await serving.opened());
  return serving;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll().finally(() => process.exit(130)));

async function measure() {
  // Opened one at a time: a cold start is timed on a machine not busy opening the others.
  const serving: CandidateProcess[] = [];
  for (const key of keys)
    try {
      serving.push(await openCandidate(key));
    } catch (error) {
      failures.push(`${NAMES[key]}: ${(error as Error).message.split('\n')[0]}`);
    }
  const running = serving.filter((p) => p.key !== 'none');
  for (const p of running) for (const query of QUERIES) await p.round(query, 10, WARMUP_MS);
  // Each cell measured on every candidate before the next round; the order turns each round.
  for (let round = 0; round < ROUNDS; round++)
    for (const query of QUERIES)
      for (const inFlight of IN_FLIGHT)
        for (let i = 0; i < running.length; i++) {
          const p = running[(i + round) % running.length];
          const figures = await p.round(query, inFlight, ROUND_MS);
          samples.set(cell(p.key, query, inFlight), [...(samples.get(cell(p.key, query, inFlight)) ?? []), figures]);
        }
  for (const p of serving) closed.set(p.key, await p.close());
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const medianOf = (key: CandidateKey, query: QueryKind, inFlight: number, figure: keyof LoadFigures) => {
  const rounds = samples.get(cell(key, query, inFlight));
  return rounds?.length ? median(rounds.map((r) => r[figure])) : undefined;
};
const fixed = (value: number | undefined, digits = 1) => (value === undefined ? '–' : value.toFixed(digits));
const whole = (value: number | undefined) => (value === undefined ? '–' : Math.round(value).toLocaleString('en'));
const seconds = (ms: number | undefined) => (ms === undefined ? '–' : (ms / 1000).toFixed(2));

function opsCell(key: CandidateKey, query: QueryKind, inFlight: number) {
  const ops = medianOf(key, query, inFlight, 'opsPerSecond');
  const peer = opened.has('postgres') && key !== 'postgres' ? medianOf('postgres', query, inFlight, 'opsPerSecond') : undefined;
  return peer && ops !== undefined ? `${whole(ops)} (${(ops / peer).toFixed(2)}×)` : whole(ops);
}

function memoryCells(key: CandidateKey) {
  const idle = opened.get(key)!.idle;
  const after = closed.get(key);
  const process = `${whole(idle.processMb)} / ${whole(after?.afterLoad.processMb)}`;
  const loaded = after?.clusterUnderLoad;
  const cluster = idle.cluster ? `${whole(idle.cluster.rssMb)} (${whole(idle.cluster.pssMb)}) / ${whole(loaded?.rssMb)} (${whole(loaded?.pssMb)})` : '–';
  return [process, cluster];
}

function printTable() {
  const header = [
    'candidate',
    'in flight',
    'by id ops/s (× PG)',
    'by id p50 ms',
    'by id p99 ms',
    'search ops/s (× PG)',
    'search p99 ms',
    'main thread busy (ms per query): by id / search',
    'loop delay p99 ms: by id / search',
    'process RSS MB: idle / after load',
    'cluster RSS (PSS) MB: idle / under load',
    'open s: cold / warm',
  ];
  const rows: string[][] = [];
  for (const key of keys.filter((k) => opened.has(k))) {
    const [process, cluster] = memoryCells(key);
    const once = [process, cluster, prepared.has(key) ? `${seconds(prepared.get(key)!.coldMs)} / ${seconds(opened.get(key)!.warmMs)}` : '–'];
    if (key === 'none') {
      rows.push([NAMES[key], '–', '–', '–', '–', '–', '–', '–', '–', ...once]);
      continue;
    }
    IN_FLIGHT.forEach((n, i) => {
      const percent = (query: QueryKind) =>
        `${fixed((medianOf(key, query, n, 'eventLoopUtilisation') ?? NaN) * 100, 0)} % (${fixed(medianOf(key, query, n, 'mainThreadMsPerOp'), 2)})`;
      rows.push([
        i === 0 ? NAMES[key] : '',
        String(n),
        opsCell(key, 'byId', n),
        fixed(medianOf(key, 'byId', n, 'p50Ms')),
        fixed(medianOf(key, 'byId', n, 'p99Ms')),
        opsCell(key, 'search', n),
        fixed(medianOf(key, 'search', n, 'p99Ms')),
        `${percent('byId')} / ${percent('search')}`,
        `${fixed(medianOf(key, 'byId', n, 'eventLoopDelayP99Ms'))} / ${fixed(medianOf(key, 'search', n, 'eventLoopDelayP99Ms'))}`,
        ...(i === 0 ? once : ['', '', '']),
      ]);
    });
  }
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  console.log(line(header));
  console.log(line(header.map(() => '---')));
  for (const row of rows) console.log(line(row));
}

const poolSizes = () =>
  [...opened.entries()]
    .filter(([, o]) => o.connections)
    .map(([key, o]) => `${o.connections} connections (${NAMES[key]})`)
    .join(', ') || 'none opened';

function printLegend() {
  const errors = [...samples.values()].flat().reduce((sum, f) => sum + f.errors, 0);
  const seeded = [...prepared.values()][0]?.seedMs;
  console.log(`
Each candidate runs in a process of its own with the real migrations and ${process.env.BENCH_PARTNERS ?? 2000} partners (seeded in ${seconds(seeded)} s on the first).
Rounds of ${ROUND_MS / 1000} s, ${ROUNDS} per cell, candidates alternating (order turned each round), after a ${WARMUP_MS / 1000} s warm-up; figures are medians of the rounds. Errors: ${errors}.
- in flight: queries kept outstanding by the main thread (a closed loop: the next is sent when one is answered).
- by id: the server's GET /api/v1/partners/{id} SELECT (drizzle's SQL from the schema; a named prepared statement on PostgreSQL, as the server's), random ids; search: its keyword search, first page of 10 by name
  (ILIKE on the folded search text, 7 keywords in turn; the total is left out: the server's count cache answers it on repeated searches).
- ops/s: answered queries a second; (× PG): against PostgreSQL (DATABASE_URL) at the same in-flight level. p50/p99: latency of one query as the caller saw it.
- main thread busy: event-loop utilisation during the load (100 % = no time left for HTTP; on a loaded machine time waiting for a core counts as busy);
  (ms per query): the loop's active time divided by the queries answered, the HTTP thread's cost of one query; loop delay p99: how late a 10 ms timer fired (a ready request waits that long).
- process RSS: VmRSS of the candidate's Node process after a full GC (a worker thread counts inside it), idle after opening and again after all rounds.
- cluster RSS (PSS): PostgreSQL's own processes (postmaster and children), RSS summed and PSS summed (shared memory once), idle after opening
  and the largest seen at the end of a round (the pool's backends connected).
  Not measured for DATABASE_URL: that server is shared with other work.
- open: cold = a process opens the empty folder: create + migrate (initdb and start for PostgreSQL; create database for DATABASE_URL);
  warm = a fresh process opens the same folder, as after a restart (start; migrations already applied). Both include loading the candidate's modules.
- Pools: ${poolSizes()}, as server/db/client.ts opens them; PGlite is one session, so queries queue (in the worker, behind a MessagePort, for candidate 2).
- Not measured: @electric-sql/pglite-socket (PGlite behind a socket in a child process): its peer dependency pins PGlite 0.5.14, ours is 0.5.16, so it does not install.
Machine: ${os.cpus().length} cores, Node ${process.version}, 1-minute load ${loadBefore.toFixed(2)} before and ${os.loadavg()[0].toFixed(2)} after (other work on the machine skews absolute figures; ratios within one run hold better).`);
  for (const failure of failures) console.log(`Failed to open: ${failure}`);
}

try {
  await measure();
  printTable();
  printLegend();
} finally {
  await stopAll();
}
