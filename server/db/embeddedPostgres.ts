import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { withStartLock } from './embeddedPostgresLock';
import { isZombie, processAlive, processExists, readPostmasterPid } from './embeddedPostgresPid';
import { probeCluster, queryOnce, type ClusterState } from './embeddedPostgresProbe';
import { runAs } from './embeddedPostgresProcess';
import { registerServer, type ServerRegistration } from './embeddedPostgresRegistry';
import { clusterSettings, type ClusterSettingOverrides } from './embeddedPostgresSettings';
import { EmbeddedPostgresUnavailable, reachableBinaries } from './embeddedPostgresBinaries';
import { clusterUser, giveTo, letUserEnter, type ClusterUser } from './embeddedPostgresUser';

export interface EmbeddedPostgres {
  /** A node-postgres connection string to the cluster's unix socket. */
  url: string;
  /** True when a postmaster already served the folder (left by a killed server, or started by another instance). */
  adopted: boolean;
  /** Stops the cluster unless another server on the same folder still uses it (its own connections are not asked). */
  close(): Promise<void>;
}

export interface EmbeddedPostgresLog {
  info(message: string): void;
  warn(message: string): void;
}

const SUPERUSER = 'portal';
const DATABASE = 'portal';
/** sun_path holds 108 bytes with its terminating zero. */
const SOCKET_PATH_MAX = 107;
const SOCKET_FILE = '.s.PGSQL.5432';
/** Crash recovery after a hard stop replays the WAL since the last checkpoint; a few minutes at most on this scale. */
const READY_TIMEOUT_S = 180;

export const clusterDirOf = (dataDir: string) => path.join(path.resolve(dataDir), 'postgres');

/** The socket lives in the cluster folder unless that path is too long for a socket; then in a folder named by its hash. */
export function socketDirOf(dataDir: string): string {
  const inCluster = clusterDirOf(dataDir);
  if (Buffer.byteLength(path.join(inCluster, SOCKET_FILE)) <= SOCKET_PATH_MAX) return inCluster;
  const hash = crypto.createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  const tmp = Buffer.byteLength(os.tmpdir()) < 60 ? os.tmpdir() : '/tmp';
  return path.join(tmp, `portal-pg-${hash}`);
}

/** The connection string of the cluster a server on `dataDir` runs (for a bench runner or psql beside it). */
export function embeddedPostgresUrl(dataDir: string, database = DATABASE): string {
  return `postgresql://${SUPERUSER}@localhost/${database}?host=${encodeURIComponent(socketDirOf(dataDir))}`;
}

function unusableFolder(dataDir: string, why: string): Error {
  return new Error(`The embedded PostgreSQL cannot use DATA_DIR ${dataDir}: ${why}. Choose another DATA_DIR, or set DATABASE_ENGINE=pglite.`);
}

interface StartOptions {
  dataDir: string;
  log?: EmbeddedPostgresLog;
  settings?: ClusterSettingOverrides;
}

/** A start begun before the server's modules loaded; `hear` hands it the log of whoever takes it over. */
interface EarlyStart {
  started: Promise<EmbeddedPostgres>;
  hear(log: EmbeddedPostgresLog): void;
}

const earlyStarts = new Map<string, EarlyStart>();

/**
 * Begins the start of a folder's cluster while the rest of the server loads (PostgreSQL starting takes a few hundred
 * milliseconds that the loading can overlap); the next `startEmbeddedPostgres` of the folder takes it over, hears
 * what was logged meanwhile, and is told its failure.
 */
export function startEmbeddedPostgresEarly(dataDir: string) {
  const said: { level: keyof EmbeddedPostgresLog; message: string }[] = [];
  let listener: EmbeddedPostgresLog | undefined;
  const relay = (level: keyof EmbeddedPostgresLog) => (message: string) => (listener ? listener[level](message) : void said.push({ level, message }));
  const started = launch({ dataDir, log: { info: relay('info'), warn: relay('warn') } });
  started.catch(() => {}); // told to the call that takes it over
  earlyStarts.set(path.resolve(dataDir), {
    started,
    hear(log) {
      for (const { level, message } of said.splice(0)) log[level](message);
      listener = log;
    },
  });
}

