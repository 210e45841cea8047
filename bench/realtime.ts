// npm run bench:realtime: 2,000 WebSocket hub connections (BENCH_CONNECTIONS) on the compiled server in its own process
// (bench/harness), on the default engine and a fresh data folder. Messages are posted into tickets at 20 a second (BENCH_RATE) for BENCH_SECONDS;
// it prints the latency from the POST to receipt by every member of the ticket's partner, server memory per connection
// and lost or duplicated deliveries. Then the server is stopped with SIGTERM, as a deploy does, and started again on
// the same data folder, twice: the clients come back by the app's reconnect policy (HUB_RECONNECT_DELAYS_MS after each
// failed try, as @microsoft/signalr waits them: no jitter), then all at the same instant the server listens again (the
// worst case). It prints the time until all are negotiated, open, handshaken and joined to their ticket again.
// Clients run in another process, so their memory and CPU are not the server's. BENCH_PROFILE=1 writes a CPU profile
// of the restarted server (both restarts) into .tmp/bench-profiles/.
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocket } from 'ws';
import { HUB_PATH, HUB_RECONNECT_DELAYS_MS } from '../contract/realtime';
import { signAccessToken } from '../server/core/jwt';
import { benchFolder } from './engine';
import { onCleanup, runBench as runBenchWithCleanup } from './harness/cleanup';
import { freePort, startServerProcess, trackChild } from './harness/serverProcess';
import { measureSocketIoFanout } from './realtime/socketIoFanout';
import { loadSocketIo } from './restart/socketIoPeer';

const RS = '\x1e';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
const PARTNERS = 50;
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** 0: a free port. */
const PORT = Number(process.env.BENCH_PORT ?? 0);
const PROFILE = process.env.BENCH_PROFILE === '1';
/** Which restarts to run, in order. */
const RESTARTS = (process.env.BENCH_RESTARTS ?? 'policy,stampede').split(',').filter((r): r is Reconnect => r === 'policy' || r === 'stampede');
const self = fileURLToPath(import.meta.url);
/** Wall-clock milliseconds, comparable across the processes. */
const now = () => performance.timeOrigin + performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Member {
  token: string;
  ticketId: string;
}
/** `policy`: each client retries by HUB_RECONNECT_DELAYS_MS as the app does; `stampede`: all at once on `go`. */
type Reconnect = 'policy' | 'stampede';
type ToClients =
  | { type: 'open'; hubUrl: string; members: Member[] }
  | { type: 'report' }
  | { type: 'typing'; rate: number; seconds: number }
  | { type: 'arm'; reconnect: Reconnect }
  | { type: 'go' }
  | { type: 'exit' };
type FromClients =
  | { type: 'opened'; failed: number }
  | { type: 'deliveries'; latencies: number[]; received: Record<string, number>; duplicates: number }
  | { type: 'typed'; latencies: number[]; expected: number }
  | { type: 'readmitted'; firstDropAt: number; lastJoinedAt: number; joined: number; gaveUp: number; refusedJoins: number; tries: number[]; steps: Steps };
