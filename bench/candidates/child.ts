// One candidate in a process of its own, so its memory and its main thread are measured alone. `prepare` opens the
// empty folder (cold: create + migrate), seeds it and closes; `serve`, in a fresh process as after a restart, opens
// it again (warm) and runs the load rounds the parent asks for, from its main thread.
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Candidate, OpenCandidate, ProcessMemory } from './candidate';
import { runLoad } from './load';
import { clusterMemory, processRssMb } from './memory';
import { byIdQuery, searchQuery, seedPartnersQueries, SEARCH_KEYWORDS } from './partnerQueries';
import type { CandidateKey, CandidateMode, FromCandidate, ToCandidate } from './protocol';

// Loaded on demand: a process imports only its own candidate (its memory is the figure).
const CANDIDATES: Record<CandidateKey, () => Promise<Candidate | undefined>> = {
  none: async () => undefined,
  pglite: async () => (await import('./pgliteInProcess')).pgliteInProcess,
  worker: async () => (await import('./pgliteWorker')).pgliteWorker,
  embedded: async () => (await import('./embeddedPostgres')).embeddedPostgres,
  postgres: async () => (await import('./systemPostgres')).systemPostgres(process.env.DATABASE_URL!),
};

const [key, mode, dataDir] = process.argv.slice(2) as [CandidateKey, CandidateMode, string];
const partnersWanted = Number(process.env.BENCH_PARTNERS ?? 2000);
const send = (message: FromCandidate) => process.send!(message);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let open: OpenCandidate | undefined;
let closing: Promise<void> | undefined;
let clusterUnderLoad: ProcessMemory['cluster'];

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
    const opened = open;
    open = undefined;
    await opened?.close();
  })();
  return closing;
}

async function prepare(candidate: Candidate) {
  const cold = await timed(() => candidate.open(dataDir));
  open = cold.value;
  const seed = await timed(async () => {
    for (const { sql, params } of seedPartnersQueries(partnersWanted)) await cold.value.query(sql, params);
    await cold.value.query('analyze', []);
  });
  await closeAll();
  send({ type: 'prepared', coldMs: cold.ms, seedMs: seed.ms });
}

async function serve(candidate: Candidate | undefined) {
  if (!candidate) return send({ type: 'opened', idle: await memory() });
  const warm = await timed(() => candidate.open(dataDir));
  open = warm.value;
  send({ type: 'opened', warmMs: warm.ms, connections: warm.value.connections, idle: await memory() });
}

let ids: string[] = [];

async function round(message: Extract<ToCandidate, { type: 'round' }>) {
  const db = open!;
  if (!ids.length) ids = ((await db.query('select id from partners', [])) as { id: string }[]).map((row) => row.id);
  const query =
    message.query === 'byId' ? (n: number) => byIdQuery(ids[(n * 7919) % ids.length]) : (n: number) => searchQuery(SEARCH_KEYWORDS[n % SEARCH_KEYWORDS.length]);
  const figures = await runLoad(message.inFlight, message.ms, (n) => {
    const { sql, params, name } = query(n);
    return db.query(sql, params, name);
  });
  // The pool's backends are still connected now; idle ones are closed after a while.
  const postmaster = await db.postmasterPid?.();
  const cluster = postmaster ? clusterMemory(postmaster) : undefined;
  if (cluster && cluster.rssMb > (clusterUnderLoad?.rssMb ?? 0)) clusterUnderLoad = cluster;
  send({ type: 'round', figures });
}

process.on('message', async (message: ToCandidate) => {
  try {
    if (message.type === 'round') return await round(message);
    const afterLoad = await memory();
    await closeAll();
    send({ type: 'closed', afterLoad, clusterUnderLoad });
    process.disconnect();
  } catch (error) {
    send({ type: 'failed', message: (error as Error).stack ?? String(error) });
  }
});
// The benchmark ended or died: stop the database before going.
process.on('disconnect', () => void closeAll().finally(() => process.exit(0)));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void closeAll().finally(() => process.exit(1)));

try {
  const candidate = await CANDIDATES[key]();
  if (mode === 'prepare') {
    await prepare(candidate!);
    process.disconnect();
  } else await serve(candidate);
} catch (error) {
  send({ type: 'failed', message: (error as Error).stack ?? String(error) });
  await closeAll().catch(() => {});
  process.disconnect();
}
