// npm run bench:events: the events' path on two app instances sharing the embedded PostgreSQL (the default engine; the
// one at DATABASE_URL when set). Prints hub delivery latency to clients of the sending instance (delivered at once) beside
// clients of the other instance (through the tick's NOTIFY batch: the path every delivery took before, local ones
// included), what a publish costs the write that makes it (no wait, and an access change's wait for every instance's
// ack), and how many NOTIFYs a burst of events takes. Short: BENCH_CLIENTS (20 per instance) and BENCH_MESSAGES (300).
import path from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { HUB_PATH } from '../contract/realtime';
import { TENANT_HEADER, TENANT_ROOT } from '../contract/http';
import type { TokenResponse } from '../contract/tokens';
import { buildApp, type BuiltApp } from '../server/app';
import { loadConfig, type Config } from '../server/config';
import { DOMAIN_EVENTS_CHANNEL } from '../server/core/events';
import { DEMO_PASSWORD } from '../server/modules/users/users.demo';
import { benchFolder, engineSettings, expectEngine } from './engine';
import { onCleanup, runBench } from './harness/cleanup';
import { closeWithBench } from './harness/inProcessApp';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const RS = '\x1e';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function listen(built: BuiltApp) {
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A WebSocket past its handshake that notes when each ReceiveNotification arrived, by its id. */
async function hubSocket(baseUrl: string, token: string, arrived: Map<string, number[]>) {
  const headers = { authorization: `Bearer ${token}` };
  const hubUrl = `${baseUrl}${HUB_PATH}`;
  const negotiated = (await (await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers })).json()) as { connectionToken: string };
  const socket = new WebSocket(`${hubUrl.replace(/^http/, 'ws')}?id=${encodeURIComponent(negotiated.connectionToken)}`, { headers });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`);
  socket.on('message', (data) => {
    const at = performance.now();
    for (const record of data.toString().split(RS)) {
      if (!record.includes('ReceiveNotification')) continue;
      const id = (JSON.parse(record) as { arguments: { id: string }[] }).arguments[0]!.id;
      arrived.set(id, [...(arrived.get(id) ?? []), at]);
    }
  });
  return socket;
}

async function main() {
  const dataDir = benchFolder('pp-bench-events-');
  const base = loadConfig(
    { ...process.env, ...engineSettings(), SEED: 'demo', SECOND_FACTOR_ENROLMENT: 'off', JWT_SECRET: '', FILE_JOBS: 'off' },
    { dataDir, port: 0 },
  );
  const config: Config = { ...base, logLevel: 'silent', staticDir: path.join(dataDir, 'no-dist'), limits: { ...base.limits, tokenPerMinute: 10_000 } };
  const first = await buildApp(config, { logger: false });
  const closeFirst = closeWithBench('the first instance', first, dataDir);
  const firstUrl = await listen(first);
  await expectEngine(firstUrl);
  // The second instance: the same database and secret, its own process state.
  const databaseUrl = first.database.url!;
  const second = await buildApp({ ...config, databaseUrl, databaseEngine: 'postgres', jwtSecret: first.ctx.config.jwtSecret }, { logger: false });
  const closeSecond = onCleanup('the second instance', () => second.app.close());
  const secondUrl = await listen(second);
  const signIn = await fetch(`${firstUrl}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TENANT_HEADER]: TENANT_ROOT },
    body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }),
  });
  const accessToken = ((await signIn.json()) as { data: TokenResponse }).data.token;

  const arrivedHere = new Map<string, number[]>();
  const arrivedThere = new Map<string, number[]>();
  const sockets = [
    ...(await Promise.all(Array.from({ length: CLIENTS }, () => hubSocket(firstUrl, accessToken, arrivedHere)))),
    ...(await Promise.all(Array.from({ length: CLIENTS }, () => hubSocket(secondUrl, accessToken, arrivedThere)))),
  ];
  await new Promise((resolve) => setTimeout(resolve, 300));

  // Hub delivery: one staff notification every 5 ms from the first instance.
  const sentAt = new Map<string, number>();
  for (let i = 0; i < MESSAGES; i += 1) {
    const id = `m${i}`;
    sentAt.set(id, performance.now());
    first.app.realtime.sendToStaff('ReceiveNotification', { id, title: 'bench', message: id, createdAt: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const latencies = (arrived: Map<string, number[]>) => [...arrived].flatMap(([id, times]) => times.map((at) => at - sentAt.get(id)!));
  const [here, there] = [latencies(arrivedHere), latencies(arrivedThere)];

  // What a publish costs the write that makes it.
  const timed = async (publish: () => Promise<void>, times: number) => {
    const took: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const started = performance.now();
      await publish();
      took.push(performance.now() - started);
    }
    return took;
  };
  const event = (id: string) => ({ type: 'ResourceChanged', resource: 'bench', id, action: 'updated' }) as const;
  const plain = await timed(() => first.ctx.events.publish(event('plain')), 200);
  const acknowledged = await timed(() => first.ctx.events.publish(event('acked'), { acrossInstances: true }), 50);

  // NOTIFYs for a burst of events published together.
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  let notifications = 0;
  watcher.on('notification', () => (notifications += 1));
  await watcher.query(`LISTEN ${DOMAIN_EVENTS_CHANNEL}`);
  const BURST = 500;
  await Promise.all(Array.from({ length: BURST }, (_, i) => first.ctx.events.publish(event(`burst-${i}`), { acrossInstances: false })));
  await new Promise((resolve) => setTimeout(resolve, 500));
  await watcher.end();

  const row = (name: string, values: number[], expected: number) =>
    `${name.padEnd(52)} ${String(values.length).padStart(6)} / ${String(expected).padEnd(6)} p50 ${ms(percentile(values, 50)).padStart(10)}  p99 ${ms(percentile(values, 99)).padStart(10)}`;
  console.log(`\nbench:events — ${CLIENTS} staff clients per instance, ${MESSAGES} hub messages, engine ${first.ctx.engine.name}`);
  console.log(row('hub delivery, clients of the sending instance', here, MESSAGES * CLIENTS));
  console.log(row('hub delivery, clients of the other instance (NOTIFY)', there, MESSAGES * CLIENTS));
  console.log(row('events.publish (a write waits for this)', plain, 200));
  console.log(row('events.publish, access change (every instance acks)', acknowledged, 50));
  console.log(`${BURST} events published in one tick went out in ${notifications} NOTIFY payload(s)`);

  for (const socket of sockets) socket.terminate();
  await closeSecond();
  await closeFirst();
}

await runBench(main);