function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The next message of this type from a child process. */
function replyOf<M extends { type: string }, T extends M['type']>(child: ChildProcess, type: T): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const listener = (message: M) => {
      if (message.type !== type) return;
      child.off('message', listener);
      child.off('exit', onExit);
      resolve(message as Extract<M, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited with ${code} while waiting for ${type}`));
    child.on('message', listener);
    child.once('exit', onExit);
  });
}

/** How long each step of the tries took, in ms (negotiate answered, socket open, handshake answered, JoinTicket answered). */
const steps = { negotiate: [] as number[], open: [] as number[], handshake: [] as number[], join: [] as number[] };
type Steps = typeof steps;
const stepsText = (s: Steps) =>
  Object.entries(s)
    .map(([name, values]) => `${name} p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms`)
    .join('; ');

/** One member's connection: negotiate, WebSocket, handshake, JoinTicket; it records every TicketMessageCreated it hears. */
class BenchClient {
  socket: WebSocket | null = null;
  private readonly seen = new Set<string>();
  private invocations = 0;

  constructor(
    private readonly hubUrl: string,
    readonly member: Member,
    private readonly heard: (id: string, body: string, receivedAt: number, duplicate: boolean) => void,
    private readonly dropped: (client: BenchClient) => void,
    private readonly heardTyping: (ticketId: string, receivedAt: number) => void = () => {},
  ) {}

  /** Says the member is typing in its ticket (a send: no answer); the hub tells the ticket's other members. */
  typing() {
    this.socket?.send(JSON.stringify({ type: 1, target: 'Typing', arguments: [this.member.ticketId] }) + RS);
  }

  /** Resolves 'joined', 'refused' (JoinTicket answered false) or 'failed' (no connection: the try failed). */
  async connect(): Promise<'joined' | 'refused' | 'failed'> {
    const { token, ticketId } = this.member;
    let connectionToken: string;
    let at = now();
    const step = (name: keyof Steps) => {
      const t = now();
      steps[name].push(t - at);
      at = t;
    };
    try {
      const negotiated = await fetch(`${this.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      if (negotiated.status !== 200) return 'failed';
      ({ connectionToken } = (await negotiated.json()) as { connectionToken: string });
      step('negotiate');
    } catch {
      return 'failed';
    }
    const socket = new WebSocket(`${this.hubUrl.replace(/^http/, 'ws')}?id=${connectionToken}`, {
      headers: { authorization: `Bearer ${token}` },
      perMessageDeflate: false,
    });
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: 'joined' | 'refused' | 'failed') => {
        if (settled) return;
        settled = true;
        if (outcome === 'failed') socket.terminate();
        resolve(outcome);
      };
      socket.once('error', () => settle('failed'));
      socket.once('close', () => {
        if (!settled) return settle('failed');
        if (this.socket === socket) {
          this.socket = null;
          this.dropped(this);
        }
      });
      socket.once('open', () => {
        step('open');
        socket.send(`{"protocol":"json","version":1}${RS}`);
      });
      const joinId = `join${this.invocations++}`;
      socket.on('message', (data) => {
        const receivedAt = now();
        for (const text of data.toString().split(RS)) {
          if (!text) continue;
          const message = JSON.parse(text) as {
            type?: number;
            error?: string;
            target?: string;
            invocationId?: string;
            result?: unknown;
            arguments?: [{ id: string; body: string }];
          };
          if (message.type === undefined) {
            if (message.error) return settle('failed');
            step('handshake');
            // Connected: the try succeeded; from here a drop starts the reconnect policy again.
            this.socket = socket;
            socket.send(JSON.stringify({ type: 1, invocationId: joinId, target: 'JoinTicket', arguments: [ticketId] }) + RS);
          } else if (message.type === 3 && message.invocationId === joinId) {
            step('join');
            settle(message.result === true ? 'joined' : 'refused');
          } else if (message.type === 1 && message.target === 'TicketMessageCreated') {
            const [payload] = message.arguments ?? [];
            if (!payload) continue;
            const duplicate = this.seen.has(payload.id);
            this.seen.add(payload.id);
            this.heard(payload.id, payload.body, receivedAt, duplicate);
          } else if (message.type === 1 && message.target === 'UserTyping') {
            const [payload] = (message.arguments ?? []) as unknown as [{ ticketId: string }?];
            if (payload) this.heardTyping(payload.ticketId, receivedAt);
          }
        }
      });
    });
  }
}

