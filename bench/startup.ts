// npm run bench:startup: cold start on an empty data folder (cluster made, migrated, demo seed) and warm restart, each
// to the first answered request, for the embedded PostgreSQL (the default) and PGlite beside it; then the launcher's
// own steps (initdb, start, stop) and the idle memory of the server and of the cluster's processes.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { clusterDirOf, startEmbeddedPostgres } from '../server/db/embeddedPostgres';
import { readPostmasterPid } from '../server/db/embeddedPostgresPid';

const root = path.resolve(import.meta.dirname, '..');
const port = 8951;
const engines = ['embedded', 'pglite'] as const;
type Engine = (typeof engines)[number];

function startServer(dataDir: string, engine: Engine): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '', DATABASE_ENGINE: engine },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function firstAnswer(child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/users/permissions`);
      if (response.status === 401) return performance.now() - started;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() - started > 180_000) throw new Error('server did not answer within 180 s');
    await wait(25);
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
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
async function timedStart(dataDir: string, engine: Engine, whileUp: (child: ChildProcess) => Promise<void> = async () => {}): Promise<number> {
  const started = performance.now();
  const child = startServer(dataDir, engine);
  try {
    const ms = await firstAnswer(child, started);
    await whileUp(child);
    return ms;
  } finally {
    await stop(child);
  }
}

for (const engine of engines) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-startup-'));
  try {
    const cold = await timedStart(dataDir, engine);
    const warm: number[] = [];
    let node = { rss: 0, pss: 0 };
    let cluster: { rss: number; pss: number } | undefined;
    for (let i = 0; i < 3; i++) {
      warm.push(
        await timedStart(dataDir, engine, async (child) => {
          if (i < 2) return;
          await wait(2_000);
          node = memoryOf([child.pid!]);
          if (engine === 'embedded') cluster = memoryOf(clusterPids(dataDir));
        }),
      );
    }
    console.log(`${engine}: cold start (empty data folder, migrate + demo seed) to first answer ${seconds(cold)} (goal < 10 s)`);
    console.log(`${engine}: warm restart to first answer median ${seconds(median(warm))}, runs ${warm.map(seconds).join(', ')} (goal < 3 s)`);
    console.log(`${engine}: idle server RSS ${mb(node.rss)}${cluster ? `; cluster's processes RSS ${mb(cluster.rss)} summed, PSS ${mb(cluster.pss)}` : ''}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

// The launcher's steps alone: initdb + first start, stop, then a start of the made cluster.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-startup-'));
try {
  let started = performance.now();
  let cluster = await startEmbeddedPostgres({ dataDir });
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
  fs.rmSync(dataDir, { recursive: true, force: true });
}