/**
 * A PostgreSQL 17 cluster in `<dataDir>/postgres`, from the binaries of an npm package: made on first start,
 * started when down, adopted when a postmaster already serves it. Reached by a unix socket only.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgres> {
  const key = path.resolve(options.dataDir);
  const early = earlyStarts.get(key);
  if (!early) return launch(options);
  earlyStarts.delete(key);
  if (options.log) early.hear(options.log);
  return early.started;
}

async function launch(options: StartOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = clusterDirOf(dataDir);
  const socketDir = socketDirOf(dataDir);
  const url = embeddedPostgresUrl(dataDir);
  const maintenanceUrl = embeddedPostgresUrl(dataDir, 'postgres');
  const user = clusterUser();
  const { initdb, pg_ctl } = await reachableBinaries(user);
  const log = options.log;

  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw unusableFolder(dataDir, (error as Error).message);
  }
  if (!letUserEnter(user, dataDir)) {
    throw new EmbeddedPostgresUnavailable(
      unusableFolder(
        dataDir,
        `the user ${user?.name ?? os.userInfo().username} that runs PostgreSQL cannot enter it (every folder above it needs x for that user)`,
      ).message,
    );
  }
  if (socketDir !== clusterDir) makeSocketDir(socketDir, user);

  const lockFile = path.join(dataDir, 'postgres.lock');
  let registration: ServerRegistration | undefined;
  const adopted = await withStartLock(lockFile, async () => {
    // Registered under the lock, once the cluster answers: a server stopping meanwhile sees this one and leaves it up.
    if ((await settledState(maintenanceUrl)) === 'up') {
      registration = registerServer(dataDir);
      return true;
    }
    if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      if (fs.existsSync(clusterDir)) throw unusableFolder(dataDir, `${clusterDir} exists but holds no PostgreSQL cluster`);
      log?.info(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
      await initCluster(initdb, dataDir, clusterDir, user);
    }
    fs.writeFileSync(path.join(clusterDir, 'portal.conf'), clusterSettings(socketDir, options.settings));
    giveTo(user, path.join(clusterDir, 'portal.conf'));
    await startCluster(pg_ctl, clusterDir, socketDir, user, log);
    registration = registerServer(dataDir);
    return false;
  });
  try {
    await ensureDatabase(maintenanceUrl);
  } catch (error) {
    await withStartLock(lockFile, async () => registration!.leave());
    throw error;
  }
  log?.info(`${adopted ? 'Adopted the running' : 'Started the'} embedded PostgreSQL in ${clusterDir}`);

  let closed = false;
  return {
    url,
    adopted,
    async close() {
      if (closed) return;
      closed = true;
      // Under the start lock: no server adopts the cluster between the count and the stop.
      await withStartLock(lockFile, async () => {
        const others = registration!.leave();
        if (others > 0) {
          log?.info(`The embedded PostgreSQL stays up for ${others} other server(s) on ${dataDir}`);
          return;
        }
        // Fast: whatever this server's connections still do is rolled back, as a crash would, but with a checkpoint.
        await runAs(user, pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', String(READY_TIMEOUT_S)]).catch((error: Error) => {
          // Stopped already (by hand, or it was never ours to stop): nothing left to do.
          if (processAlive(readPostmasterPid(clusterDir)?.pid ?? 0)) throw error;
        });
      });
    },
  };
}

/** Waits out a postmaster that is recovering or shutting down, then says whether one answers. */
async function settledState(url: string): Promise<ClusterState> {
  const deadline = Date.now() + READY_TIMEOUT_S * 1000;
  for (;;) {
    const state = await probeCluster(url);
    if (state !== 'starting' || Date.now() > deadline) return state;
    await wait(100);
  }
}

function makeSocketDir(dir: string, user: ClusterUser | undefined) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  giveTo(user, dir);
}

