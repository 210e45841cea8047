// npx tsx bench/realtime-hub-connections.ts: 2,000 WebSocket connections to the realtime hub (BENCH_CONNECTIONS),
// the server's memory per connection, and delivery latency (p50, p99) of a broadcast to all of them and of
// messages to one user. The clients run in a child process so their memory is not counted.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { WebSocket } from 'ws';
import { HUB_PATH } from '../contract/realtime';

const RS = '\x1e';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
const BROADCASTS = 20;
const DIRECT_MESSAGES = 200;
/** Wall-clock milliseconds with sub-millisecond precision, comparable across the two processes. */
const now = () => performance.timeOrigin + performance.now();

type ToClients = { type: 'open'; hubUrl: string; token: string; partnerToken: string; count: number } | { type: 'report' } | { type: 'exit' };
type FromClients = { type: 'opened'; failed: number } | { type: 'latencies'; broadcast: number[]; direct: number[] };

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The child: opens the sockets, answers nothing but pings, and times every notification it gets. */
async function runClients() {
  const sockets: WebSocket[] = [];
  const latencies = { broadcast: [] as number[], direct: [] as number[] };
  const send = (message: FromClients) => process.send?.(message);

  async function openOne(hubUrl: string, token: string): Promise<boolean> {
    const negotiated = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    if (negotiated.status !== 200) return false;
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const socket = new WebSocket(`${hubUrl.replace(/^http/, 'ws')}?id=${connectionToken}`, { headers: { authorization: `Bearer ${token}` }, perMessageDeflate: false });
    return new Promise((resolve) => {
      socket.once('error', () => resolve(false));
      socket.once('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
      socket.on('message', (data) => {
        const receivedAt = now();
        for (const text of data.toString().split(RS)) {
          if (!text) continue;
          const message = JSON.parse(text) as { type?: number; target?: string; arguments?: [{ id: string; title: string }] };
          if (message.type === undefined) {
            sockets.push(socket);
            resolve(true);
          } else if (message.type === 1) {
            const [payload] = message.arguments ?? [];
            if (payload) (payload.title === 'broadcast' ? latencies.broadcast : latencies.direct).push(receivedAt - Number(payload.id));
          }
        }
      });
    });
  }

  process.on('message', async (message: ToClients) => {
    if (message.type === 'open') {
      let failed = 0;
      const batch = 50;
      for (let i = 0; i < message.count; i += batch) {
        const opened = await Promise.all(Array.from({ length: Math.min(batch, message.count - i) }, () => openOne(message.hubUrl, message.token)));
        failed += opened.filter((ok) => !ok).length;
      }
      if (!(await openOne(message.hubUrl, message.partnerToken))) failed += 1;
      // The hub drops clients silent for 30 s; a bench run may take longer.
      setInterval(() => sockets.forEach((s) => s.send(`{"type":6}${RS}`)), 10_000).unref();
      send({ type: 'opened', failed });
    } else if (message.type === 'report') {
      send({ type: 'latencies', ...latencies });
    } else {
      sockets.forEach((s) => s.terminate());
      process.exit(0);
    }
  });
}

async function runServer() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 200));
    }
    return process.memoryUsage();
  };

  const { startServer } = await import('../tests/server/harness');
  const server = await startServer();
  const realtime = server.built.app.realtime;
  const admin = await server.signIn('admin@example.com');
  const partner = await server.signIn('partner@acme.example');
  const partnerId = JSON.parse(Buffer.from(partner.token.split('.')[1], 'base64url').toString()).sub as string;
  const hubUrl = `${server.url}${HUB_PATH}`;

  const clients = fork(fileURLToPath(import.meta.url), ['clients'], { execArgv: ['--import', 'tsx'] });
  const reply = <T extends FromClients['type']>(type: T) =>
    new Promise<Extract<FromClients, { type: T }>>((resolve) => {
      const listener = (message: FromClients) => {
        if (message.type !== type) return;
        clients.off('message', listener);
        resolve(message as Extract<FromClients, { type: T }>);
      };
      clients.on('message', listener);
    });
  const tell = (message: ToClients) => clients.send(message);

  const before = await settle();
  const openStarted = now();
  tell({ type: 'open', hubUrl, token: admin.token, partnerToken: partner.token, count: CONNECTIONS });
  const { failed } = await reply('opened');
  const openMs = now() - openStarted;
  const after = await settle();
  const connected = realtime.stats().connections;

  // All but one connection are the admin's, so staff broadcasts reach them all; the last is a partner user's.
  const handOver: number[] = [];
  for (let i = 0; i < BROADCASTS; i++) {
    const started = now();
    realtime.sendToStaff('ReceiveNotification', { id: String(now()), title: 'broadcast', message: 'to every staff connection', createdAt: new Date().toISOString() });
    handOver.push(now() - started); // the in-process backplane delivers synchronously
    await new Promise((r) => setTimeout(r, 250));
  }
  for (let i = 0; i < DIRECT_MESSAGES; i++) {
    realtime.sendToUser(partnerId, 'ReceiveNotification', { id: String(now()), title: 'direct', message: 'to one user', createdAt: new Date().toISOString() });
    await new Promise((r) => setTimeout(r, 10));
  }
  await new Promise((r) => setTimeout(r, 500));
  tell({ type: 'report' });
  const { broadcast, direct } = await reply('latencies');
  tell({ type: 'exit' });

  const perConnection = (key: keyof NodeJS.MemoryUsage) => ((after[key] - before[key]) / Math.max(1, connected) / 1024).toFixed(1);
  console.log(`connections: ${connected} open (${failed} failed) in ${(openMs / 1000).toFixed(1)} s`);
  console.log(`memory per connection: heap ${perConnection('heapUsed')} KB, external ${perConnection('external')} KB, rss ${perConnection('rss')} KB (target < 30 KB)`);
  console.log(`broadcast to ${CONNECTIONS} staff connections: ${broadcast.length} deliveries, p50 ${percentile(broadcast, 50).toFixed(1)} ms, p99 ${percentile(broadcast, 99).toFixed(1)} ms (target p99 < 100 ms)`);
  console.log(`server time to hand one broadcast to every socket: p50 ${percentile(handOver, 50).toFixed(1)} ms, max ${Math.max(...handOver).toFixed(1)} ms`);
  console.log(`to one user among ${connected} connections: ${direct.length} deliveries, p50 ${percentile(direct, 50).toFixed(1)} ms, p99 ${percentile(direct, 99).toFixed(1)} ms`);
  await server.close();
}

if (process.argv[2] === 'clients') await runClients();
else await runServer();
