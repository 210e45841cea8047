// npm run bench:search: 100,000 partners and 100,000 users on the default engine (the embedded PostgreSQL, or PostgreSQL
// at DATABASE_URL; a fallback to PGlite fails the bench) on the compiled server (bench/harness), partner search through
// the API and as raw SQL on a pool of the bench's own in the same run (p50, p95, ratio), and the CSV export of every partner (time, memory); then the ticket search across
// 1,000,000 messages (bench/ticketSearch.ts). BENCH_RUNS sets the count.
import { sql } from 'drizzle-orm';
import { benchPool, startBenchServer } from './benchServer';
import { runBench } from './harness/cleanup';
import { benchHelpSearch } from './helpSearch';
import { benchTicketSearch, timed } from './ticketSearch';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
await runBench(async () => {
  const server = await startBenchServer('search', { probe: true });
  const db = benchPool(server);

  // Vietnamese names with their folded forms, so search_text is what the server would have written.
  const seedSql = sql.raw(`
with parts as (
  select array['Nguyễn','Trần','Lê','Phạm','Hoàng','Đặng','Bùi','Đỗ','Hồ','Ngô','Dương','Lý'] as family,
         array['nguyen','tran','le','pham','hoang','dang','bui','do','ho','ngo','duong','ly'] as family_f,
         array['Logistics','Trading','Thương mại','Vận tải','Xây dựng','Đầu tư','Software','Foods'] as kind,
         array['logistics','trading','thuong mai','van tai','xay dung','dau tu','software','foods'] as kind_f,
         array['Đường Láng','Phố Huế','Ngõ Trạm','Lê Lợi','Hai Bà Trưng','Trần Phú','Kim Mã'] as street,
         array['duong lang','pho hue','ngo tram','le loi','hai ba trung','tran phu','kim ma'] as street_f
)
insert into partners (name, name_folded, email, type, address, phone, website, search_text, created_at)
select p.family[1 + i % 12] || ' ' || p.kind[1 + (i / 12) % 8] || ' ' || i,
       p.family_f[1 + i % 12] || ' ' || p.kind_f[1 + (i / 12) % 8] || ' ' || i,
       'partner' || i || '@bench.example', 'Bench', i || ' ' || p.street[1 + i % 7] || ', Hà Nội', '+84 24 ' || lpad(i::text, 7, '0'),
       null,
       p.family_f[1 + i % 12] || ' ' || p.kind_f[1 + (i / 12) % 8] || ' ' || i || ' partner' || i || '@bench.example +84 24 ' || lpad(i::text, 7, '0') || ' bench ' || i || ' ' || p.street_f[1 + i % 7] || ', ha noi',
       now() - (i || ' seconds')::interval
from parts p, generate_series(1, 100000) as i`);

  const seedUsers = sql.raw(`
insert into users (first_name, last_name, user_name, email, is_active, email_confirmed, created_at)
select 'User' || i, 'Bench', 'user' || i, 'user' || i || '@bench.example', true, true, now() - (i || ' seconds')::interval
from generate_series(1, 100000) as i`);

  let started = performance.now();
  await db.execute(seedSql);
  await db.execute(seedUsers);
  await db.execute(sql`analyze`);
  console.log(`seeded 100,000 partners and 100,000 users in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const admin = await server.signIn('admin@example.com');

  const time = (fn: (run: number) => Promise<unknown>) => timed(RUNS, fn);

  // The raw SQL is what the API runs: a count and a page, live rows, ordered by name then id.
  const rawPage = (where: string | ((run: number) => string), offset: number) => async (run: number) => {
    const condition = typeof where === 'string' ? where : where(run);
    await db.execute(sql.raw(`select count(*) from partners where deleted_at is null ${condition}`));
    await db.execute(sql.raw(`select * from partners where deleted_at is null ${condition} order by name asc, id asc limit 10 offset ${offset}`));
  };
  const apiPage = (body: object | ((run: number) => object)) => async (run: number) => {
    const given = typeof body === 'function' ? body(run) : body;
    const answer = await server.api('POST', '/api/v1/partners/search', { token: admin.token, body: { pageSize: 10, ...given } });
    if (answer.status !== 200) throw new Error(answer.text);
  };

  const cases = [
    { name: 'first page', api: apiPage({ pageNumber: 1 }), raw: rawPage('', 0) },
    { name: 'middle page (page 5,000)', api: apiPage({ pageNumber: 5000 }), raw: rawPage('', 49_990) },
    {
      name: 'keyword "duong" (folded)',
      api: apiPage({ pageNumber: 1, advancedSearch: { keyword: 'Dương' } }),
      raw: rawPage(`and search_text ilike '%duong%'`, 0),
    },
    {
      name: 'keyword "thuong mai 4242"',
      api: apiPage({ pageNumber: 1, advancedSearch: { keyword: 'thương mại 4242' } }),
      raw: rawPage(`and search_text ilike '%thuong mai 4242%'`, 0),
    },
    // A different keyword every run, so the API's count cache never answers: the cost of a first search.
    {
      name: 'new keyword every run',
      api: apiPage((run) => ({ pageNumber: 1, advancedSearch: { keyword: `Hà Nội ${run}7` } })),
      raw: rawPage((run) => `and search_text ilike '%ha noi ${run}7%'`, 0),
    },
  ];

  console.log(`\nbench:search (${server.engine}): partner search, ${RUNS} runs each (ms)`);
  console.log('query                          | API p50 | API p95 | SQL p50 | SQL p95 | p95 ratio');
  for (const c of cases) {
    const api = await time(c.api);
    const raw = await time(c.raw);
    console.log(
      `${c.name.padEnd(30)} | ${api.p50.toFixed(1).padStart(7)} | ${api.p95.toFixed(1).padStart(7)} | ${raw.p50.toFixed(1).padStart(7)} | ${raw.p95.toFixed(1).padStart(7)} | ${(api.p95 / raw.p95).toFixed(2).padStart(9)}`,
    );
  }

  // Export: every partner as CSV, read as a stream; memory sampled while it runs.
  // Live memory, not garbage V8 has yet to collect: a full collection before each sample.
  // The server's memory, read in its process by the harness's probe (a garbage collection first: what is live).
  const probe = server.probe!;
  const baseline = await probe.memoryAfterGc();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  let sampling = true;
  const sampled = (async () => {
    while (sampling) {
      const now = await probe.memoryAfterGc();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  started = performance.now();
  const response = await fetch(`${server.url}/api/v1/partners/export?orderBy=name%20asc`, { headers: { authorization: `Bearer ${admin.token}` } });
  let lines = 0;
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
  }
  const exportMs = performance.now() - started;
  sampling = false;
  await sampled;
  console.log(
    `\nCSV export: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${(exportMs / 1000).toFixed(2)} s (target < 5 s); ` +
      `live JS heap ${Math.round(baseline.heapUsed / 1e6)} MB before, peak ${Math.round(peakHeap / 1e6)} MB (+${Math.round((peakHeap - baseline.heapUsed) / 1e6)} MB); ` +
      `the server process's RSS (PostgreSQL's own processes not counted) +${Math.round((peakRss - baseline.rss) / 1e6)} MB`,
  );

  // Issue 25: tickets by id, subject, description and the text of 1,000,000 messages.
  await benchTicketSearch(server, RUNS);

  // Issue 39: the help center's search and suggestions over 10,000 articles.
  await benchHelpSearch(server, RUNS);
});
