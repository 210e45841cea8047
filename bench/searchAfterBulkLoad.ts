// npm run bench:search-cold (issue 33): a partner's first conversation search for a common word right after a bulk load,
// before PostgreSQL has statistics of the rows (autovacuum kept off on the two tables, as in the minute after a load):
// 50,000 tickets (1,000 of Acme's) and 500,000 messages holding the word, then Acme's user searches "hóa đơn" twice
// through the API. Each answer is waited for LIMIT_MS at most. The plan of the per-ticket message check is printed.
import { sql } from 'drizzle-orm';
import { benchPool, startBenchServer } from './benchServer';

const LIMIT_MS = 30_000;

const server = await startBenchServer('search-cold');
try {
  const db = benchPool(server);
  await db.execute(sql`alter table ticket_messages set (autovacuum_enabled = false)`);
  await db.execute(sql`alter table tickets set (autovacuum_enabled = false)`);
  await db.execute(
    sql.raw(`insert into tickets (subject, description, status, partner_id, created_by, search_text, subject_folded, created_at, updated_at)
  select 'Bulk ' || i, '<p>Bulk</p>', 'OPEN',
         case when i % 50 = 0 then (select id from partners where name = 'Acme Logistics') else (select id from partners where name <> 'Acme Logistics' limit 1) end,
         (select id from users where email = 'partner@acme.example'), 'bulk ' || i, 'bulk ' || i, now() - (i || ' minutes')::interval, now()
  from generate_series(1, 50000) i`),
  );
  await db.execute(
    sql.raw(`insert into ticket_messages (ticket_id, author_id, body, body_folded, created_at)
  select t.id, (select id from users where email = 'admin@example.com'), '<p>Hóa đơn tháng này</p>', 'hoa don thang nay ' || j, now()
  from (select id, row_number() over () as n from tickets) t join generate_series(1, 500000) j on t.n = 1 + j % 50000`),
  );
  const partner = await server.signIn('partner@acme.example');
  const body = { pageNumber: 1, pageSize: 10, orderBy: ['createdAt desc'], advancedSearch: { keyword: 'hóa đơn' } };
  console.log(`\nbench:search-cold (${server.engine}): a partner's search for a common word, 500,000 messages just loaded, no statistics`);
  for (const label of ['first search', 'second search']) {
    const started = performance.now();
    const answer = await Promise.race([
      server.api('POST', '/api/v1/tickets/search', { token: partner.token, body }).then((a) => String(a.status)),
      new Promise<string>((resolve) => setTimeout(() => resolve(`no answer in ${LIMIT_MS / 1000} s`), LIMIT_MS)),
    ]);
    console.log(`${label}: ${answer} in ${(performance.now() - started).toFixed(0)} ms`);
  }
  const plan = (await db.execute(
    sql.raw(`explain select 1 from tickets t where t.partner_id = (select id from partners where name = 'Acme Logistics')
      and exists (select 1 from ticket_messages m where m.ticket_id = t.id and strpos(m.body_folded, 'hoa don') > 0 and not m.internal offset 0)`),
  )) as unknown as { rows: Record<string, string>[] };
  console.log(`the per-ticket message check:\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  // A search still running (the old plan) would hold the close: the bench ends the process after it.
  await Promise.race([server.close(), new Promise((resolve) => setTimeout(resolve, 5000))]);
  process.exit();
}