/** The clients' process: one socket per member, joined to its ticket; after a drop it reconnects as armed. */
async function runClients() {
  const clients: BenchClient[] = [];
  const latencies: number[] = [];
  const received: Record<string, number> = {};
  let duplicates = 0;
  let reconnect: Reconnect = 'policy';
  let round: {
    firstDropAt: number;
    lastJoinedAt: number;
    waiting: BenchClient[];
    pending: number;
    joined: number;
    gaveUp: number;
    refusedJoins: number;
    tries: number[];
  } | null = null;

  const heard = (_id: string, body: string, receivedAt: number, duplicate: boolean) => {
    const [, seq, sentAt] = /bench (\d+) ([\d.]+)/.exec(body) ?? [];
    if (!seq) return;
    if (duplicate) duplicates++;
    else {
      received[seq] = (received[seq] ?? 0) + 1;
      latencies.push(receivedAt - Number(sentAt));
    }
  };

  // Typing: one member of each ticket types in turn; the others' receipts are timed from its send.
  const typingSentAt = new Map<string, number>();
  const typingLatencies: number[] = [];
  const heardTyping = (ticketId: string, receivedAt: number) => {
    const sentAt = typingSentAt.get(ticketId);
    if (sentAt !== undefined) typingLatencies.push(receivedAt - sentAt);
  };
  async function typeInTurn(rate: number, seconds: number) {
    const typists = [...new Map(clients.map((c) => [c.member.ticketId, c])).values()];
    const members = new Map<string, number>();
    for (const c of clients) members.set(c.member.ticketId, (members.get(c.member.ticketId) ?? 0) + 1);
    let expected = 0;
    const started = now();
    for (let seq = 0; seq < rate * seconds; seq++) {
      await new Promise((r) => setTimeout(r, Math.max(0, started + (seq * 1000) / rate - now())));
      const typist = typists[seq % typists.length]!;
      typingSentAt.set(typist.member.ticketId, now());
      expected += members.get(typist.member.ticketId)! - 1;
      typist.typing();
    }
    await new Promise((r) => setTimeout(r, 2000));
    process.send?.({ type: 'typed', latencies: typingLatencies, expected } satisfies FromClients);
  }

  const finishOne = (outcome: 'joined' | 'refused' | 'gaveUp') => {
    if (!round) return;
    if (outcome === 'joined') round.lastJoinedAt = Math.max(round.lastJoinedAt, now());
    if (outcome === 'joined') round.joined++;
    else if (outcome === 'refused') round.refusedJoins++;
    else round.gaveUp++;
    if (--round.pending === 0) {
      const { firstDropAt, lastJoinedAt, joined, gaveUp, refusedJoins, tries } = round;
      round = null;
      process.send?.({ type: 'readmitted', firstDropAt, lastJoinedAt, joined, gaveUp, refusedJoins, tries, steps } satisfies FromClients);
    }
  };

  /** @microsoft/signalr's automatic reconnect: wait delays[n] after the n-th failed try (the first at once), then give up. */
  async function reconnectByPolicy(client: BenchClient) {
    for (let attempt = 0; attempt < HUB_RECONNECT_DELAYS_MS.length; attempt++) {
      await new Promise((r) => setTimeout(r, HUB_RECONNECT_DELAYS_MS[attempt]));
      if (round) round.tries[attempt] = (round.tries[attempt] ?? 0) + 1;
      const outcome = await client.connect();
      if (outcome !== 'failed') return finishOne(outcome);
    }
    finishOne('gaveUp');
  }

  /** Everyone at once: one try each, the instant the server listens again. */
  async function reconnectNow(client: BenchClient) {
    if (round) round.tries[0] = (round.tries[0] ?? 0) + 1;
    const outcome = await client.connect();
    finishOne(outcome === 'failed' ? 'gaveUp' : outcome);
  }

  const dropped = (client: BenchClient) => {
    if (!round) {
      round = { firstDropAt: now(), lastJoinedAt: 0, waiting: [], pending: clients.length, joined: 0, gaveUp: 0, refusedJoins: 0, tries: [] };
      for (const values of Object.values(steps)) values.length = 0;
    }
    if (reconnect === 'policy') void reconnectByPolicy(client);
    else round.waiting.push(client);
  };

  process.on('message', async (message: ToClients) => {
    if (message.type === 'open') {
      let failed = 0;
      for (const member of message.members) clients.push(new BenchClient(message.hubUrl, member, heard, dropped, heardTyping));
      for (let i = 0; i < clients.length; i += 50) {
        const outcomes = await Promise.all(clients.slice(i, i + 50).map((c) => c.connect()));
        failed += outcomes.filter((o) => o !== 'joined').length;
      }
      // The hub drops clients silent for 30 s; these answer nothing else, so they ping.
      setInterval(() => clients.forEach((c) => c.socket?.send(`{"type":6}${RS}`)), 10_000).unref();
      process.send?.({ type: 'opened', failed } satisfies FromClients);
    } else if (message.type === 'report') {
      process.send?.({ type: 'deliveries', latencies, received, duplicates } satisfies FromClients);
    } else if (message.type === 'typing') {
      void typeInTurn(message.rate, message.seconds);
    } else if (message.type === 'arm') {
      reconnect = message.reconnect;
    } else if (message.type === 'go') {
      for (const client of round?.waiting.splice(0) ?? []) void reconnectNow(client);
    } else {
      clients.forEach((c) => c.socket?.terminate());
      process.exit(0);
    }
  });
}

