import pg from 'pg';
import type { Db } from '../../server/db/client';

/** A pool as node-postgres keeps it: its clients are the connections the application's queries go through. */
type CountedPool = { _clients: unknown[] };

/**
 * Every statement sent on the pool of `db` (BEGIN and COMMIT included: each is a round trip) while `work` runs,
 * in order. Counted at the client, so a transaction's statements count too; the LISTEN/NOTIFY connection is not the
 * pool's and does not. Only for PostgreSQL (the server suite's engine).
 */
export async function statementsOf<T>(db: Db, work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const pool = (db as unknown as { $client: CountedPool }).$client;
  if (!Array.isArray(pool._clients)) throw new Error('statementsOf counts on a node-postgres pool only');
  const statements: string[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    if (pool._clients.includes(this)) {
      const first = args[0];
      statements.push((typeof first === 'string' ? first : ((first as { text?: string }).text ?? '')).replace(/\s+/g, ' ').trim());
    }
    return original.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    prototype.query = original;
  }
}

/** Statements that write or lock a row: the round trips a row stays locked across begin there and end with the commit. */
export const writesOrLocks = (statements: string[]) => statements.filter((text) => /\b(insert|update|delete)\b|\bfor update\b/i.test(text));
