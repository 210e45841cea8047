// BENCH_PLANS=1 with bench:help-search: EXPLAIN (ANALYZE, BUFFERS) of each statement the help center's search and
// suggestions run, captured from the service itself (server/modules/helpCenter/helpSearch.ts) as an Acme user reads.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import type { Db } from '../server/db/client';
import * as schema from '../server/db/schema';
import { searchArticles, suggestArticles } from '../server/modules/helpCenter/helpSearch';

export async function printHelpSearchPlans(db: Db) {
  const pool = (db as unknown as { $client: Pool }).$client;
  const statements: { query: string; params: unknown[] }[] = [];
  const logging = drizzle(pool, { schema, logger: { logQuery: (query, params) => statements.push({ query, params }) } }) as unknown as Db;
  const { rows } = (await db.execute(sql`select id from partners where name = 'Acme Logistics'`)) as unknown as { rows: { id: string }[] };
  const reader = { id: '00000000-0000-0000-0000-000000000000', partnerId: rows[0].id };
  const cases: [string, () => Promise<unknown>][] = [
    ['search "hóa đơn"', () => searchArticles(logging, reader, { q: 'hóa đơn', lang: 'vi', page: 1, perPage: 10 })],
    ['search "zzqx" (no hit)', () => searchArticles(logging, reader, { q: 'zzqx', lang: 'vi', page: 1, perPage: 10 })],
    [
      'suggest "Không in được nhãn vận chuyển"',
      () =>
        suggestArticles(logging, reader, {
          subject: 'Không in được nhãn vận chuyển',
          description: 'Máy in báo lỗi khi tôi bấm in, đơn hàng đang chờ giao.',
          lang: 'vi',
        }),
    ],
  ];
  for (const [name, run] of cases) {
    statements.length = 0;
    await run();
    for (const { query, params } of statements.filter((s) => /^\s*(with|select)/i.test(s.query))) {
      const plan = await pool.query(`explain (analyze, buffers) ${query}`, params);
      console.log(`\n${name}: ${query.replace(/\s+/g, ' ')}\n${JSON.stringify(params)}`);
      console.log(plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
    }
  }
}