/**
 * The bench's partners, users and tickets, added by SQL on the server's database: 50 partners, each with one ticket
 * and CONNECTIONS / 50 users; every user holds one connection joined to the ticket. Tokens are signed with the
 * server's JWT_SECRET (thousands of password sign-ins would measure the hashing).
 */
async function seedMembers(databaseUrl: string, jwtSecret: string): Promise<{ members: Member[]; adminToken: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of [
      `insert into partners (name, email, type, address, phone)
          select 'Bench partner ' || p, 'bench' || p || '@bench.example', 'Bench', 'Bench street ' || p, '+84 24 555 ' || lpad(p::text, 4, '0') from generate_series(1, ${PARTNERS}) p`,
      `insert into users (first_name, last_name, user_name, email, is_active, email_confirmed, partner_id)
          select 'Member' || u, 'Bench', 'member' || u || '@bench.example', 'member' || u || '@bench.example', true, true,
                 (select id from partners where name = 'Bench partner ' || (1 + u % ${PARTNERS}))
          from generate_series(0, ${CONNECTIONS - 1}) u`,
      `insert into user_roles (user_id, role_id) select u.id, (select id from roles where name = 'Partner') from users u where u.email like 'member%@bench.example'`,
      `insert into tickets (subject, partner_id, created_by)
          select 'Bench ticket ' || p.name, p.id, (select id from users where partner_id = p.id limit 1) from partners p where p.name like 'Bench partner %'`,
    ]) {
      await client.query(statement);
    }
    type Row = { id: string; email: string; partner_id: string | null; ticket_id?: string };
    const rowsOf = async (query: string) => (await client.query<Row>(query)).rows;
    const secret = new TextEncoder().encode(jwtSecret);
    const tokenOf = (r: Row, role: string) =>
      signAccessToken(secret, { sub: r.id, fullName: 'Bench user', email: r.email, role, partnerId: r.partner_id, phone: null, avatar: null });
    const members = await Promise.all(
      (
        await rowsOf(`select u.id, u.email, u.partner_id, t.id as ticket_id from users u join tickets t on t.partner_id = u.partner_id
                      where u.email like 'member%@bench.example' order by u.email`)
      ).map(async (r) => ({ token: await tokenOf(r, 'Partner'), ticketId: r.ticket_id! })),
    );
    const [admin] = await rowsOf(`select id, email, partner_id from users where email = 'admin@example.com'`);
    return { members, adminToken: await tokenOf(admin!, 'Admin') };
  } finally {
    await client.end();
  }
}

/** The compiled server on the bench's data folder (kept across restarts), with the probe that reads its memory. */
function startServer(dataDir: string, port: number, jwtSecret: string, profile: string | null) {
  return startServerProcess({
    label: 'realtime',
    port,
    dataDir,
    probe: true,
    execArgv: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
    // Thousands of clients from one address: the per-address connection cap is off, as behind a proxy.
    env: { JWT_SECRET: jwtSecret, MAX_CONNECTIONS_PER_ADDRESS: '0' },
  });
}

