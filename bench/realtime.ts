// npm run bench:realtime: 2,000 WebSocket hub connections on one server process (BENCH_CONNECTIONS), messages posted
// into tickets at 20 a second (BENCH_RATE) for BENCH_SECONDS; latency from the POST to receipt by every member of
// the ticket's partner, server memory per connection, and lost or duplicated deliveries. Clients run in a child
// process, so their memory is not the server's.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { HUB_PATH } from '../contract/realtime';

const RS = '\x1e';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
const PARTNERS = 50;
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Wall-clock milliseconds, comparable across the two processes. */
const now = () => performance.timeOrigin + performance.now();

interface Member {
  token: string;
  partner: number;
  ticketId: string;
}
type ToClients = { type: 'open'; hubUrl: string; members: Member[] } | { type: 'report' } | { type: 'exit' };
type FromClients = { type: 'opened'; failed: number } | { type: 'deliveries'; latencies: number[]; received: Record<string, number>; duplicates: number };

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The child: one socket per member, joined to its ticket; records every TicketMessageCreated it hears. */
async function runClients() {
  const sockets: WebSocket[] = [];
  const latencies: number[] = [];
  const received: Record<string, number> = {};
  let duplicates = 0;

  async function openOne(hubUrl: string, member: Member, index: number): Promise<boolean> {
    const negotiated = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${member.token}` } });
    if (negotiated.status !== 200) return false;
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const socket = new WebSocket(`${hubUrl.replace(/^http/, 'ws')}?id=${connectionToken}`, {
      headers: { authorization: `Bearer ${member.token}` },
      perMessageDeflate: false,
    });
    const seen = new Set<string>();
    return new Promise((resolve) => {
      socket.once('error', () => resolve(false));
      socket.once('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
      socket.on('message', (data) => {
        const receivedAt = now();
        for (const text of data.toString().split(RS)) {
          if (!text) continue;
          const message = JSON.parse(text) as {
            type?: number;
            target?: string;
            invocationId?: string;
            result?: unknown;
            arguments?: [{ id: string; body: string }];
          };
          if (message.type === undefined) {
            socket.send(JSON.stringify({ type: 1, invocationId: String(index), target: 'JoinTicket', arguments: [member.ticketId] }) + RS);
          } else if (message.type === 3) {
            sockets.push(socket);
            resolve(message.result === true);
          } else if (message.type === 1 && message.target === 'TicketMessageCreated') {
            const [payload] = message.arguments ?? [];
            const [, seq, sentAt] = /bench (\d+) ([\d.]+)/.exec(payload?.body ?? '') ?? [];
            if (!seq || !payload) continue;
            if (seen.has(payload.id)) duplicates++;
            else {
              seen.add(payload.id);
              received[seq] = (received[seq] ?? 0) + 1;
              latencies.push(receivedAt - Number(sentAt));
            }
          }
        }
      });
    });
  }

  process.on('message', async (message: ToClients) => {
    if (message.type === 'open') {
      let failed = 0;
      for (let i = 0; i < message.members.length; i += 50) {
        const batch = message.members.slice(i, i + 50);
        const opened = await Promise.all(batch.map((m, j) => openOne(message.hubUrl, m, i + j)));
        failed += opened.filter((ok) => !ok).length;
      }
      // The hub drops clients silent for 30 s; these answer nothing else, so they ping.
      setInterval(() => sockets.forEach((s) => s.send(`{"type":6}${RS}`)), 10_000).unref();
      process.send?.({ type: 'opened', failed } satisfies FromClients);
    } else if (message.type === 'report') {
      process.send?.({ type: 'deliveries', latencies, received, duplicates } satisfies FromClients);
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

  const [{ startServer }, { signAccessToken }] = await Promise.all([import('../tests/server/harness'), import('../server/core/jwt')]);
  const server = await startServer();
  const db = server.built.database.db;
  const admin = await server.signIn('admin@example.com');

  // 50 partners, each with one ticket and CONNECTIONS / 50 users; every user holds one connection joined to the ticket.
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
    await db.execute(sql.raw(statement));
  }
  const rows = (await db.execute(
    sql.raw(`
    select u.id, u.email, u.partner_id, t.id as ticket_id, row_number() over (order by p.name) as n
    from users u join partners p on p.id = u.partner_id join tickets t on t.partner_id = p.id
    where u.email like 'member%@bench.example'`),
  )) as unknown as { rows: { id: string; email: string; partner_id: string; ticket_id: string }[] };
  const partnerIndex = new Map<string, number>();
  const members: Member[] = [];
  for (const r of rows.rows) {
    if (!partnerIndex.has(r.partner_id)) partnerIndex.set(r.partner_id, partnerIndex.size);
    const token = await signAccessToken(server.config.jwtSecret, {
      sub: r.id,
      fullName: 'Bench member',
      email: r.email,
      role: 'Partner',
      partnerId: r.partner_id,
      phone: null,
      avatar: null,
    });
    members.push({ token, partner: partnerIndex.get(r.partner_id)!, ticketId: r.ticket_id });
  }
  const ticketIds = [...new Set(members.map((m) => m.ticketId))];
  const membersPerTicket = new Map(ticketIds.map((id) => [id, members.filter((m) => m.ticketId === id).length]));

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

  const before = await settle();
  const openStarted = now();
  clients.send({ type: 'open', hubUrl: `${server.url}${HUB_PATH}`, members } satisfies ToClients);
  const { failed } = await reply('opened');
  const openMs = now() - openStarted;
  const after = await settle();
  const connected = server.built.app.realtime.stats().connections;

  // Staff post into the tickets in turn at RATE a second; each message goes to every member of its ticket.
  const total = RATE * SECONDS;
  const expected = new Map<number, number>();
  const postLatencies: number[] = [];
  const started = now();
  const posts: Promise<void>[] = [];
  for (let seq = 0; seq < total; seq++) {
    const due = started + (seq * 1000) / RATE;
    await new Promise((r) => setTimeout(r, Math.max(0, due - now())));
    const ticketId = ticketIds[seq % ticketIds.length];
    expected.set(seq, membersPerTicket.get(ticketId)!);
    const sentAt = now();
    posts.push(
      server.api('POST', `/api/v1/tickets/${ticketId}/messages`, { token: admin.token, body: { body: `bench ${seq} ${sentAt}` } }).then((answer) => {
        if (answer.status !== 201) throw new Error(`post ${seq}: ${answer.status} ${answer.text}`);
        postLatencies.push(now() - sentAt);
      }),
    );
  }
  await Promise.all(posts);
  await new Promise((r) => setTimeout(r, 2000));
  clients.send({ type: 'report' } satisfies ToClients);
  const { latencies, received, duplicates } = await reply('deliveries');
  clients.send({ type: 'exit' } satisfies ToClients);

  let lost = 0;
  for (const [seq, count] of expected) lost += Math.max(0, count - (received[seq] ?? 0));
  const perConnection = (key: keyof NodeJS.MemoryUsage) => ((after[key] - before[key]) / Math.max(1, connected) / 1024).toFixed(1);
  const expectedDeliveries = [...expected.values()].reduce((a, b) => a + b, 0);
  console.log(`connections: ${connected} open over WebSockets (${failed} failed to open or join) in ${(openMs / 1000).toFixed(1)} s`);
  const heapAndBuffers = ((after.heapUsed + after.external - before.heapUsed - before.external) / Math.max(1, connected) / 1024).toFixed(1);
  // RSS is printed for completeness; the allocator returns and reuses pages, so it can even shrink.
  console.log(`server memory per connection: heap + buffers ${heapAndBuffers} KB (target < 30 KB); rss ${perConnection('rss')} KB`);
  console.log(
    `posted ${total} messages at ${RATE}/s into ${ticketIds.length} tickets; POST answered p50 ${percentile(postLatencies, 50).toFixed(1)} ms, p99 ${percentile(postLatencies, 99).toFixed(1)} ms`,
  );
  console.log(
    `delivery from POST to every member: ${latencies.length} of ${expectedDeliveries} deliveries, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (target p99 < 100 ms)`,
  );
  console.log(`lost: ${lost}, duplicated: ${duplicates} (target 0 and 0)`);
  await server.close();
  process.exit(0);
}

if (process.argv[2] === 'clients') await runClients();
else await runServer();
