import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number: it names the advisory lock that migrations of this application take. */
const MIGRATION_LOCK = 7_262_531_901;

/**
 * Several instances starting at once migrate one after another, on one session that holds an advisory lock:
 * the first applies what is new, the others find nothing left to do.
 */
async function migrateUnderLock(pool: Pool) {
  const session = await pool.connect();
  try {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(session, { schema }), { migrationsFolder });
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    session.release();
  }
}

/** PGlite in `dataDir` by default; PostgreSQL when a URL is given. Migrations run before the first query. */
export async function openDatabase(options: { databaseUrl?: string; pgliteDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL ends (a restart, a terminated backend, a database dropped while the pool
    // closes) is dropped by the pool and replaced when needed; unheard, its error would end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migrateUnderLock(pool);
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const client = await PGlite.create({ ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}), extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
