// One candidate in a process of its own, so its memory and its main thread are measured alone: opened cold (empty
// folder) and seeded, closed, opened warm; then it runs the load rounds the parent asks for, from its main thread.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Candidate, OpenCandidate, ProcessMemory } from './candidate';
import { runLoad } from './load';
import { clusterMemory, processRssMb } from './memory';
import { byIdQuery, searchQuery, seedPartnersQueries, SEARCH_KEYWORDS } from './partnerQueries';
import type { CandidateKey, FromCandidate, ToCandidate } from './protocol';

// Loaded on demand: a process imports only its own candidate (its memory is the figure).
const CANDIDATES: Record<CandidateKey, () => Promise<Candidate | undefined>> = {
  none: async () => undefined,
  pglite: async () => (await import('./pgliteInProcess')).pgliteInProcess,
  worker: async () => (await import('./pgliteWorker')).pgliteWorker,
  embedded: async () => (await import('./embeddedPostgres')).embeddedPostgres,
  postgres: async () => (await import('./systemPostgres')).systemPostgres(process.env.DATABASE_URL!),
};

const key = process.argv[2] as CandidateKey;
const partnersWanted = Number(process.env.BENCH_PARTNERS ?? 2000);
const send = (message: FromCandidate) => process.send!(message);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pp-bench-embedded-${key}-`));
// The embedded cluster runs as another user when we are root: it must be able to enter the folder.
fs.chmodSync(dataDir, 0o755);
send({ type: 'dataDir', path: dataDir });
let candidate: Candidate | undefined;
let open: OpenCandidate | undefined;
let closing: Promise<void> | undefined;

async function memory(): Promise<ProcessMemory> {
  gc();
  const postmaster = await open?.postmasterPid?.();
  return { processMb: processRssMb(), ...(postmaster ? { cluster: clusterMemory(postmaster) } : {}) };
}

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

/** Stops the database (and whatever it started) once, whether the run ended well or not. */
function closeAll() {
  closing ??= (async () => {
    try {
      await open?.close();
      await candidate?.dispose?.();
    } finally {
      open = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  })();
  return closing;
}

async function start() {
  candidate = await CANDIDATES[key]();
  if (!candidate) return send({ type: 'opened', idle: await memory() });
  const opening = candidate;
  const cold = await timed(() => opening.open(dataDir));
  open = cold.value;
  const seed = await timed(async () => {
    for (const { sql, params } of seedPartnersQueries(partnersWanted)) await cold.value.query(sql, params);
    await cold.value.query('analyze', []);
  });
  await cold.value.close();
  open = undefined;
  const warm = await timed(() => opening.open(dataDir));
  open = warm.value;
  send({ type: 'opened', coldMs: cold.ms, seedMs: seed.ms, warmMs: warm.ms, connections: warm.value.connections, idle: await memory() });
}

let ids: string[] = [];

async function round(message: Extract<ToCandidate, { type: 'round' }>) {
  const db = open!;
  if (!ids.length) ids = ((await db.query('select id from partners', [])) as { id: string }[]).map((row) => row.id);
  const query =
    message.query === 'byId' ? (n: number) => byIdQuery(ids[(n * 7919) % ids.length]) : (n: number) => searchQuery(SEARCH_KEYWORDS[n % SEARCH_KEYWORDS.length]);
  const figures = await runLoad(message.inFlight, message.ms, (n) => {
    const { sql, params } = query(n);
    return db.query(sql, params);
  });
  send({ type: 'round', figures });
}

process.on('message', async (message: ToCandidate) => {
  try {
    if (message.type === 'round') return await round(message);
    const afterLoad = await memory();
    await closeAll();
    send({ type: 'closed', afterLoad });
    process.disconnect();
  } catch (error) {
    send({ type: 'failed', message: (error as Error).stack ?? String(error) });
  }
});
// The benchmark ended or died: stop the database before going.
process.on('disconnect', () => void closeAll().finally(() => process.exit(0)));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void closeAll().finally(() => process.exit(1)));

try {
  await start();
} catch (error) {
  send({ type: 'failed', message: (error as Error).stack ?? String(error) });
  await closeAll().catch(() => {});
  process.disconnect();
}
