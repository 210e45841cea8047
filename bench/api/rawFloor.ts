import { and, eq, isNull } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { partners } from '../../server/modules/partners/partners.schema';
import { onCleanup } from '../harness/cleanup';
import { summarize, type Measured } from './load';

/**
 * The SQL the GET-by-id route runs (crud rows' findVisible for a principal without scope, as drizzle writes it),
 * so the floor runs the very statement the server does, only without HTTP, auth, drizzle and the envelope.
 */
export const partnerByIdSql = new QueryBuilder()
  .select()
  .from(partners)
  .where(and(eq(partners.id, '00000000-0000-0000-0000-000000000000'), isNull(partners.deletedAt)))
  .toSQL().sql;

/** The servers' pool size (DATABASE_POOL_SIZE, given to them): the floor gets as many connections, no more. */
export const SERVER_POOL_SIZE = 10;

export interface SqlClient {
  query(sql: string, params: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * A pg Pool to `url`, of the server's pool size. Its statements are named, so each connection prepares them once,
 * as the server's prepared GET-by-id does: the floor is the cheapest way to run the SELECT, not a slower one.
 */
export function pgClient(url: string): SqlClient {
  const pool = new pg.Pool({ connectionString: url, max: SERVER_POOL_SIZE });
  pool.on('error', () => {});
  const close = onCleanup('raw floor pool', () => pool.end());
  return { query: (text, values) => pool.query({ name: 'bench_floor', text, values }), close };
}

/** PGlite in this process on `dir` (a copy of the server's folder: PGlite allows one opener per folder). */
export async function pgliteClient(dir: string): Promise<SqlClient> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  const close = onCleanup('raw floor PGlite', () => client.close());
  return { query: (sql, params) => client.query(sql, params), close };
}

/**
 * `concurrency` callers, each running the SELECT with a random existing id as soon as its previous one answers,
 * for `seconds`: operations a second and latency percentiles, like autocannon's for the server.
 */
export async function rawSelectLoad(client: SqlClient, ids: string[], concurrency: number, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        const result = (await client.query(partnerByIdSql, [ids[Math.floor(Math.random() * ids.length)]])) as { rows: unknown[] };
        if (result.rows.length !== 1) throw new Error('the raw SELECT found no partner');
        latencies.push(performance.now() - sent);
      }
    }),
  );
  return summarize(latencies, (performance.now() - started) / 1000);
}
