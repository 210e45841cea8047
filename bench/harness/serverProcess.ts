// The one way a bench starts the portal: the compiled server (`node dist-server/main.js`, what `npm start` runs; built
// first when a source changed since the last build) in a child process of its own, on the default engine in a new
// folder (or a new database of DATABASE_URL's server), with the demo data, the second factor's enrolment off and its
// log in a file. Stopping it, and the bench's cleanup however the bench ends, ends the child (SIGTERM, then SIGKILL),
// the embedded cluster it may leave behind (pg_ctl detaches the postmaster), its database and its folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import { clusterDirOf, embeddedPostgresUrl } from '../../server/db/embeddedPostgres';
import { processAlive, readPostmasterPid } from '../../server/db/embeddedPostgresPid';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import { benchFolder, expectEngine } from '../engine';
import { onCleanup } from './cleanup';
import { descendantsOf, pssOf, rssOf } from './processes';

export const root = path.resolve(import.meta.dirname, '..', '..');

/** A server of a bench, running in a child process of its own (so its RSS, CPU and event loop are its own). */
export interface ServerProcess {
  label: string;
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  /** 'embedded' (the default engine, checked), 'postgres' (DATABASE_URL) or 'pglite' (asked for). */
  engine: 'embedded' | 'postgres' | 'pglite';
  pid: number;
  child: ChildProcess;
  dataDir: string;
  logFile: string;
  /** A connection string to the server's database, for a bench's own setup statements (none on PGlite). */
  databaseUrl?: string;
  /** Resident set size of the server process, in bytes (the database's own processes not included). */
  rss(): Promise<number>;
  /** The PostgreSQL processes that serve this server's embedded cluster (none in the other modes). */
  clusterPids(): number[];
  /** An access token of a demo account (admin@… by default). */
  token(email?: string): Promise<string>;
  /** Present with `probe: true`: the server process's own readings (bench/harness/serverProbe.mjs). */
  probe?: ServerProbe;
  /** Ends the server (SIGTERM, as a deploy does, then SIGKILL), its left-over cluster, its database, its folder. */
  stop(): Promise<void>;
  /** Resolves with the exit once the server process has ended. */
  exited: Promise<void>;
}

export interface ServerProbe {
  /** Starts a new measure of the event loop's delay. */
  resetLoop(): Promise<void>;
  /** The longest event-loop delay since the last reset, in ms. */
  loopMaxMs(): Promise<number>;
  /** process.memoryUsage() after three rounds of garbage collection (the server runs with --expose-gc). */
  settledMemory(): Promise<NodeJS.MemoryUsage>;
  /** process.memoryUsage() right after one garbage collection: what is live now. */
  memoryAfterGc(): Promise<NodeJS.MemoryUsage>;
}

export interface StartOptions {
  label: string;
  /** 'embedded' (the default engine; PostgreSQL at DATABASE_URL when set) unless said. */
  engine?: ServerProcess['engine'];
  /** 0 or none: a free one. */
  port?: number;
  logLevel?: string;
  /** PostgreSQL mode: the server whose databases the bench may create and drop (DATABASE_URL by default). */
  adminUrl?: string;
  /** Start on this data folder instead of a new one (a restart keeps it); the caller removes it. */
  dataDir?: string;
  /** Settings of the bench beside the harness's (they win). */
  env?: Record<string, string>;
  /** Node options before the server's entry (--cpu-prof …). */
  execArgv?: string[];
  /** Load bench/harness/serverProbe.mjs into the server: event-loop delay and memory read over IPC. */
  probe?: boolean;
  /** Wait for /api/ready (200) instead of the first answer (the default). */
  waitForReady?: boolean;
}

let compiledEntry: string | undefined;

/**
 * The compiled server's entry: BENCH_SERVER_ENTRY when set (a build of a test's own), else dist-server/main.js, built
 * again first when stale as `npm start` does. Throws when it cannot be built: a bench on tsx would measure another runtime.
 */
