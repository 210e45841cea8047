// npx tsx bench/dashboardSections.ts: where GET /dashboard's time goes, section by section (p50 and p93 of 15 calls, ms),
// in-process on the rows of bench:dashboard, kept in DASHBOARD_BENCH_DIR (seeded on the first run, reused after).
// EXPLAIN='select …;;select …' prints EXPLAIN ANALYZE of each statement ($P: Acme's id, $U: partner@acme.example's id).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { testConfig } from '../tests/server/harness';
import { seedDashboardBench, TICKETS } from './dashboardSeed';
import { partnerDashboard } from '../server/modules/dashboard/partnerDashboard';
import { staffDashboard, createStaffSections } from '../server/modules/dashboard/staffDashboard';

const dir = process.env.DASHBOARD_BENCH_DIR ?? path.join(os.tmpdir(), 'pp-dashboard-bench');
fs.mkdirSync(dir, { recursive: true });
const built = await buildApp(testConfig(dir, undefined), { logger: false });
const db = built.database.db;
const q = async (text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
const [{ n }] = await q('select count(*)::int as n from tickets');
if ((n as number) < TICKETS) await seedDashboardBench(db);
const [acme] = await q(`select u.id, u.partner_id from users u where email = 'partner@acme.example'`);
const reader = { id: acme.id as string, partnerId: acme.partner_id as string };
const time = async (name: string, fn: () => Promise<unknown>) => {
  for (let i = 0; i < 3; i++) await fn();
  const ts: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    await fn();
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  console.log(name.padEnd(30), ts[7].toFixed(1), ts[13].toFixed(1));
};
const none = { forms: false, tickets: false, files: false };
const now = new Date();
await time('partner forms', () => partnerDashboard(db, reader, { ...none, forms: true }, now));
await time('partner tickets', () => partnerDashboard(db, reader, { ...none, tickets: true }, now));
await time('partner files', () => partnerDashboard(db, reader, { ...none, files: true }, now));
const off = { tickets: false, forms: false, fileRequests: false, activity: false };
await time('staff tickets cold', () => staffDashboard(db, createStaffSections(built.ctx.events), { ...off, tickets: true }));
const warm = createStaffSections(built.ctx.events);
await time('staff tickets warm', () => staffDashboard(db, warm, { ...off, tickets: true }));
await time('staff funnel cold', () => staffDashboard(db, createStaffSections(built.ctx.events), { ...off, forms: true }));
await time('staff requests', () => staffDashboard(db, warm, { ...off, fileRequests: true }));
await time('staff activity', () => staffDashboard(db, warm, { ...off, activity: true }));
for (const text of (process.env.EXPLAIN ?? '').split(';;').filter(Boolean)) {
  console.log(text);
  for (const r of await q('explain analyze ' + text.replaceAll('$P', `'${reader.partnerId}'`).replaceAll('$U', `'${reader.id}'`)))
    console.log(Object.values(r)[0]);
}
await built.app.close();
