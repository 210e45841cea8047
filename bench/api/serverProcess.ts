import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import { onCleanup } from './cleanup';
import { clusterDirOf } from '../../server/db/embeddedPostgres';
import { processAlive, readPostmasterPid } from '../../server/db/embeddedPostgresPid';
import { descendantsOf, pssOf, rssOf } from './processes';
import { SERVER_POOL_SIZE } from './rawFloor';
import type { BenchServer } from './types';

export const root = path.resolve(import.meta.dirname, '..', '..');

/** A server of the benchmark with what the runner needs beyond BenchServer: its folder, log and database. */
export interface ServerProcess extends BenchServer {
  label: string;
  dataDir: string;
  logFile: string;
  /** PostgreSQL mode: the database made for this server (dropped at stop). */
  databaseUrl?: string;
  /** The PostgreSQL processes that serve this server's embedded cluster (none in the other modes). */
  clusterPids(): number[];
}

export interface StartOptions {
  label: string;
  engine: BenchServer['engine'];
  port: number;
  logLevel: string;
  /** PostgreSQL mode: the server whose databases the benchmark may create and drop (the DATABASE_URL given). */
  adminUrl?: string;
  /** Start on this data folder instead of a new one (a restart keeps it). */
  dataDir?: string;
}

/**
 * A new folder under the temporary one, open to other users (mkdtemp makes it 0700): the embedded PostgreSQL runs
 * as a user of its own when the benchmark runs as root, and must enter it.
 */
export function benchFolder(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pp-bench-api-${label.replace(/\W+/g, '-')}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

let logs: string | undefined;

/** The folder of this run's server logs (one file per server), made on first use. */
export function logFolder(): string {
  logs ??= fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-api-logs-'));
  return logs;
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
function postmasterOf(dataDir: string): number | null {
  const pid = readPostmasterPid(clusterDirOf(dataDir))?.pid;
  return pid && processAlive(pid) ? pid : null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
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

/** Polls until the server answers (401 without a token: listening, routes registered). */
async function waitUntilListening(url: string, child: ChildProcess, logFile: string) {
  const started = Date.now();
  for (;;) {
    try {
      const answer = await fetch(`${url}/api/users/permissions`);
      if (answer.status === 401) return;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; its log: ${logFile}\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (Date.now() - started > 120_000) throw new Error(`server did not answer within 120 s; its log: ${logFile}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * `node --import tsx server/main.ts` in a child process with the demo data, limits the load does not meet and its
 * log in a file. Stopping it ends the child (SIGTERM, then SIGKILL), an embedded cluster left behind, its database
 * and its folder; so does the benchmark's cleanup on failure or Ctrl-C.
 */
/**
 * Ends a bench's server process: SIGTERM, then SIGKILL after `termMs`; then a cluster it left running gets a fast
 * shutdown of its postmaster (SIGINT, SIGKILL after 15 s), so the folder can go. Resolves with whether one was left.
 */
export async function stopServerChild(child: ChildProcess, dataDir: string, termMs = 15_000): Promise<boolean> {
  if (!(await waitForExit(child, 0))) {
    child.kill('SIGTERM');
    if (!(await waitForExit(child, termMs))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  }
  const postmaster = postmasterOf(dataDir);
  if (!postmaster) return false;
  process.kill(postmaster, 'SIGINT');
  if (!(await waitUntilGone(postmaster, 15_000))) process.kill(postmaster, 'SIGKILL');
  return true;
}

export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const ownsDir = !options.dataDir;
  const dataDir = options.dataDir ?? benchFolder(options.label);
  const database = options.engine === 'postgres' ? await createDatabase(options.adminUrl!) : undefined;
  const logFile = path.join(logFolder(), `${options.label}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      SEED: 'demo',
      SECOND_FACTOR_ENROLMENT: 'off',
      LOG_LEVEL: options.logLevel,
      RATE_TOKEN_PER_MINUTE: '100000',
      SIGN_IN_FAILURES_BEFORE_HOLD: '100000',
      FILE_JOBS: 'off',
      DATABASE_URL: database?.url ?? '',
      // 'embedded' asks for the default engine (DATABASE_ENGINE empty): what `npm start` runs.
      DATABASE_ENGINE: options.engine === 'pglite' ? 'pglite' : '',
      DATABASE_POOL_SIZE: String(SERVER_POOL_SIZE),
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${options.port}`;

  let stopped: Promise<void> | null = null;
  const stopNow = async () => {
    await stopServerChild(child, dataDir);
    await database?.drop();
    if (ownsDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const cleanup = onCleanup(`server ${options.label}`, () => (stopped ??= stopNow()));

  try {
    await waitUntilListening(url, child, logFile);
  } catch (error) {
    await cleanup();
    throw error;
  }

  const tokens = new Map<string, { token: string; until: number }>();
  const server: ServerProcess = {
    label: options.label,
    url,
    // The default engine is embedded PostgreSQL once it serves the folder, else (before it existed) PGlite.
    engine: options.engine === 'embedded' && !postmasterOf(dataDir) ? 'pglite' : options.engine,
    pid: child.pid!,
    dataDir,
    logFile,
    databaseUrl: database?.url,
    rss: async () => rssOf(child.pid!),
    clusterPids() {
      const postmaster = postmasterOf(dataDir);
      const pids = new Set([...descendantsOf(child.pid!), ...(postmaster ? [postmaster, ...descendantsOf(postmaster)] : [])]);
      // tsx may run the server in the same process or not: only PostgreSQL's processes count as the cluster.
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
    stop: cleanup,
  };
  return server;
}

/** The cluster's memory: its processes' PSS summed (shared buffers counted once). */
export const clusterPss = (server: ServerProcess) => server.clusterPids().reduce((sum, pid) => sum + pssOf(pid), 0);