/** initdb in a staging folder renamed into place when complete: a start cut short leaves no half-made cluster. */
async function initCluster(initdb: string, dataDir: string, clusterDir: string, user: ClusterUser | undefined) {
  for (const entry of fs.readdirSync(dataDir)) {
    if (entry.startsWith('postgres.init-')) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  }
  const staging = path.join(dataDir, `postgres.init-${process.pid}`);
  fs.mkdirSync(staging, { mode: 0o700 });
  giveTo(user, staging);
  try {
    await runAs(user, initdb, [
      '-D',
      staging,
      '-U',
      SUPERUSER,
      '--auth-local=trust',
      '--auth-host=reject',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      // One syncfs of the file system instead of an fsync per file: about half the time, as durable.
      '--sync-method=syncfs',
      '--no-instructions',
    ]);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw unusableFolder(dataDir, (error as Error).message);
  }
  fs.appendFileSync(path.join(staging, 'postgresql.conf'), `\ninclude_if_exists = 'portal.conf'\n`);
  fs.renameSync(staging, clusterDir);
}

/**
 * pg_ctl start, waiting until the cluster accepts connections (after crash recovery when it was killed). A
 * postmaster.pid of a dead postmaster PostgreSQL removes itself; one whose process id now belongs to another
 * program (or to the unreaped zombie of the killed postmaster) would make it refuse, so that file goes first.
 */
async function startCluster(pg_ctl: string, clusterDir: string, socketDir: string, user: ClusterUser | undefined, log?: EmbeddedPostgresLog) {
  // The socket's lock file names the postmaster too, and PostgreSQL judges it the same way.
  for (const lockFile of [path.join(clusterDir, 'postmaster.pid'), path.join(socketDir, `${SOCKET_FILE}.lock`)]) {
    const pid = lockHolder(lockFile);
    if (pid === undefined || !heldByAnother(pid)) continue;
    log?.warn(`Removing ${lockFile}: its process ${pid} is no longer PostgreSQL`);
    fs.rmSync(lockFile, { force: true });
  }
  try {
    await runAs(user, pg_ctl, ['start', '-D', clusterDir, '-l', path.join(clusterDir, 'startup.log'), '-w', '-t', String(READY_TIMEOUT_S)]);
  } catch (error) {
    // Once its logging collector runs, PostgreSQL says why it stopped in the newest file of `log/`, not in startup.log.
    const logTail = [path.join(clusterDir, 'startup.log'), newestFile(path.join(clusterDir, 'log'))]
      .map((file) => (file ? lastLines(file, 10) : ''))
      .join('\n');
    throw new Error(`The embedded PostgreSQL in ${clusterDir} did not start: ${(error as Error).message}\n${logTail}`);
  }
}

/** The process id on the first line of a PostgreSQL lock file. */
function lockHolder(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A process that holds the id but is no postmaster: a zombie not yet reaped, or another program that got the id. */
function heldByAnother(pid: number): boolean {
  if (!processExists(pid)) return false;
  if (isZombie(pid)) return true;
  try {
    return path.basename(fs.readlinkSync(`/proc/${pid}/exe`)) !== 'postgres';
  } catch {
    return false; // not ours to look at: let PostgreSQL judge
  }
}

function newestFile(dir: string): string | undefined {
  try {
    const files = fs.readdirSync(dir).map((name) => path.join(dir, name));
    return files.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  } catch {
    return undefined;
  }
}

function lastLines(file: string, count: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
}

async function ensureDatabase(maintenanceUrl: string) {
  const found = await queryOnce(maintenanceUrl, 'select 1 from pg_database where datname = $1', [DATABASE]);
  if (found.length === 0) {
    await queryOnce(maintenanceUrl, `create database ${DATABASE}`).catch(async (error) => {
      // Two instances adopting a fresh cluster at once: the other one made it.
      if ((await queryOnce(maintenanceUrl, 'select 1 from pg_database where datname = $1', [DATABASE])).length === 0) throw error;
    });
  }
}
