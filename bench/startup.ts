// npm run bench:startup: cold start on an empty data folder (cluster made, migrated, demo seed) and warm restart (the
// folder made, its cluster stopped with the last server), each to the first answered request, for the compiled server
// (dist-server, what `npm start` runs; built first when stale) beside the same server through tsx and a bare Fastify
// start, in the same run and in turns; on the embedded PostgreSQL (the default, checked) and PGlite. Then the
// launcher's own steps (initdb, start, stop) and the idle memory of the server and of the cluster's processes.
// Goals (issue 21): the compiled server's warm restart < 1.5 s, cold start < 5 s, on the embedded default.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { clusterDirOf, startEmbeddedPostgres } from '../server/db/embeddedPostgres';
import { readPostmasterPid } from '../server/db/embeddedPostgresPid';
import { benchFolder, expectEngine } from './engine';
import { onCleanup, runBench } from './harness/cleanup';
import { compiledServer, freePort, stopChild as stop, stopLeftCluster, stopServerChild } from './harness/serverProcess';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT) || (await freePort());
const engines = ['embedded', 'pglite'] as const;
type Engine = (typeof engines)[number];
/** How the server is run: the build `npm start` runs, the TypeScript through tsx (`npm run server`). */
const runners = { compiled: [compiledServer()], tsx: ['--import', 'tsx', path.join(root, 'server', 'main.ts')] };
type Runner = keyof typeof runners;
const WARM_RUNS = 3;

/** A server on the folder; the bench's cleanup ends it and a cluster it left however the bench ends. */
function startServer(dataDir: string, engine: Engine, runner: Runner): ChildProcess {
  const child = spawn(process.execPath, runners[runner], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DATABASE_ENGINE: engine,
      FILE_JOBS: 'off',
      SECOND_FACTOR_ENROLMENT: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  onCleanup(
    `server ${child.pid}`,
    async () => void (await stopServerChild(child, dataDir)),
    () => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')),
  );
  return child;
}

/** The floor: Fastify imported and listening with one route, nothing else. */
function startBareFastify(): ChildProcess {
  const program = `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => 'ok'); await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  onCleanup(
    `bare Fastify ${child.pid}`,
    () => stop(child),
    () => void (child.exitCode === null && child.kill('SIGKILL')),
  );
  return child;
}

async function firstAnswer(child: ChildProcess, started: number, urlPath = '/api/users/permissions', status = 401): Promise<number> {
  for (;;) {
    // A connection of its own each time: a kept-alive one could reach the previous process while it drains.
    const answered = await new Promise<number>((resolve) =>
      http
        .get(`http://127.0.0.1:${port}${urlPath}`, { agent: false }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', () => resolve(0)),
    );
    if (answered === status) return performance.now() - started;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() - started > 180_000) throw new Error('server did not answer within 180 s');
    await wait(25);
  }
}

/** Resident and proportional memory (shared pages split among their users) of processes, in MB. */
function memoryOf(pids: number[]): { rss: number; pss: number } {
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      /* ended meanwhile */
    }
  }
  return { rss: rss / 1024, pss: pss / 1024 };
}

function clusterPids(dataDir: string): number[] {
  const postmaster = readPostmasterPid(clusterDirOf(dataDir))?.pid;
  if (!postmaster) return [];
  const children = fs.readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return [postmaster, ...children];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (value: number) => `${Math.round(value)} MB`;

/** Starts a server on the folder, times it to its first answer, hands it to `whileUp`, and stops it whatever happens. */
async function timedStart(dataDir: string, engine: Engine, runner: Runner, whileUp: (child: ChildProcess) => Promise<void> = async () => {}): Promise<number> {
  const started = performance.now();
  const child = startServer(dataDir, engine, runner);
  try {
    const ms = await firstAnswer(child, started);
    if (engine === 'embedded') await expectEngine(`http://127.0.0.1:${port}`, 'embedded');
    await whileUp(child);
    return ms;
  } finally {
    await stop(child);
  }
}

async function timedBareFastify(): Promise<number> {
  const started = performance.now();
  const child = startBareFastify();
  try {
    return await firstAnswer(child, started, '/', 200);
  } finally {
    await stop(child);
  }
}

await runBench(async () => {
  const runs = (values: number[]) => `median ${seconds(median(values))} (runs ${values.map(seconds).join(', ')})`;
  for (const engine of engines) {
    const work = benchFolder('pp-bench-startup-');
    onCleanup(`folder ${work}`, () => fs.rmSync(work, { recursive: true, force: true, maxRetries: 5 }));
    const dataDir = path.join(work, 'data');
    try {
      const cold = await timedStart(dataDir, engine, 'compiled');
      const warm: Record<Runner | 'bare', number[]> = { compiled: [], tsx: [], bare: [] };
      let node = { rss: 0, pss: 0 };
      let cluster: { rss: number; pss: number } | undefined;
      // In turns, so a burst of load elsewhere on the machine falls on each alike.
      for (let i = 0; i < WARM_RUNS; i++) {
        warm.compiled.push(
          await timedStart(dataDir, engine, 'compiled', async (child) => {
            if (i < WARM_RUNS - 1) return;
            await wait(2_000);
            node = memoryOf([child.pid!]);
            if (engine === 'embedded') cluster = memoryOf(clusterPids(dataDir));
          }),
        );
        warm.tsx.push(await timedStart(dataDir, engine, 'tsx'));
        warm.bare.push(await timedBareFastify());
      }
      const ratio = (runner: Runner) => (median(warm[runner]) / median(warm.bare)).toFixed(1);
      console.log(`${engine}: cold start of the compiled server (empty data folder, migrate + demo seed) to first answer ${seconds(cold)} (goal < 5 s)`);
      console.log(`${engine}: warm restart, compiled: ${runs(warm.compiled)} (goal < 1.5 s), ${ratio('compiled')}× a bare Fastify start`);
      console.log(`${engine}: warm restart, tsx:      ${runs(warm.tsx)}, ${ratio('tsx')}× a bare Fastify start`);
      console.log(`${engine}: bare Fastify start:     ${runs(warm.bare)}`);
      console.log(`${engine}: idle server RSS ${mb(node.rss)}${cluster ? `; cluster's processes RSS ${mb(cluster.rss)} summed, PSS ${mb(cluster.pss)}` : ''}`);
    } finally {
      fs.rmSync(work, { recursive: true, force: true, maxRetries: 5 });
    }
  }

  // The launcher's steps alone: initdb + first start, stop, then a start of the made cluster.
  const work = benchFolder('pp-bench-startup-');
  onCleanup(`folder ${work}`, () => fs.rmSync(work, { recursive: true, force: true }));
  const dataDir = path.join(work, 'data');
  try {
    let started = performance.now();
    let cluster = await startEmbeddedPostgres({ dataDir });
    onCleanup("the launcher's cluster", async () => void (await stopLeftCluster(dataDir)));
    const first = performance.now() - started;
    started = performance.now();
    await cluster.close();
    const stopped = performance.now() - started;
    started = performance.now();
    cluster = await startEmbeddedPostgres({ dataDir });
    const restart = performance.now() - started;
    await cluster.close();
    console.log(`embedded PostgreSQL alone: initdb + start ${seconds(first)}, start of a made cluster ${seconds(restart)}, stop ${seconds(stopped)}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
