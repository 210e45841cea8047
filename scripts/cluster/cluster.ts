// The cluster an operator runs (docs/deploy.md), on this machine: a fresh database on a PostgreSQL server, moto_server
// as the S3 bucket, N instances of the server sharing them, and nginx from Debian with deploy/nginx/partner-portal.conf
// rendered to this run's ports. Shared by scripts/cluster/run.ts (npm run test:cluster) and bench/cluster.ts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx/partner-portal.conf');
const NGINX = process.env.CLUSTER_NGINX ?? '/usr/sbin/nginx';
const MOTO = process.env.CLUSTER_MOTO ?? 'moto_server';

/**
 * The PostgreSQL server: CLUSTER_DATABASE_URL (an account that may create databases), and the Debian cluster
 * `pg_ctlcluster` restarts (CLUSTER_PG, "15 main" as .ci/run starts it).
 */
export const ADMIN_DATABASE_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
export const PG_CLUSTER = (process.env.CLUSTER_PG ?? '15 main').split(/\s+/);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const now = () => performance.now();

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A failure no wait can cure (a process exited): waitFor throws it at once. */
export class Fatal extends Error {}

/** Polls `probe` until it is truthy, or throws naming `what` after `timeoutMs` (or at once on a Fatal). */
export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T> | T, everyMs = 100): Promise<NonNullable<T>> {
  const deadline = now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      if (error instanceof Fatal) throw error;
      lastError = error;
    }
    if (now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${lastError ? ` (${String(lastError)})` : ''}`);
    await sleep(everyMs);
  }
}

/** A GET answered with this status within a second, or false (refused, reset, timed out). */
export async function statusOf(url: string, timeoutMs = 1000): Promise<number | false> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return false;
  }
}

/** The last lines of a log file, for a failure's message. */
export function tail(file: string, lines = 30) {
  try {
    const text = fs.readFileSync(file, 'utf8').replace(/\(node:\d+\) Warning: NodeVersionSupportWarning[\s\S]*?--trace-warnings[^\n]*\n/g, '');
    return text.trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL

export interface FreshDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function freshDatabase(adminUrl = ADMIN_DATABASE_URL): Promise<FreshDatabase> {
  const name = `cluster_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * `pg_ctlcluster <version> <name> restart`, as an operator (or a package upgrade) does; resolves when it returned.
 * Not spawnSync: the load and the probes must go on while the server is away.
 */
export function restartPostgres(): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('pg_ctlcluster', [...PG_CLUSTER, 'restart'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => resolve({ ok: false, output: error.message }));
    child.once('exit', (code) => resolve({ ok: code === 0, output: output.trim() }));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The bucket: moto_server (Python's moto, an S3-protocol server), on a free port.

export interface Bucket {
  endpoint: string;
  name: string;
  process: ChildProcess;
  stop(): void;
}

export async function startBucket(dir: string): Promise<Bucket> {
  const port = await freePort();
  const log = fs.openSync(path.join(dir, 'moto.log'), 'a');
  const child = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', log, log] });
  const endpoint = `http://127.0.0.1:${port}`;
  let exited: string | null = null;
  child.once('exit', (code) => (exited = `exited (code ${code})`));
  // Not installed: `pip install 'moto[server]'` (the machine's Python has it).
  child.once('error', (error) => (exited = `could not start (${error.message})`));
  await waitFor('moto_server answering', 30_000, async () => {
    if (exited) throw new Fatal(`moto_server ${exited}: ${tail(path.join(dir, 'moto.log'))}`);
    return (await statusOf(endpoint)) !== false;
  });
  const name = 'partner-portal-cluster';
  // moto takes an unsigned CreateBucket; a real bucket is made once by its operator (docs/deploy.md).
  const created = await fetch(`${endpoint}/${name}`, { method: 'PUT' });
  if (created.status !== 200) throw new Error(`creating the bucket: ${created.status} ${await created.text()}`);
  return { endpoint, name, process: child, stop: () => void child.kill('SIGTERM') };
}

// ---------------------------------------------------------------------------------------------------------------
// Instances

function newestMtime(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((entry) => newestMtime(path.join(file, entry))));
}

/** The compiled server when `npm run build:server` made it from the sources as they are, else the sources through tsx. */
export function serverCommand(): { command: string; args: string[]; kind: 'compiled' | 'tsx' } {
  const compiled = path.join(ROOT, 'dist-server/main.js');
  const builtAt = fs.statSync(compiled, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sourcesAt = Math.max(...['server', 'contract', 'i18n'].map((dir) => newestMtime(path.join(ROOT, dir))));
  if (builtAt > sourcesAt) return { command: process.execPath, args: [compiled], kind: 'compiled' };
  return { command: process.execPath, args: ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], kind: 'tsx' };
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  logFile: string;
  process: ChildProcess | null;
  /** How the last process ended, null while it runs. */
  exit: { code: number | null; signal: NodeJS.Signals | null; error?: string } | null;
  /** Every exit this instance's processes made that the cluster did not ask for. */
  unexpectedExits: string[];
}

export interface ClusterSettings {
  databaseUrl: string;
  bucket: Bucket;
  jwtSecret: string;
  publicUrl: string;
  /** More settings for every instance (e.g. rate limits). */
  env?: Record<string, string>;
}

export function instanceEnv(instance: Instance, settings: ClusterSettings, dir: string): NodeJS.ProcessEnv {
  const { PATH, HOME, LANG, TZ } = process.env;
  return {
    PATH,
    HOME,
    LANG,
    TZ,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(instance.port),
    INSTANCE_NAME: instance.name,
    DATA_DIR: path.join(dir, instance.name),
    STATIC_DIR: path.join(ROOT, 'dist'),
    DATABASE_URL: settings.databaseUrl,
    DATABASE_POOL_SIZE: '8',
    SEED: 'demo',
    // The scenarios sign Admin in with a password alone; the second factor has its own tests.
    SECOND_FACTOR_ENROLMENT: 'off',
    JWT_SECRET: settings.jwtSecret,
    PUBLIC_URL: settings.publicUrl,
    // nginx connects from 127.0.0.1; what it appends to X-Forwarded-For is believed, nothing further left.
    TRUST_PROXY: '127.0.0.1',
    FILE_STORE: 's3',
    S3_BUCKET: settings.bucket.name,
    S3_ENDPOINT: settings.bucket.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'cluster',
    S3_SECRET_ACCESS_KEY: 'cluster',
    S3_FORCE_PATH_STYLE: 'true',
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
    ...settings.env,
  };
}

export class Cluster {
  readonly instances: Instance[] = [];
  private stopping = false;
  /** Processes asked to stop: their exit is no failure. */
  private readonly expected = new WeakSet<ChildProcess>();

  constructor(
    readonly dir: string,
    readonly settings: ClusterSettings,
  ) {}

  async addInstance(name: string): Promise<Instance> {
    const port = await freePort();
    const instance: Instance = {
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      logFile: path.join(this.dir, `${name}.log`),
      process: null,
      exit: null,
      unexpectedExits: [],
    };
    this.instances.push(instance);
    return instance;
  }

  /** Starts the instance's process; resolves once /api/ready answers 200 (it listens at once, then migrates and seeds). */
  async start(instance: Instance, timeoutMs = 120_000) {
    const { command, args } = serverCommand();
    const log = fs.openSync(instance.logFile, 'a');
    const child = spawn(command, args, { cwd: ROOT, env: instanceEnv(instance, this.settings, this.dir), stdio: ['ignore', log, log] });
    fs.closeSync(log);
    child.once('error', (error) => (instance.exit = { code: null, signal: null, error: error.message }));
    instance.process = child;
    instance.exit = null;
    child.once('exit', (code, signal) => {
      instance.exit = { code, signal };
      if (!this.stopping && !this.expected.has(child) && signal !== 'SIGKILL') {
        instance.unexpectedExits.push(`${instance.name} exited (code ${code}, signal ${signal})`);
      }
    });
    await waitFor(`${instance.name} answering /api/ready`, timeoutMs, async () => {
      if (instance.exit) throw new Fatal(`${instance.name} exited at start (code ${instance.exit.code}):\n${tail(instance.logFile, 25)}`);
      return (await statusOf(`${instance.url}/api/ready`)) === 200;
    });
  }

  /** A stop as systemd makes it (SIGTERM: the instance drains); resolves with its exit code and how long it took. */
  async terminate(instance: Instance, timeoutMs = 35_000): Promise<{ code: number | null; ms: number }> {
    const child = instance.process;
    if (!child || instance.exit) return { code: instance.exit?.code ?? null, ms: 0 };
    const started = now();
    this.expected.add(child);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(timeoutMs)]);
    const exit = instance.exit as Instance['exit'];
    if (!exit) child.kill('SIGKILL');
    return { code: exit ? exit.code : null, ms: now() - started };
  }

  /** Starts again whatever instance is not running (after a failed step), and waits until all are ready. */
  async restore() {
    for (const instance of this.instances) if (!instance.process || instance.exit) await this.start(instance);
    await this.ready();
  }

  /** kill -9: no drain, no goodbye. */
  kill9(instance: Instance) {
    instance.process?.kill('SIGKILL');
  }

  /** Resolves once /api/ready answers 200 on every running instance. */
  async ready(timeoutMs = 60_000, instances = this.running()) {
    await Promise.all(
      instances.map((instance) =>
        waitFor(`${instance.name} answering /api/ready 200`, timeoutMs, async () => (await statusOf(`${instance.url}/api/ready`)) === 200, 200),
      ),
    );
  }

  running() {
    return this.instances.filter((i) => i.process && !i.exit);
  }

  async stop() {
    this.stopping = true;
    await Promise.all(
      this.instances.map(async (instance) => {
        const child = instance.process;
        if (!child || instance.exit) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
        if (!instance.exit) child.kill('SIGKILL');
      }),
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// nginx, from Debian, on its own prefix: the shipped site file with this run's ports.

/**
 * The site file with each upstream's `server 127.0.0.1:PORT …;` lines replaced by one line per instance (their
 * parameters kept), and `listen 80;` by the given port.
 */
export function renderSite(template: string, ports: number[], listenPort: number) {
  let rendered = '';
  let inUpstream = false;
  let serverLine: string | null = null;
  for (const line of template.split('\n')) {
    if (/^\s*upstream\s+\S+\s*\{/.test(line)) inUpstream = true;
    const server = inUpstream ? /^(\s*server\s+)127\.0\.0\.1:\d+(.*)$/.exec(line) : null;
    if (server) {
      // The first line of a group stands for all of them.
      if (serverLine === null) {
        serverLine = line;
        for (const port of ports) rendered += `${server[1]}127.0.0.1:${port}${server[2]}\n`;
      }
      continue;
    }
    if (inUpstream && /^\s*\}/.test(line)) {
      inUpstream = false;
      serverLine = null;
    }
    rendered += `${line}\n`;
  }
  if (!/^\s*listen 80;$/m.test(rendered)) throw new Error(`${NGINX_TEMPLATE}: no "listen 80;" line to render`);
  return rendered.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`).trimEnd() + '\n';
}

export interface Balancer {
  url: string;
  port: number;
  prefix: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Whether something accepts TCP connections on the port (no request is sent). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startNginx(dir: string, name: string, ports: number[]): Promise<Balancer> {
  const prefix = path.join(dir, name);
  for (const sub of ['', 'logs', 'temp/client', 'temp/proxy', 'temp/fastcgi', 'temp/uwsgi', 'temp/scgi']) {
    fs.mkdirSync(path.join(prefix, sub), { recursive: true });
    // Workers run as nobody when the master is root.
    fs.chmodSync(path.join(prefix, sub), 0o777);
  }
  const port = await freePort();
  fs.writeFileSync(path.join(prefix, 'partner-portal.conf'), renderSite(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), ports, port));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    conf,
    [
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/logs/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      `  access_log ${prefix}/logs/access.log;`,
      `  client_body_temp_path ${prefix}/temp/client;`,
      `  proxy_temp_path ${prefix}/temp/proxy;`,
      `  fastcgi_temp_path ${prefix}/temp/fastcgi;`,
      `  uwsgi_temp_path ${prefix}/temp/uwsgi;`,
      `  scgi_temp_path ${prefix}/temp/scgi;`,
      `  include ${prefix}/partner-portal.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-c', conf, '-p', `${prefix}/`, '-e', `${prefix}/logs/error.log`];
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (check.error) throw new Error(`${NGINX}: ${check.error.message} (Debian's nginx package)`);
  if (check.status !== 0) throw new Error(`nginx -t refused the rendered configuration:\n${check.stderr}`);
  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  // Listening is enough: a request now would reach instances not started yet and mark them down for fail_timeout.
  await waitFor('nginx listening', 10_000, async () => {
    if (exited) throw new Fatal(`nginx exited: ${tail(`${prefix}/logs/error.log`)}`);
    return await accepts(port);
  });
  return {
    url,
    port,
    prefix,
    process: child,
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await Promise.race([done, sleep(5000)]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The whole thing

export interface Running {
  dir: string;
  database: FreshDatabase;
  bucket: Bucket;
  cluster: Cluster;
  /** nginx over every instance. */
  balancer: Balancer;
  /** More balancers over subsets (bench: one instance). */
  balancers: Balancer[];
  startupMs: number;
  serverKind: 'compiled' | 'tsx';
  close(): Promise<void>;
}

export async function startCluster(
  options: { instances?: number; env?: Record<string, string>; extraBalancers?: number[][]; log?: (line: string) => void } = {},
): Promise<Running> {
  const log = options.log ?? (() => {});
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-portal-cluster-'));
  const cleanups: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
    if (!process.env.CLUSTER_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const database = await freshDatabase();
    cleanups.push(() => database.drop());
    log(`database ${database.name}`);
    const bucket = await startBucket(dir);
    cleanups.push(() => bucket.stop());
    log(`moto_server at ${bucket.endpoint}, bucket ${bucket.name}`);

    const cluster = new Cluster(dir, {
      databaseUrl: database.url,
      bucket,
      jwtSecret: crypto.randomBytes(48).toString('base64url'),
      publicUrl: 'http://127.0.0.1',
      env: options.env,
    });
    const names = ['a', 'b', 'c', 'd'].slice(0, options.instances ?? 2);
    const instances = await Promise.all(names.map((name) => cluster.addInstance(name)));
    cleanups.push(() => cluster.stop());
    const balancer = await startNginx(
      dir,
      'nginx',
      instances.map((i) => i.port),
    );
    cleanups.push(() => balancer.stop());
    const balancers: Balancer[] = [];
    for (const [index, subset] of (options.extraBalancers ?? []).entries()) {
      const extra = await startNginx(
        dir,
        `nginx-${index + 1}`,
        subset.map((i) => instances[i].port),
      );
      cleanups.push(() => extra.stop());
      balancers.push(extra);
    }
    cluster.settings.publicUrl = balancer.url;
    log(`nginx at ${balancer.url} over ${instances.map((i) => i.port).join(', ')}`);

    // Started together, as the review did: migrations and seeds take their advisory locks.
    const kind = serverCommand().kind;
    const started = now();
    await Promise.all(instances.map((instance) => cluster.start(instance)));
    await cluster.ready();
    const startupMs = now() - started;
    log(`${instances.length} instances (${kind}) ready in ${Math.round(startupMs)} ms`);
    return { dir, database, bucket, cluster, balancer, balancers, startupMs, serverKind: kind, close };
  } catch (error) {
    if (process.env.CLUSTER_KEEP) console.error(`kept ${dir}`);
    await close();
    throw error;
  }
}