/** The same fan-out on Socket.IO 4.8 in the same run (issue 36, item 2: the hub's p99 within 2× of it). */
async function comparePeer(rooms: number, posted: { p50: number; p99: number }, typed: { p50: number; p99: number }) {
  const socketIo = process.env.BENCH_PEER === 'off' ? null : loadSocketIo(path.resolve(path.dirname(self), '..'));
  if (!socketIo) {
    console.log('Socket.IO peer: skipped (BENCH_PEER=off, or socket.io@4.8 and socket.io-client@4.8 in neither node_modules nor BENCH_SOCKETIO_DIR)');
    return;
  }
  const peer = await measureSocketIoFanout(socketIo, { connections: CONNECTIONS, rooms, rate: RATE, seconds: SECONDS });
  const line = (what: string, figures: { latencies: number[]; expected: number }, ours: { p50: number; p99: number }) => {
    const p50 = percentile(figures.latencies, 50);
    const p99 = percentile(figures.latencies, 99);
    console.log(
      `  ${what}: ${figures.latencies.length} of ${figures.expected} deliveries, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; ` +
        `the hub ÷ Socket.IO: p50 ${(ours.p50 / p50).toFixed(2)}×, p99 ${(ours.p99 / p99).toFixed(2)}× (goal p99 ≤ 2×)`,
    );
  };
  console.log(`Socket.IO ${socketIo.version} peer, same connections, rooms and rate (${peer.failed} failed to open, ${peer.lost} lost):`);
  line("a message posted over HTTP and emitted to its room (no database: the hub's includes storing the message)", peer.posted, posted);
  line("a socket's emit relayed to the others in its room (the hub's Typing)", peer.typed, typed);
}

