// The help-center half of npm run bench:search (issue 39): 10,000 published articles in English and Vietnamese seeded
// in SQL (articles, their published version and their search rows, as publishing writes them), then through the API
// as a partner's user: searches (a word typed without its Vietnamese marks, a common word, a prefix, a word nothing
// has) and suggestions for a ticket draft. Prints p50/p95 (ms) beside a baseline timed in the same run (one article read by
// its slug) and the ratio; the goal is p95 < 100 ms. BENCH_PLANS=1 prints the plans of the statements the service runs.
// Alone: npm run bench:help-search.
import { sql } from 'drizzle-orm';
import { foldForSearch } from '../contract/fold';
import type { Db } from '../server/db/client';
import { benchPool, type BenchServer } from './benchServer';
import { printHelpSearchPlans } from './helpSearchPlans';
import { timed } from './ticketSearch';

const ARTICLES = 10_000;
const TOPICS_EN = ['Reset your password', 'Print shipping labels', 'Download an invoice', 'Change the delivery address', 'Add a user', 'Export a report'];
const TOPICS_VI = ['Đặt lại mật khẩu', 'In nhãn vận chuyển', 'Tải hóa đơn', 'Đổi địa chỉ giao hàng', 'Thêm người dùng', 'Xuất báo cáo'];
const BODY_EN = 'Open the settings, choose the account page and follow the steps. If the invoice or the shipment is not shown, ask support.';
const BODY_VI = 'Mở phần cài đặt, chọn trang tài khoản và làm theo hướng dẫn. Nếu hóa đơn hoặc lô hàng không hiện, hãy liên hệ bộ phận hỗ trợ.';

const literal = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/** The bench's 10,000 published articles, as publishing writes them (articles, published versions, search rows). */
export async function seedHelpArticles(db: Db) {
  const started = performance.now();
  await db.execute(
    sql.raw(`
with parts as (select ${literal(TOPICS_EN)} as en, ${literal(TOPICS_VI)} as vi,
  array['public','partners','chosenPartners','staff'] as audience,
  (select id from partners where name = 'Acme Logistics') as acme)
insert into help_articles (slug, audience, partner_ids, status, en_title, en_body, vi_title, vi_body, published_version, published_at, latest_version, search_text)
select 'bench-' || i, p.audience[1 + i % 4], case when i % 4 = 2 then array[p.acme] else '{}'::uuid[] end, 'published',
  p.en[1 + i % 6] || ' ' || i, '<p>${BODY_EN} Case ' || i || '.</p>', p.vi[1 + i % 6] || ' ' || i, '<p>${BODY_VI} Mã ' || i || '.</p>',
  1, now() - (i || ' minutes')::interval, 1, 'bench ' || i
from parts p, generate_series(1, ${ARTICLES}) as i`),
  );
  await db.execute(sql`
insert into help_article_versions (article_id, number, en_title, en_body, vi_title, vi_body, published_at)
select id, 1, en_title, en_body, vi_title, vi_body, published_at from help_articles where slug like 'bench-%'`);
  // The folded text as the server writes it (contract/fold.ts): Vietnamese marks folded here in SQL by the same table.
  const viFolded = Object.fromEntries(TOPICS_VI.map((topic) => [topic, foldForSearch(topic)]));
  await db.execute(
    sql.raw(`
insert into help_article_search (article_id, language, title, body_text, title_folded, body_folded)
select id, 'en', en_title, regexp_replace(en_body, '<[^>]*>', '', 'g'), lower(en_title), lower(regexp_replace(en_body, '<[^>]*>', '', 'g'))
from help_articles where slug like 'bench-%'
union all
select id, 'vi', vi_title, regexp_replace(vi_body, '<[^>]*>', '', 'g'),
  (${literal(Object.values(viFolded))})[array_position(${literal(TOPICS_VI)}, regexp_replace(vi_title, ' [0-9]+$', ''))] || ' ' || substring(vi_title from '[0-9]+$'),
  '${foldForSearch(BODY_VI)} ma ' || substring(vi_title from '[0-9]+$') || '.'
from help_articles where slug like 'bench-%'`),
  );
  await db.execute(sql`analyze help_articles`);
  await db.execute(sql`analyze help_article_search`);
  console.log(`\nseeded ${ARTICLES.toLocaleString('en')} published help articles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export async function benchHelpSearch(server: BenchServer, runs: number) {
  const db = benchPool(server);
  await seedHelpArticles(db);

  const partner = await server.signIn('partner@acme.example');
  const ok = (what: string) => (answer: { status: number; text: string }) => {
    if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  };
  const search = (q: string) => async () =>
    ok(`help search "${q}"`)(await server.api('GET', `/api/v1/help/articles?q=${encodeURIComponent(q)}&lang=vi`, { token: partner.token }));
  const suggest = (subject: string, description: string) => async () =>
    ok('suggestions')(await server.api('POST', '/api/v1/help/suggestions', { token: partner.token, body: { subject, description, lang: 'vi' } }));
  // The baseline, timed right after each case: one article read by its slug (a unique index) through the same API,
  // auth and readers' rule, a different article each run; the ratio is what the search costs above a plain lookup.
  const lookup = async (run: number) =>
    ok('article by slug')(await server.api('GET', `/api/v1/help/articles/bench-${1 + ((run * 4) % ARTICLES)}?lang=vi`, { token: partner.token }));
  const cases: [string, () => Promise<unknown>][] = [
    ['search "dat lai mat khau" (no marks)', search('dat lai mat khau')],
    ['search "hóa đơn" (in every article)', search('hóa đơn')],
    ['search "nhan van" (prefixes)', search('nhan van')],
    ['search a number "4321"', search('4321')],
    ['search nothing has "zzqx" (no hit)', search('zzqx')],
    ['search nothing has "zzqx khong" (no hit)', search('zzqx khong')],
    ['suggest "Không in được nhãn vận chuyển"', suggest('Không in được nhãn vận chuyển', 'Máy in báo lỗi khi tôi bấm in, đơn hàng đang chờ giao.')],
    ['suggest "cannot reset my password"', suggest('cannot reset my password', 'I changed it yesterday and the invoice page asks again')],
    ['suggest nothing has "zzqx wqzz"', suggest('zzqx wqzz', 'qqzx')],
  ];
  console.log(
    `\nbench:search (${server.engine}): help center over ${ARTICLES.toLocaleString('en')} articles as an Acme user, ${runs} runs each (ms, goal p95 < 100)`,
  );
  console.log('baseline: GET /help/articles/{slug} (one article by its unique slug), timed right after each case; ratio = API p95 / baseline p95');
  console.log('query                                              | API p50 | API p95 | base p50 | base p95 | p95 ratio');
  const over: string[] = [];
  for (const [name, fn] of cases) {
    const api = await timed(runs, fn);
    const base = await timed(runs, lookup);
    if (api.p95 >= 100) over.push(name);
    console.log(
      `${name.padEnd(50)} | ${api.p50.toFixed(1).padStart(7)} | ${api.p95.toFixed(1).padStart(7)} | ${base.p50.toFixed(1).padStart(8)} | ${base.p95.toFixed(1).padStart(8)} | ${(api.p95 / base.p95).toFixed(2).padStart(9)}`,
    );
  }
  console.log(
    over.length ? `help center: p95 at or over 100 ms through the API: ${over.join('; ')}` : 'help center: every case p95 under 100 ms through the API',
  );
  if (process.env.BENCH_PLANS) await printHelpSearchPlans(db);
}
