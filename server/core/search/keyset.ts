import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { mappedInTurns } from '../eventLoopTurns';
import { sortColumnOf } from './request';

/** Rows an export reads at a time: one batch is in memory, however many rows the export has. */
export const EXPORT_BATCH = 1000;

export type Keyset = ReturnType<typeof keysetOrder>;

/**
 * Keyset paging for long reads (CSV export): rows after the last one seen by (sort column, id), so each
 * batch costs the same however deep it is, unlike OFFSET. Nullable text columns sort as empty text.
 */
export function keysetOrder(orderBy: string[] | undefined, columns: Record<string, AnyColumn>, fallback: string, id: AnyColumn) {
  // An export sorts by its first field; the others must still be fields it knows (an unknown one is a 400).
  for (const entry of orderBy?.slice(1) ?? []) sortColumnOf(entry.split(' ')[0], columns);
  const [field, direction = 'asc'] = (orderBy?.[0] ?? fallback).split(' ');
  const column = sortColumnOf(field, columns);
  const descending = direction.toLowerCase() === 'desc';
  const nullable = !(column as unknown as { notNull: boolean }).notNull;
  // A timestamp keeps microseconds but comes back as a millisecond Date: compare at the Date's precision,
  // or rows of the last millisecond of a batch are read again (or skipped, descending).
  const timestamp = (column as unknown as { columnType?: string }).columnType?.startsWith('PgTimestamp');
  const sortValue = timestamp ? sql`date_trunc('milliseconds', ${column})` : nullable ? sql`coalesce(${column}, '')` : sql`${column}`;
  const key = (column as unknown as { name: string }).name;
  return {
    order: descending ? [desc(sortValue), desc(id)] : [asc(sortValue), asc(id)],
    after(last: Record<string, unknown>): SQL {
      const value = last[fieldKey(last, field, key)] ?? '';
      return descending ? sql`(${sortValue}, ${id}) < (${value}, ${last.id})` : sql`(${sortValue}, ${id}) > (${value}, ${last.id})`;
    },
  };
}

/** Rows come back keyed by the schema's property names; fall back to the column name. */
function fieldKey(row: Record<string, unknown>, field: string, column: string) {
  return field in row ? field : column;
}

/**
 * Every row of a read, a batch at a time in the keyset's order: `read` answers the rows after `after` (none
 * for the first batch), ordered by `order`, at most `limit`; each batch is handed on as `toItem` makes it, in slices
 * with a turn of the event loop between them (a batch's text extraction held it for most of a second).
 */
export async function* keysetBatches<R extends Record<string, unknown>, T>(
  key: Keyset,
  read: (page: { after: SQL | undefined; order: SQL[]; limit: number }) => Promise<R[]>,
  toItem: (row: R) => T,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<T[]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await read({ after, order: key.order, limit: batchSize });
    yield* mappedInTurns(rows, toItem);
    if (rows.length < batchSize) return;
    after = key.after(rows[rows.length - 1]);
  }
}
