import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/** Sessions of this database waiting for a lock right now. */
export async function sessionsWaitingForLocks(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0].n;
}

/**
 * Runs `hold` in a transaction (it locks rows, or writes them), then `start`, and commits only once `waiting` of the
 * sessions `start` opened wait for those locks: what they read before they wait is what was there before `hold`.
 * PostgreSQL only (PGlite runs one statement at a time).
 */
export async function whileHeld<T>(db: Db, hold: (tx: Db) => Promise<unknown>, waiting: number, start: () => Promise<T>[]): Promise<T[]> {
  let started: Promise<T>[] = [];
  await db.transaction(async (transaction) => {
    await hold(transaction as unknown as Db);
    started = start();
    while ((await sessionsWaitingForLocks(db)) < waiting) await new Promise((resolve) => setImmediate(resolve));
  });
  return Promise.all(started);
}
