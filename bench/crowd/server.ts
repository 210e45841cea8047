import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { clusterDirOf, embeddedPostgresUrl } from '../../server/db/embeddedPostgres';
import { processAlive, readPostmasterPid } from '../../server/db/embeddedPostgresPid';
import { onCleanup } from '../api/cleanup';
import { rssOf } from '../api/processes';
import { benchFolder, logFolder, root, stopServerChild } from '../api/serverProcess';
import { expectEngine } from '../engine';

/** The portal under the crowd, in a child process of its own so the crowd's clients do not share its event loop. */
export interface CrowdServer {
  url: string;
  pid: number;
  /** 'embedded' (the default engine, checked not to have fallen back to PGlite) or 'postgres' (DATABASE_URL). */
  engine: 'embedded' | 'postgres';
  /** How it was started: the compiled server (dist-server/main.js) or tsx on the sources. */
  runtime: string;
  /** A connection string for the bench's own setup statements (the same database the server uses). */
  databaseUrl: string;
  logFile: string;
  rss(): number;
  stop(): Promise<void>;
}

const compiled = path.join(root, 'dist-server', 'main.js');

/**
 * The compiled server, made again first when a source changed since it was built (as `npm start` does), so the crowd
 * meets today's code; tsx on the sources when CROWD_RUNTIME=tsx or the build fails (said, not hidden).
 */
function serverCommand(): { args: string[]; runtime: string } {
  const tsx = (why: string) => ({ args: ['--import', 'tsx', path.join(root, 'server', 'main.ts')], runtime: `tsx server/main.ts (${why})` });
  if (process.env.CROWD_RUNTIME === 'tsx') return tsx('CROWD_RUNTIME=tsx');
  const build = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { buildServer, serverBuildIsStale } from './scripts/buildServer.mjs'; const stale = serverBuildIsStale(); if (stale) { console.log(`building the server (${stale})…`); await buildServer(); }",
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0 || !fs.existsSync(compiled)) return tsx('the compiled server could not be built');
  return { args: [compiled], runtime: 'node dist-server/main.js' };
}

/** A fresh database on the PostgreSQL of `adminUrl`, dropped (connections ended) by the returned function. */
async function createDatabase(adminUrl: string) {
  const name = `pp_crowd_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
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

const postmasterOf = (dataDir: string) => {
  const pid = readPostmasterPid(clusterDirOf(dataDir))?.pid;
  return pid && processAlive(pid) ? pid : null;
};

/** Polls /api/ready until it answers 200; its body, or the reason it never did. */
async function waitUntilReady(url: string, child: ChildProcess, logFile: string): Promise<string> {
  const started = Date.now();
  for (;;) {
    try {
      const answer = await fetch(`${url}/api/ready`);
      const text = await answer.text();
      if (answer.status === 200) return text;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode}; its log: ${logFile}\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (Date.now() - started > 180_000) throw new Error(`the server was not ready within 180 s; its log: ${logFile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The server with the demo data on a new folder under /tmp (open to the `postgres` user the embedded cluster runs as
 * under root), or on a new database of DATABASE_URL's server. Throws, and stops it, if it serves from PGlite: a figure
 * of the fallback is not a figure of the default engine.
 */
export async function startCrowdServer(options: { port: number; jwtSecret: string; adminUrl?: string }): Promise<CrowdServer> {
  const dataDir = benchFolder('crowd');
  const database = options.adminUrl ? await createDatabase(options.adminUrl) : undefined;
  const logFile = path.join(logFolder(), 'crowd-server.log');
  const log = fs.openSync(logFile, 'a');
  const { args, runtime } = serverCommand();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      SEED: 'demo',
      SECOND_FACTOR_ENROLMENT: 'off',
      JWT_SECRET: options.jwtSecret,
      LOG_LEVEL: process.env.CROWD_LOG_LEVEL ?? 'warn',
      // Two hundred people behind one address (the bench): the per-address limits are a balancer's, not theirs.
      RATE_TOKEN_PER_MINUTE: '100000',
      SIGN_IN_FAILURES_BEFORE_HOLD: '100000',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      FILE_JOBS: 'off',
      DATABASE_URL: database?.url ?? '',
      // Pinned: a start where the engine cannot run fails instead of falling back to PGlite.
      DATABASE_ENGINE: database ? 'postgres' : 'embedded',
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${options.port}`;

  let stopping: Promise<void> | null = null;
  const stopNow = async () => {
    if (await stopServerChild(child, dataDir, 20_000)) console.error('the embedded cluster outlived its server: stopped by the bench');
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = onCleanup('crowd server', () => (stopping ??= stopNow()));

  try {
    const ready = await waitUntilReady(url, child, logFile);
    await expectEngine(url, database ? 'postgres' : 'embedded');
    if (!database) {
      const saidInLog = /PGlite/i.test(fs.readFileSync(logFile, 'utf8'));
      if (/pglite/i.test(ready) || saidInLog || !postmasterOf(dataDir)) {
        throw new Error(
          `the server fell back to PGlite instead of the embedded PostgreSQL (ready: ${ready}); its log: ${logFile}. ` +
            'A crowd on the fallback measures the wrong engine: fix the embedded cluster (folder permissions, binaries) first.',
        );
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    pid: child.pid!,
    engine: database ? 'postgres' : 'embedded',
    runtime,
    databaseUrl: database?.url ?? embeddedPostgresUrl(dataDir),
    logFile,
    rss: () => rssOf(child.pid!),
    stop,
  };
}
