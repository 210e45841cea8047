import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

type RawRow = Record<string, unknown>;
/** A plain statement bound to where it runs: its `$n` values in, its raw rows out. */
export type Statement = (values: unknown[]) => Promise<RawRow[]>;
interface Queryable {
  query(config: unknown, values?: unknown[]): Promise<{ rows: RawRow[] }>;
  /** Only PGlite has it: the in-process engine takes the text each time (it has no connections to prepare on). */
  exec?: unknown;
}

/**
 * One hot statement in plain parameterized SQL, parsed and planned once per pooled connection (a named prepared
 * statement of node-postgres). For the writes every autosave and chat line makes: drizzle's builder rebuilding
 * their text on each call cost more than it gave. Runs on the pool, outside any transaction: each statement is
 * its own. Rows come back with the database's column names and the driver's types (timestamps as Date, jsonb
 * parsed); `rowOf` names them as the table's Drizzle columns do. Pass jsonb values as JSON text (`$n::jsonb`).
 */
export function preparedStatement(db: Db, name: string, text: string): Statement {
  const client = (db as unknown as { $client: Queryable }).$client;
  if (typeof client.exec === 'function') return async (values) => (await client.query(text, values)).rows;
  return async (values) => (await client.query({ name, text, values })).rows;
}

/**
 * The same plain statement (`$n` parameters) run on a transaction's connection, for the rare path that must hold
 * a lock across statements (a contended save's last try); each `$n` becomes a bound parameter, never text.
 */
export function statementIn(tx: Db, text: string): Statement {
  const parts = text.split(/\$(\d+)/);
  return async (values) => {
    const query = sql.join(parts.map((part, i) => (i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part))));
    return ((await tx.execute(query)) as unknown as { rows: RawRow[] }).rows;
  };
}

/**
 * A raw row of `table` (or a row whose columns carry a prefix) under the names its Drizzle columns have. A value
 * the driver left as text (drizzle's `execute` on node-postgres leaves timestamps so) is read as the column reads it.
 */
export function rowOf<T extends PgTable>(table: T, raw: RawRow, prefix = ''): T['$inferSelect'] {
  const row: RawRow = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[prefix + column.name] ?? null;
    row[key] = typeof value === 'string' && column.dataType !== 'string' && column.dataType !== 'json' ? column.mapFromDriverValue(value) : value;
  }
  return row as T['$inferSelect'];
}
