// npm run bench:restart: a restart as a deploy makes one, timed from the clients' side, the portal beside Socket.IO in
// the same run. The portal: the compiled server (dist-server, built when stale by bench/harness, which also stops the
// processes and their cluster however the bench ends) on the default engine in a fresh data folder; BENCH_CONNECTIONS
// (default 2,000) people, each a user of their own with a sign-in, hold a WebSocket hub connection (raw `ws` speaking
// SignalR's JSON protocol); then SIGTERM, and a new process on the same port and folder is started at once. Clients
// come back by the app's reconnect policy (contract/realtime.ts, as @microsoft/signalr follows it, never giving up).
// The peer: a Socket.IO 4.8 server (restart/socketIoServer.mjs: a token check, a room per user) and as many Socket.IO
// clients with their default transports and reconnection, restarted the same way. Socket.IO comes from node_modules or
// BENCH_SOCKETIO_DIR; without it the peer's column says so (BENCH_PEER=off skips it). Printed for each: clients back,
// the time from the new process listening to the last one back (goal: all within 5 s), each client's time from
// listening to back (p50, p99), split into the policy's wait after listening and the server's admission (from the start
// of the successful try), the ratio to Socket.IO, and the machine's load average. BENCH_PROFILE=1 writes a CPU profile
// of the portal's restarted process to .tmp/bench-profiles/.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as wait } from 'node:timers/promises';
import { HUB_PATH } from '../contract/realtime';
import { embeddedPostgresUrl } from '../server/db/embeddedPostgres';
import { benchFolder, engineSettings, expectEngine } from './engine';
import { onCleanup, runBench } from './harness/cleanup';
import { compiledServer, freePort, stopChild, stopServerChild } from './harness/serverProcess';
import { seedSignedInUsers } from './restart/benchUsers';
import { now, PolicyHubClient } from './restart/hubClient';
import { loadSocketIo, SocketIoClient, startSocketIoServer, type SocketIo } from './restart/socketIoPeer';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
const GOAL_MS = 5_000;
const GIVE_UP_MS = 90_000;
const PROFILE = process.env.BENCH_PROFILE === '1';
const root = path.resolve(import.meta.dirname, '..');

interface RestartClient {
  start(): Promise<void>;
  stop(): void;
  tryStartedAt: number;
  backAt: number;
  droppedAt: number;
  tries: number;
}

/** A server process of a round; `listening` resolves with when it listened (epoch ms, from its own output). */
interface Started {
  child: ChildProcess;
  listening: Promise<number>;
}