async function runBench() {
  const dataDir = benchFolder('pp-bench-realtime-');
  onCleanup(`folder ${dataDir}`, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const jwtSecret = crypto.randomBytes(32).toString('base64url');
  let server = await startServer(dataDir, PORT || (await freePort()), jwtSecret, null);
  const hubUrl = `${server.url}${HUB_PATH}`;
  const clients = fork(self, ['clients'], { execArgv: ['--import', 'tsx'] });
  const stopClients = trackChild('realtime clients', clients);
  const { members, adminToken } = await seedMembers(server.databaseUrl!, jwtSecret);
  const ticketIds = [...new Set(members.map((m) => m.ticketId))];
  const membersPerTicket = new Map(ticketIds.map((id) => [id, members.filter((m) => m.ticketId === id).length]));

  const before = await server.probe!.settledMemory();
  const openStarted = now();
  clients.send({ type: 'open', hubUrl, members } satisfies ToClients);
  const { failed } = await replyOf<FromClients, 'opened'>(clients, 'opened');
  const openMs = now() - openStarted;
  const after = await server.probe!.settledMemory();
  // The hub connections the clients hold open and joined (the server's own count is not reachable from outside).
  const connections = members.length - failed;

  // Staff post into the tickets in turn at RATE a second; each message goes to every member of its ticket.
  const total = RATE * SECONDS;
  const expected = new Map<number, number>();
  const postLatencies: number[] = [];
  const started = now();
  const posts: Promise<void>[] = [];
  for (let seq = 0; seq < total; seq++) {
    const due = started + (seq * 1000) / RATE;
    await new Promise((r) => setTimeout(r, Math.max(0, due - now())));
    const ticketId = ticketIds[seq % ticketIds.length]!;
    expected.set(seq, membersPerTicket.get(ticketId)!);
    const sentAt = now();
    posts.push(
      fetch(`${server.url}/api/v1/tickets/${ticketId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: `bench ${seq} ${sentAt}` }),
      }).then(async (answer) => {
        if (answer.status !== 201) throw new Error(`post ${seq}: ${answer.status} ${await answer.text()}`);
        postLatencies.push(now() - sentAt);
      }),
    );
  }
  await Promise.all(posts);
  await new Promise((r) => setTimeout(r, 2000));
  clients.send({ type: 'report' } satisfies ToClients);
  const { latencies, received, duplicates } = await replyOf<FromClients, 'deliveries'>(clients, 'deliveries');

  let lost = 0;
  for (const [seq, count] of expected) lost += Math.max(0, count - (received[seq] ?? 0));
  const perConnection = (key: keyof NodeJS.MemoryUsage) => ((after[key] - before[key]) / Math.max(1, connections) / 1024).toFixed(1);
  const expectedDeliveries = [...expected.values()].reduce((a, b) => a + b, 0);
  console.log(`connections: ${connections} open over WebSockets (${failed} failed to open or join) in ${seconds(openMs)}`);
  const heapAndBuffers = ((after.heapUsed + after.external - before.heapUsed - before.external) / Math.max(1, connections) / 1024).toFixed(1);
  // RSS is printed for completeness; the allocator returns and reuses pages, so it can even shrink.
  console.log(`server memory per connection: heap + buffers ${heapAndBuffers} KB (target < 30 KB); rss ${perConnection('rss')} KB`);
  console.log(
    `posted ${total} messages at ${RATE}/s into ${ticketIds.length} tickets; POST answered p50 ${percentile(postLatencies, 50).toFixed(1)} ms, p99 ${percentile(postLatencies, 99).toFixed(1)} ms`,
  );
  console.log(
    `delivery from POST to every member: ${latencies.length} of ${expectedDeliveries} deliveries, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (target p99 < 100 ms)`,
  );
  console.log(`lost: ${lost}, duplicated: ${duplicates} (target 0 and 0)`);
  // The hub's fan-out alone: a member's Typing goes to the ticket's others with no database on the way.
  const typed = replyOf<FromClients, 'typed'>(clients, 'typed');
  clients.send({ type: 'typing', rate: RATE, seconds: SECONDS } satisfies ToClients);
  const typing = await typed;
  console.log(
    `fan-out alone (a member's Typing to the ticket's other members): ${typing.latencies.length} of ${typing.expected} deliveries, p50 ${percentile(typing.latencies, 50).toFixed(1)} ms, p99 ${percentile(typing.latencies, 99).toFixed(1)} ms`,
  );
  await comparePeer(
    ticketIds.length,
    { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
    { p50: percentile(typing.latencies, 50), p99: percentile(typing.latencies, 99) },
  );

  // Restarts: SIGTERM (the hub tells every client it may reconnect), a new process on the same data folder.
  const profileDir = path.resolve('.tmp', 'bench-profiles');
  for (const reconnect of RESTARTS) {
    clients.send({ type: 'arm', reconnect } satisfies ToClients);
    const readmitted = replyOf<FromClients, 'readmitted'>(clients, 'readmitted');
    const restartBegan = now();
    server.child.kill('SIGTERM');
    await server.exited;
    const stoppedAt = now();
    await server.stop();
    server = await startServer(dataDir, server.port, jwtSecret, PROFILE ? path.join(profileDir, `restart-${reconnect}-${Date.now()}`) : null);
    // When the harness saw it answer (polled every 20 ms).
    const listeningAt = now();
    if (reconnect === 'stampede') clients.send({ type: 'go' } satisfies ToClients);
    const { lastJoinedAt, joined, gaveUp, refusedJoins, tries, steps: stepTimes } = await readmitted;
    const how =
      reconnect === 'policy'
        ? `by the app's reconnect policy (waits ${HUB_RECONNECT_DELAYS_MS.join(', ')} ms, no jitter; tries per wave ${tries.join('/')})`
        : 'all at once when the server listens again (worst case)';
    console.log(
      `restart, clients back ${how}: ${joined} of ${members.length} back and joined ${seconds(lastJoinedAt - listeningAt)} after the server listened again, ` +
        `${seconds(lastJoinedAt - restartBegan)} after the restart began (stop ${seconds(stoppedAt - restartBegan)}, start ${seconds(listeningAt - stoppedAt)}); ` +
        `failed: ${gaveUp} gave up, ${refusedJoins} joins refused (target: all within 5 s of listening)`,
    );
    console.log(`  steps of the successful tries: ${stepsText(stepTimes)}`);
  }
  if (PROFILE) console.log(`CPU profiles of the restarted servers in ${profileDir}`);
  clients.send({ type: 'exit' } satisfies ToClients);
  await stopClients();
  await server.stop();
}

if (process.argv[2] === 'clients') await runClients();
else await runBenchWithCleanup(runBench);
