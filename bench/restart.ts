// npm run bench:restart: a restart as a deploy makes one, timed from the hub clients' side. The compiled server
// (dist-server, built when stale by bench/harness, which also stops both processes and their cluster however the bench
// ends) runs on the default engine in a fresh data folder; BENCH_CONNECTIONS (default 2,000)
// WebSocket hub clients connect (raw `ws` speaking SignalR's JSON protocol, spread over the demo users); then SIGTERM,
// and a new process on the same port and folder is started at once. Clients reconnect by the app's policy
// (HUB_RECONNECT_DELAYS_MS, no jitter, as @microsoft/signalr waits them). Printed: when the new process answered, when
// the old one exited, and when every client was connected (handshaken) again, each from the SIGTERM (goal: all back
// within 5 s).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as wait } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { HUB_PATH, HUB_RECONNECT_DELAYS_MS } from '../contract/realtime';
import { TENANT_HEADER, TENANT_ROOT } from '../contract/http';
import { DEMO_PASSWORD } from '../server/modules/users/users.demo';
import { benchFolder, engineSettings, expectEngine } from './engine';
import { onCleanup, runBench } from './harness/cleanup';
import { compiledServer, freePort, stopServerChild } from './harness/serverProcess';

const RS = '\x1e';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
const PORT = Number(process.env.BENCH_PORT) || (await freePort());
const GOAL_MS = 5_000;
const GIVE_UP_MS = 60_000;
const USERS = ['admin@example.com', 'support@example.com', 'partner.admin@acme.example', 'partner@acme.example', 'partner@globex.example'];
const root = path.resolve(import.meta.dirname, '..');
const base = `http://127.0.0.1:${PORT}`;
const hubUrl = `${base}${HUB_PATH}`;

/** The compiled server on the port and folder (the old and the new process of a restart share both). */
function startServer(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, [compiledServer()], {
    cwd: root,
    env: {
      ...process.env,
      ...engineSettings(),
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED: 'demo',
      SECOND_FACTOR_ENROLMENT: 'off',
      LOG_LEVEL: 'info',
      JWT_SECRET: '',
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
  // Its ready line (time from its own start, its engine) and anything said at warn or above; request lines dropped.
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    const { level, msg } = JSON.parse(line) as { level: number; msg: string };
    if (level >= 40 || / ready in /.test(msg)) console.log(`  [server ${child.pid}] ${msg}`);
  });
  return child;
}

async function answering(child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    // A connection of its own: a kept-alive one could still reach the old process while it drains.
    const ok = await new Promise<boolean>((resolve) =>
      http
        // Ready, not merely alive: a starting server answers /api/health before its database is open.
        .get(`${base}/api/ready`, { agent: false }, (response) => {
          response.resume();
          resolve(response.statusCode === 200);
        })
        .on('error', () => resolve(false)),
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error('the server did not answer in time');
    await wait(10);
  }
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${base}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TENANT_HEADER]: TENANT_ROOT },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** One hub client: negotiate, WebSocket, handshake; after a Close or a drop it reconnects by the app's policy. */
class HubClient {
  connected = false;
  tries = 0;
  private stopped = false;

  constructor(
    private readonly token: string,
    private readonly onConnected: () => void,
  ) {}

  /** One try: resolves true once the handshake is answered, false when any step fails. */
  private async connectOnce(): Promise<boolean> {
    this.tries++;
    let connectionToken: string;
    try {
      const negotiated = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${this.token}` } });
      if (negotiated.status !== 200) return false;
      ({ connectionToken } = (await negotiated.json()) as { connectionToken: string });
    } catch {
      return false;
    }
    const socket = new WebSocket(`${hubUrl.replace(/^http/, 'ws')}?id=${encodeURIComponent(connectionToken)}`, {
      headers: { authorization: `Bearer ${this.token}` },
      perMessageDeflate: false,
    });
    return new Promise((resolve) => {
      let handshaken = false;
      socket.once('error', () => resolve(false));
      socket.once('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
      socket.on('message', (data) => {
        if (handshaken) return;
        const [first] = data.toString().split(RS);
        const message = JSON.parse(first) as { type?: number; error?: string };
        if (message.type !== undefined || message.error) return socket.terminate();
        handshaken = true;
        this.connected = true;
        this.onConnected();
        resolve(true);
      });
      socket.once('close', () => {
        if (!handshaken) return resolve(false);
        this.connected = false;
        if (!this.stopped) void this.reconnect();
      });
    });
  }

  /** @microsoft/signalr's automatic reconnect with the app's delays, the last one repeated. */
  async reconnect() {
    for (let attempt = 0; !this.stopped; attempt++) {
      await wait(HUB_RECONNECT_DELAYS_MS[Math.min(attempt, HUB_RECONNECT_DELAYS_MS.length - 1)]);
      if (await this.connectOnce()) return;
    }
  }

  async start() {
    if (!(await this.connectOnce())) throw new Error('a hub client could not connect at the start');
  }

  stop() {
    this.stopped = true;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

await runBench(async () => {
  const work = benchFolder('pp-bench-restart-');
  onCleanup(`folder ${work}`, () => fs.rmSync(work, { recursive: true, force: true }));
  const dataDir = path.join(work, 'data');
  const servers: ChildProcess[] = [];
  servers.push(startServer(dataDir));
  await answering(servers[0]);
  await expectEngine(base);
  const tokens = await Promise.all(USERS.map(signIn));

  let connectedCount = 0;
  let allBack: () => void = () => {};
  const clients = Array.from({ length: CONNECTIONS }, (_, i) => new HubClient(tokens[i % tokens.length], () => ++connectedCount === CONNECTIONS && allBack()));
  const openedAt = performance.now();
  for (let i = 0; i < clients.length; i += 100) await Promise.all(clients.slice(i, i + 100).map((client) => client.start()));
  console.log(`${CONNECTIONS} hub clients connected over WebSockets in ${seconds(performance.now() - openedAt)}`);
  for (const client of clients) client.tries = 0;

  connectedCount = 0;
  const back = new Promise<void>((resolve) => (allBack = resolve));
  const old = servers[0];
  const oldExited = new Promise<number>((resolve) => old.once('exit', () => resolve(performance.now())));
  const sigterm = performance.now();
  old.kill('SIGTERM');
  servers.push(startServer(dataDir));
  const answered = answering(servers[1]).then(() => performance.now());
  const outcome = await Promise.race([back.then(() => performance.now()), wait(GIVE_UP_MS).then(() => undefined)]);
  const [answeredAt, exitedAt] = await Promise.all([answered, oldExited]);
  await expectEngine(base);
  const tries = clients.map((client) => client.tries);
  console.log(`SIGTERM → new process answering ${seconds(answeredAt - sigterm)}, old process exited ${seconds(exitedAt - sigterm)}`);
  if (outcome !== undefined)
    console.log(`new process answering → all back ${seconds(outcome - answeredAt)} (what the reconnect policy adds after the server is up)`);
  console.log(
    outcome === undefined
      ? `SIGTERM → ${connectedCount} of ${CONNECTIONS} hub clients back after ${seconds(GIVE_UP_MS)} (goal: all within ${seconds(GOAL_MS)})`
      : `SIGTERM → all ${CONNECTIONS} hub clients back in ${seconds(outcome - sigterm)} (goal < ${seconds(GOAL_MS)}), ${Math.max(...tries)} tries at most, ${(tries.reduce((a, b) => a + b, 0) / tries.length).toFixed(1)} on average`,
  );
  for (const client of clients) client.stop();
  if (outcome === undefined) process.exitCode = 1;
});