interface Round {
  clients: number;
  connectedInMs: number;
  back: number;
  sigtermToListeningMs: number;
  oldExitedMs: number;
  /** From the new process listening to the last client back; null when some never came back. */
  allBackMs: number | null;
  /** Each client's time from the new process listening to back (its handshake answered). */
  afterListening: number[];
  /** Each client's time from the start of its successful try to back: what the server's admission took. */
  admission: number[];
  /** Each client's time from SIGTERM to losing its connection, and from the new process listening to its successful try. */
  dropped: number[];
  policyWait: number[];
  tries: number[];
  /** Failed tries since the drop, by reason (the portal's clients only). */
  failures: Map<string, number>;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
const seconds = (ms: number | null) => (ms === null || Number.isNaN(ms) ? '—' : `${(ms / 1000).toFixed(2)} s`);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Starts the first process, connects the clients, then SIGTERM and a second process at once, and waits until every
 * client is back (or GIVE_UP_MS).
 */
async function restartRound(
  start: (which: 'first' | 'second') => Started,
  clientsOf: (onBack: () => void, onFailure: (reason: string) => void) => Promise<RestartClient[]>,
): Promise<Round> {
  const first = start('first');
  await first.listening;
  let back = 0;
  let allBack = () => {};
  const failures = new Map<string, number>();
  const clients = await clientsOf(
    () => ++back === CONNECTIONS && allBack(),
    (reason) => failures.set(reason, (failures.get(reason) ?? 0) + 1),
  );
  const openedAt = now();
  for (let i = 0; i < clients.length; i += 100) await Promise.all(clients.slice(i, i + 100).map((client) => client.start()));
  const connectedInMs = now() - openedAt;

  back = 0;
  failures.clear();
  for (const client of clients) client.tries = 0;
  const everyoneBack = new Promise<number>((resolve) => (allBack = () => resolve(now())));
  const oldExited = new Promise<number>((resolve) => first.child.once('exit', () => resolve(now())));
  const sigterm = now();
  first.child.kill('SIGTERM');
  const second = start('second');
  const lastBackAt = await Promise.race([everyoneBack, wait(GIVE_UP_MS).then(() => null)]);
  const [listeningAt, exitedAt] = await Promise.all([second.listening, oldExited]);
  for (const client of clients) client.stop();
  await stopChild(second.child);
  const returned = clients.filter((client) => client.backAt > sigterm);
  return {
    clients: clients.length,
    connectedInMs,
    back: returned.length,
    sigtermToListeningMs: listeningAt - sigterm,
    oldExitedMs: exitedAt - sigterm,
    allBackMs: lastBackAt === null ? null : lastBackAt - listeningAt,
    afterListening: returned.map((client) => client.backAt - listeningAt),
    admission: returned.map((client) => client.backAt - client.tryStartedAt),
    dropped: returned.map((client) => client.droppedAt - sigterm),
    policyWait: returned.map((client) => client.tryStartedAt - listeningAt),
    tries: clients.map((client) => client.tries),
    failures,
  };
}

/** The portal's compiled server on `port` and `dataDir`; listening is the time of its ready line. */
function startPortal(dataDir: string, port: number, jwtSecret: string, profileDir: string | null): Started {
  const child = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), compiledServer()], {
    cwd: root,
    env: {
      ...process.env,
      ...engineSettings(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      SECOND_FACTOR_ENROLMENT: 'off',
      LOG_LEVEL: 'info',
      JWT_SECRET: jwtSecret,
      FILE_JOBS: 'off',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      RATE_TOKEN_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onCleanup(
    `server ${child.pid}`,
    async () => void (await stopServerChild(child, dataDir)),
    () => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')),
  );
  const listening = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the portal exited with ${code} before it listened`)));
    // Its ready line says when it listened; anything at warn or above is shown, request lines are dropped.
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const { level, msg, time } = JSON.parse(line) as { level: number; msg: string; time: number };
      if (/ ready in /.test(msg)) resolve(time);
      if (level >= 40 || / ready in /.test(msg)) console.log(`  [portal ${child.pid}] ${msg}`);
    });
  });
  listening.catch(() => undefined);
  return { child, listening };
}

async function portalRound(): Promise<Round> {
  const work = benchFolder('pp-bench-restart-');
  onCleanup(`folder ${work}`, () => fs.rmSync(work, { recursive: true, force: true }));
  const dataDir = path.join(work, 'data');
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const jwtSecret = crypto.randomBytes(32).toString('base64url');
  const profileDir = PROFILE ? path.resolve(root, '.tmp', 'bench-profiles', `restart-${Date.now()}`) : null;
  const round = await restartRound(
    (which) => startPortal(dataDir, port, jwtSecret, which === 'second' ? profileDir : null),
    async (onBack, onFailure) => {
      await expectEngine(base);
      const tokens = await seedSignedInUsers(process.env.DATABASE_URL || embeddedPostgresUrl(dataDir), jwtSecret, CONNECTIONS);
      return tokens.map((token) => new PolicyHubClient(`${base}${HUB_PATH}`, token, onBack, onFailure));
    },
  );
  if (profileDir) console.log(`  CPU profile of the restarted portal: ${profileDir}`);
  return round;
}

/** HS256 tokens for the peer's users, signed as the portal signs its own (the peer checks them the same way). */
function peerTokens(jwtSecret: string): string[] {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = encode({ alg: 'HS256', typ: 'JWT' });
  return Array.from({ length: CONNECTIONS }, (_, i) => {
    const payload = encode({ sub: `user-${i}`, exp: Math.floor(Date.now() / 1000) + 900 });
    const signature = crypto.createHmac('sha256', new TextEncoder().encode(jwtSecret)).update(`${header}.${payload}`).digest('base64url');
    return `${header}.${payload}.${signature}`;
  });
}

async function socketIoRound(socketIo: SocketIo): Promise<Round> {
  const port = await freePort();
  const jwtSecret = crypto.randomBytes(32).toString('base64url');
  const tokens = peerTokens(jwtSecret);
  return restartRound(
    () => {
      const started = startSocketIoServer(socketIo, port, jwtSecret);
      onCleanup(`Socket.IO server ${started.child.pid}`, () => stopChild(started.child));
      return started;
    },
    async (onBack) => tokens.map((token) => new SocketIoClient(socketIo, `http://127.0.0.1:${port}`, token, onBack)),
  );
}

function report(portal: Round, peer: Round | null, peerName: string, loadBefore: string) {
  const ratio = (a: number | null, b: number | null | undefined) => (a === null || !b ? '—' : `${(a / b).toFixed(2)}×`);
  const rows: [string, string, string, string][] = [
    ['clients back', `${portal.back} of ${portal.clients}`, peer ? `${peer.back} of ${peer.clients}` : '—', ''],
    ['SIGTERM → new process listening', seconds(portal.sigtermToListeningMs), seconds(peer?.sigtermToListeningMs ?? null), ''],
    ['listening → all back (goal ≤ 5 s)', seconds(portal.allBackMs), seconds(peer?.allBackMs ?? null), ratio(portal.allBackMs, peer?.allBackMs)],
  ];
  const spread = (label: string, of: (round: Round) => number[], withRatio: boolean) => {
    for (const p of [50, 99]) {
      const [a, b] = [percentile(of(portal), p), peer ? percentile(of(peer), p) : null];
      rows.push([`${label}, p${p}`, seconds(a), seconds(b), withRatio ? ratio(a, b) : '']);
    }
  };
  spread('listening → back, per client', (round) => round.afterListening, true);
  spread('successful try → back (admission)', (round) => round.admission, true);
  spread('SIGTERM → connection lost', (round) => round.dropped, false);
  spread("listening → successful try (policy's wait)", (round) => round.policyWait, false);
  const triesText = (round: Round) => `${Math.max(...round.tries)} max, ${(round.tries.reduce((s, t) => s + t, 0) / round.tries.length).toFixed(1)} mean`;
  rows.push(['tries per client since the drop', triesText(portal), peer ? triesText(peer) : '—', '']);
  rows.push(['old process exited after SIGTERM', seconds(portal.oldExitedMs), seconds(peer?.oldExitedMs ?? null), '']);
  rows.push([`first connect of all ${CONNECTIONS}, 100 at a time`, seconds(portal.connectedInMs), seconds(peer?.connectedInMs ?? null), '']);
  const header: [string, string, string, string] = ['', "portal (the app's policy)", peerName, 'ratio'];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  console.log(`\nrestart with ${CONNECTIONS} clients each; load average before ${loadBefore}, after ${loadAverage()} (${os.availableParallelism()} cores)`);
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  const failures = [...portal.failures].map(([reason, count]) => `${reason} ×${count}`).join(', ');
  console.log(`the portal's clients' failed tries since the drop: ${failures || 'none'}`);
  const met = portal.allBackMs !== null && portal.allBackMs <= GOAL_MS;
  console.log(met ? `goal met: all back within ${seconds(GOAL_MS)} of listening` : `goal NOT met: all back within ${seconds(GOAL_MS)} of listening`);
}

await runBench(async () => {
  const loadBefore = loadAverage();
  const socketIo = process.env.BENCH_PEER === 'off' ? null : loadSocketIo(root);
  const portal = await portalRound();
  const peer = socketIo ? await socketIoRound(socketIo) : null;
  const peerName = socketIo ? `Socket.IO ${socketIo.version}` : 'Socket.IO (not installed: BENCH_SOCKETIO_DIR)';
  report(portal, peer, peerName, loadBefore);
  if (portal.back < portal.clients) process.exitCode = 1;
});