export function compiledServer(): string {
  if (process.env.BENCH_SERVER_ENTRY) return process.env.BENCH_SERVER_ENTRY;
  if (compiledEntry) return compiledEntry;
  const build = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { buildServer, serverBuildIsStale } from './scripts/buildServer.mjs'; const stale = serverBuildIsStale(); if (stale) { console.error(`building the server (${stale})…`); await buildServer(); }",
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const entry = path.join(root, 'dist-server', 'main.js');
  if (build.status !== 0 || !fs.existsSync(entry)) throw new Error('the compiled server could not be built (npm run build:server)');
  compiledEntry = entry;
  return entry;
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let logs: string | undefined;

/**
 * The folder of this run's server logs (one file per server), made on first use. The cleanup removes it at the end
 * (a temporary folder left per run adds up); when the run failed it prints each log's last lines first.
 * BENCH_KEEP_LOGS keeps it and says where it is.
 */
export function logFolder(): string {
  if (logs) return logs;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-logs-'));
  logs = folder;
  onCleanup(`server logs ${folder}`, () => {
    if (process.env.BENCH_KEEP_LOGS) return console.error(`server logs: ${folder}`);
    if (process.exitCode)
      for (const file of fs.readdirSync(folder)) {
        const tail = fs.readFileSync(path.join(folder, file), 'utf8').trim().split('\n').slice(-20).join('\n');
        if (tail) console.error(`\nthe last lines of ${file}:\n${tail}`);
      }
    fs.rmSync(folder, { recursive: true, force: true });
  });
  return folder;
}

/** A fresh database on the server of `adminUrl`, dropped (connections ended) by the returned function. */
async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pp_bench_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** The postmaster of an embedded cluster in `dataDir` (pg_ctl detaches it, so it need not be the server's child). */
export function postmasterOf(dataDir: string): number | null {
  const pid = readPostmasterPid(clusterDirOf(dataDir))?.pid;
  return pid && processAlive(pid) ? pid : null;
}

const hasEnded = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (hasEnded(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function waitUntilGone(pid: number, ms: number) {
  const until = Date.now() + ms;
  while (processAlive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  return !processAlive(pid);
}

/** Ends a child process the bench started: SIGTERM, then SIGKILL after `termMs`. */
export async function stopChild(child: ChildProcess, termMs = 15_000) {
  if (hasEnded(child)) return;
  child.kill('SIGTERM');
  if (!(await waitForExit(child, termMs))) {
    child.kill('SIGKILL');
    await waitForExit(child, 5_000);
  }
}

/** A child process the bench started (clients, a peer server) ended by the bench's cleanup however the bench ends. */
export function trackChild(name: string, child: ChildProcess, termMs = 5_000): () => Promise<void> {
  return onCleanup(
    name,
    () => stopChild(child, termMs),
    () => void (hasEnded(child) || child.kill('SIGKILL')),
  );
}

/**
 * Ends a bench's server process: SIGTERM, then SIGKILL after `termMs`; then a cluster it left running gets a fast
 * shutdown of its postmaster (SIGINT, SIGKILL after 15 s), so the folder can go. Resolves with whether one was left.
 */
export async function stopServerChild(child: ChildProcess, dataDir: string, termMs = 15_000): Promise<boolean> {
  await stopChild(child, termMs);
  return stopLeftCluster(dataDir);
}

/** A fast shutdown of the embedded cluster of `dataDir` if one still runs (SIGINT, SIGKILL after 15 s): whether one did. */
export async function stopLeftCluster(dataDir: string): Promise<boolean> {
  const postmaster = postmasterOf(dataDir);
  if (!postmaster) return false;
  process.kill(postmaster, 'SIGINT');
  if (!(await waitUntilGone(postmaster, 15_000))) process.kill(postmaster, 'SIGKILL');
  return true;
}

/** Polls until the server answers (any status of /api/health, or 200 of /api/ready when asked). */
async function waitUntilAnswering(url: string, child: ChildProcess, logFile: string, ready: boolean) {
  const started = Date.now();
  const tail = () => fs.readFileSync(logFile, 'utf8').slice(-2000);
  for (;;) {
    const status = await fetch(`${url}${ready ? '/api/ready' : '/api/health'}`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200 || (!ready && status)) return;
    if (hasEnded(child)) throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}; its log: ${logFile}\n${tail()}`);
    if (Date.now() - started > 180_000) throw new Error(`the server did not answer within 180 s; its log: ${logFile}\n${tail()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Asks the probe in the server process and waits for its answer. */
function probeOf(child: ChildProcess): ServerProbe {
  let next = 0;
  const ask = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++next;
      const listener = (message: { id?: number; value?: T }) => {
        if (message?.id !== id) return;
        child.off('message', listener);
        child.off('exit', onExit);
        resolve(message.value as T);
      };
      const onExit = () => reject(new Error(`the server exited while asked for ${type}`));
      child.on('message', listener);
      child.once('exit', onExit);
      child.send({ benchProbe: type, id });
    });
  return {
    resetLoop: () => ask<void>('resetLoop'),
    loopMaxMs: () => ask<number>('loopMaxMs'),
    settledMemory: () => ask<NodeJS.MemoryUsage>('settledMemory'),
    memoryAfterGc: () => ask<NodeJS.MemoryUsage>('memoryAfterGc'),
  };
}

/** Starts the compiled server; throws (having stopped it) unless it answers on the engine meant. */
export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const adminUrl = options.adminUrl ?? process.env.DATABASE_URL;
  const engine = options.engine ?? (adminUrl ? 'postgres' : 'embedded');
  const ownsDir = !options.dataDir;
  const dataDir = options.dataDir ?? benchFolder(`pp-bench-${options.label.replace(/\W+/g, '-')}-`);
  const database = engine === 'postgres' ? await createDatabase(adminUrl!) : undefined;
  const port = options.port || (await freePort());
  const logFile = path.join(logFolder(), `${options.label}.log`);
  const log = fs.openSync(logFile, 'a');
  const probeArgs = options.probe ? ['--expose-gc', '--import', path.join(import.meta.dirname, 'serverProbe.mjs')] : [];
  // BENCH_SERVER_ARGS: Node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a bench's server.
  const extraArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...probeArgs, ...(options.execArgv ?? []), ...extraArgs, compiledServer()], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'demo',
      // Benches measure the portal's work, not the second factor's enrolment (which refuses staff signed in by password).
      SECOND_FACTOR_ENROLMENT: 'off',
      LOG_LEVEL: options.logLevel ?? 'warn',
      JWT_SECRET: '',
      RATE_TOKEN_PER_MINUTE: '100000',
      SIGN_IN_FAILURES_BEFORE_HOLD: '100000',
      FILE_JOBS: 'off',
      DATABASE_URL: database?.url ?? '',
      // Pinned: a start where the engine cannot run fails instead of falling back to PGlite.
      DATABASE_ENGINE: engine === 'pglite' ? 'pglite' : engine,
      ...options.env,
    },
    stdio: options.probe ? ['ignore', log, log, 'ipc'] : ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => (hasEnded(child) ? resolve() : child.once('exit', () => resolve())));
  const url = `http://127.0.0.1:${port}`;

  let stopped: Promise<void> | null = null;
  const stopNow = async () => {
    if (await stopServerChild(child, dataDir)) console.error(`the embedded cluster of ${options.label} outlived its server: stopped by the bench`);
    await database?.drop();
    if (ownsDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const lastResort = () => {
    if (!hasEnded(child)) child.kill('SIGKILL');
    const postmaster = postmasterOf(dataDir);
    if (postmaster) process.kill(postmaster, 'SIGQUIT');
    if (ownsDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = onCleanup(`server ${options.label}`, () => (stopped ??= stopNow()), lastResort);

  try {
    await waitUntilAnswering(url, child, logFile, options.waitForReady ?? false);
    if (engine !== 'pglite') await expectEngine(url, engine);
  } catch (error) {
    await stop();
    throw error;
  }

  const tokens = new Map<string, { token: string; until: number }>();
  return {
    label: options.label,
    url,
    port,
    engine,
    pid: child.pid!,
    child,
    dataDir,
    logFile,
    databaseUrl: database?.url ?? (engine === 'embedded' ? embeddedPostgresUrl(dataDir) : undefined),
    rss: async () => rssOf(child.pid!),
    clusterPids() {
      const postmaster = postmasterOf(dataDir);
      const pids = new Set([...descendantsOf(child.pid!), ...(postmaster ? [postmaster, ...descendantsOf(postmaster)] : [])]);
      return [...pids].filter((pid) => {
        try {
          return /postgres/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
        } catch {
          return false;
        }
      });
    },
    async token(email = 'admin@example.com') {
      const kept = tokens.get(email);
      // Access tokens last 15 minutes: a fresh one well before that.
      if (kept && kept.until > Date.now()) return kept.token;
      const answer = await fetch(`${url}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TENANT_HEADER]: TENANT_ROOT },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      const body = (await answer.json()) as { data?: { token: string } };
      if (answer.status !== 200 || !body.data) throw new Error(`sign-in of ${email} on ${options.label}: ${answer.status} ${JSON.stringify(body)}`);
      tokens.set(email, { token: body.data.token, until: Date.now() + 5 * 60_000 });
      return body.data.token;
    },
    probe: options.probe ? probeOf(child) : undefined,
    stop,
    exited,
  };
}

/** The cluster's memory: its processes' PSS summed (shared buffers counted once). */
export const clusterPss = (server: ServerProcess) => server.clusterPids().reduce((sum, pid) => sum + pssOf(pid), 0);
