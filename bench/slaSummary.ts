// npm run bench:sla (issue 33): staff Home's SLA summary, the ticket CSV export and a page of tickets sorted by SLA (issue
// 35: the due times of the open tickets a search finds are worked out per search) with 12,000 OPEN tickets on the default
// engine, over real HTTP. The tickets were raised over the past year (a status history each, some paused a while, a third
// answered by staff, a long HTML description each). For each request, the worst of BENCH_RUNS runs: the time to answer,
// the largest stall of the server's event loop meanwhile (read in the compiled server's process by the bench harness's
// probe) and the slowest GET /api/health sent meanwhile, beside an ordinary request. Goal: no stall over 100 ms.
// Needs curl (the measured requests run in a process of their own).
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { slowestHealth } from './harness/slowestHealth';
import { benchPool, startBenchServer } from './benchServer';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const OPEN_TICKETS = 12_000;
const STALL_GOAL_MS = 100;

const server = await startBenchServer('sla', { probe: true });
try {
  const db = benchPool(server);
  let started = performance.now();
  const paragraph = `<p>Our <strong>shipment</strong> to the Hai Phong warehouse is late again; the tracking page says customs, the carrier says delivered. ${'Please check the attached note and call us back. '.repeat(6)}</p>`;
  await db.execute(
    sql.raw(`
  insert into tickets (subject, description, status, priority, partner_id, created_by, search_text, subject_folded, awaiting_side, awaiting_since,
                       created_at, updated_at, last_message_at)
  select 'SLA bench ticket ' || i, '${paragraph.repeat(4)}', 'OPEN', (array['LOW','NORMAL','HIGH','URGENT'])[1 + i % 4],
         (select id from partners where name = 'Acme Logistics'),
         case when i % 5 = 0 then (select id from users where email = 'admin@example.com') else (select id from users where email = 'partner@acme.example') end,
         'sla bench ticket ' || i, 'sla bench ticket ' || i, 'staff', now() - (i * 43 || ' minutes')::interval,
         now() - (i * 43 || ' minutes')::interval, now() - (i * 11 || ' minutes')::interval, now() - (i * 11 || ' minutes')::interval
  from generate_series(1, ${OPEN_TICKETS}) as i`),
  );
  // The history: raised OPEN; one in three paused (PENDING) for a day and reopened.
  await db.execute(
    sql.raw(`
  insert into ticket_status_changes (ticket_id, from_status, to_status, changed_at, actor_id)
  select t.id, s.from_status, s.to_status, t.created_at + s.after, t.created_by
  from tickets t cross join lateral (values (null, 'OPEN', interval '0'), ('OPEN', 'PENDING', interval '3 hours'), ('PENDING', 'OPEN', interval '27 hours'))
    as s(from_status, to_status, after)
  where t.subject like 'SLA bench ticket %' and (s.to_status = 'OPEN' and s.from_status is null or substring(t.subject from 18)::int % 3 = 0)`),
  );
  // A staff reply to a third of them, two hours after they were raised.
  await db.execute(
    sql.raw(`
  insert into ticket_messages (ticket_id, author_id, body, body_folded, created_at)
  select t.id, (select id from users where email = 'admin@example.com'), '<p>On it</p>', 'on it', t.created_at + interval '2 hours'
  from tickets t where t.subject like 'SLA bench ticket %' and substring(t.subject from 18)::int % 3 = 1`),
  );
  await db.execute(sql`vacuum analyze`);
  const [{ open }] = ((await db.execute(sql`select count(*)::int as open from tickets where status = 'OPEN'`)) as unknown as { rows: { open: number }[] }).rows;
  console.log(`seeded ${OPEN_TICKETS} OPEN tickets (${open} open in all) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const staff = await server.signIn('admin@example.com');
  const auth = { authorization: `Bearer ${staff.token}` };

  const pollHealth = (done: () => boolean) => slowestHealth(server.url, done);

  const rows: { what: string; status: number; bytes: number; answerMs: number; stallMs: number; healthMs: number }[] = [];
  /**
   * The worst of RUNS runs of a request (a GET, or a POST of `body`), with the health poller beside it (one run to warm up
   * first). It is curl's, in a process of its own: reading a large answer in this process would count the client's work
   * as the server's stall.
   */
  async function measure(what: string, path: string, body?: unknown) {
    const posted = body === undefined ? [] : ['-X', 'POST', '-H', 'content-type: application/json', '--data-binary', JSON.stringify(body)];
    const get = async () => {
      const { stdout } = await promisify(execFile)('curl', [
        '-sS',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{size_download}',
        '-H',
        `authorization: ${auth.authorization}`,
        ...posted,
        server.url + path,
      ]);
      const [status, bytes] = stdout.split(' ').map(Number);
      return { status, bytes };
    };
    await get();
    const row = { what, status: 0, bytes: 0, answerMs: 0, stallMs: 0, healthMs: 0 };
    for (let run = 0; run < RUNS; run++) {
      await server.probe!.resetLoop();
      let finished = false;
      const health = pollHealth(() => finished);
      const t = performance.now();
      const outcome = await get();
      row.answerMs = Math.max(row.answerMs, performance.now() - t);
      finished = true;
      row.healthMs = Math.max(row.healthMs, await health);
      row.stallMs = Math.max(row.stallMs, await server.probe!.loopMaxMs());
      Object.assign(row, outcome);
    }
    rows.push(row);
    console.error(`${what}: ${row.status} in ${row.answerMs.toFixed(0)} ms, stall ${row.stallMs.toFixed(0)} ms, health ${row.healthMs.toFixed(0)} ms`);
  }

  started = performance.now();
  await measure('baseline: GET /api/v1/users/permissions', '/api/v1/users/permissions');
  await measure(`GET /support-desk/service-levels/summary (${open} open)`, '/api/v1/support-desk/service-levels/summary');
  await measure(`GET /tickets/export (every ticket as CSV, ${open}+ rows)`, '/api/v1/tickets/export');
  await measure(`POST /tickets/search by sla asc, first page of 25 (${open} open)`, '/api/v1/tickets/search', { orderBy: ['sla asc'], pageSize: 25 });
  await measure(`POST /tickets/search by sla desc, page 400 of 25`, '/api/v1/tickets/search', { orderBy: ['sla desc'], pageSize: 25, pageNumber: 400 });
  await measure(`POST /tickets/search by createdAt desc, first page of 25 (beside it)`, '/api/v1/tickets/search', {
    orderBy: ['createdAt desc'],
    pageSize: 25,
  });

  const ms = (n: number) => n.toFixed(0);
  console.log(`\nbench:sla (${server.engine}): worst of ${RUNS} runs each; goal: no event-loop stall over ${STALL_GOAL_MS} ms`);
  console.log(`(load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
  console.log('| request | status | body bytes | time to answer (ms) | event-loop stall (ms) | slowest /api/health meanwhile (ms) | goal |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| ${r.what} | ${r.status} | ${r.bytes} | ${ms(r.answerMs)} | ${ms(r.stallMs)} | ${ms(r.healthMs)} | ${r.stallMs <= STALL_GOAL_MS ? 'met' : 'MISSED'} |`,
    );
  console.log(`measured in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await server.close();
}
