import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import type { PartnerDto } from '../../contract/partners';
import { clusterDirOf } from '../../server/db/embeddedPostgres';
import { processAlive, readPostmasterPid } from '../../server/db/embeddedPostgresPid';
import { clusterUser } from '../../server/db/embeddedPostgresUser';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import { unique } from './factories';

const root = path.resolve(import.meta.dirname, '../..');

/** A server in a process of its own (`node --import tsx server/main.ts`) on the embedded PostgreSQL of `dataDir`. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

const started: ChildProcess[] = [];
const folders: string[] = [];

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export function dataFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-embedded-'));
  folders.push(dir);
  return dir;
}

export async function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DATABASE_ENGINE: 'embedded',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      JWT_SECRET: '',
      FILE_JOBS: 'off',
      ...env,
    },
  });
  started.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { url: `http://127.0.0.1:${port}`, child, exited, stderr: () => stderr };
}

/** Waits until the server answers (an unauthenticated request's 401), or fails with its output when it exits first. */
export async function answering(server: ServerProcess): Promise<ServerProcess> {
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`the server exited before answering:\n${server.stderr()}`);
    const status = await fetch(`${server.url}/api/users/permissions`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 401) return server;
    await wait(50);
  }
}

export async function startedServer(dataDir: string): Promise<ServerProcess> {
  return answering(await spawnServer(dataDir));
}

export async function signInAdmin(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TENANT_HEADER]: TENANT_ROOT },
    body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

/** A partner made through the API; resolves with it once the server acknowledged (201), with undefined otherwise. */
export async function createPartner(server: ServerProcess, token: string): Promise<PartnerDto | undefined> {
  const tag = unique('crash');
  const response = await fetch(`${server.url}/api/v1/partners`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: `Crash Partner ${tag}`, email: `${tag}@partner.example`, type: 'Crash', address: `${tag} Road`, phone: '+84 90 000 1234' }),
  }).catch(() => undefined);
  if (response?.status !== 201) return undefined;
  return ((await response.json()) as { data: PartnerDto }).data;
}

export async function readPartner(server: ServerProcess, token: string, id: string): Promise<number> {
  const response = await fetch(`${server.url}/api/v1/partners/${id}`, { headers: { authorization: `Bearer ${token}` } });
  await response.text();
  return response.status;
}

export async function stopGracefully(server: ServerProcess) {
  server.child.kill('SIGTERM');
  return server.exited;
}

export async function killHard(server: ServerProcess) {
  server.child.kill('SIGKILL');
  return server.exited;
}

/** A process of the user that runs the cluster's programs, alive until the test's clean-up: an id PostgreSQL must not take for a postmaster. */
export function processOfClusterUser(): number {
  const user = clusterUser();
  const child = spawn('sleep', ['600'], { stdio: 'ignore', ...(user ? { uid: user.uid, gid: user.gid } : {}) });
  started.push(child);
  return child.pid!;
}

/** The postmaster of a data folder's cluster and its children (checkpointer, walwriter, backends…). */
export function clusterProcesses(dataDir: string): number[] {
  const postmaster = readPostmasterPid(clusterDirOf(dataDir))?.pid;
  if (!postmaster || !processAlive(postmaster)) return [];
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* ended meanwhile */
  }
  return [postmaster, ...children];
}

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    /* already gone */
  }
};

/**
 * Every process of the cluster at once, as a power cut would end them: the postmaster is stopped first, so it cannot
 * fork a backend between the listing of its children and their end (a backend left alive holds the shared memory,
 * and PostgreSQL then rightly refuses to start).
 */
export function killCluster(dataDir: string) {
  const [postmaster] = clusterProcesses(dataDir);
  if (!postmaster) return;
  signal(postmaster, 'SIGSTOP');
  for (const pid of clusterProcesses(dataDir).slice(1)) signal(pid, 'SIGKILL');
  signal(postmaster, 'SIGKILL');
}

/** Whatever a test started, whether it passed or not: servers, then the clusters of its folders, then the folders. */
export function cleanUpEverything() {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) {
    killCluster(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
