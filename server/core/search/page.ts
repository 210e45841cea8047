import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { PagedResult } from '../../../contract/envelope';
import type { SearchInput } from '../../../contract/schemas/search';
import type { Db } from '../../db/client';

/** What a page's total is read through (`createCountCache` in core/countCache.ts). */
export interface TotalsCache {
  get(key: string, count: () => Promise<number>): Promise<number>;
}

export type PageInput = Pick<SearchInput, 'pageNumber' | 'pageSize'>;

export function pageOf<T>(items: T[], totalCount: number, search: PageInput): PagedResult<T> {
  return { items, totalCount, currentPage: search.pageNumber, pageSize: search.pageSize };
}

export const offsetOf = (search: PageInput) => (search.pageNumber - 1) * search.pageSize;

/** How many rows of the table match; through the count cache when one is given, keyed by the query itself. */
export async function countOf(db: Db, table: PgTable, where: SQL | undefined, totals?: TotalsCache): Promise<number> {
  const query = db.select({ total: count() }).from(table).where(where);
  const total = async () => (await query)[0].total;
  if (!totals) return total();
  const { sql, params } = query.toSQL();
  return totals.get(JSON.stringify([sql, params]), total);
}

/**
 * One page of a search with the total of every match: `rows` reads the page (given its limit and offset),
 * `total` counts the matches (usually `countOf`); both run at once.
 */
export async function readPage<T>(
  search: PageInput,
  total: Promise<number>,
  rows: (page: { limit: number; offset: number }) => Promise<T[]>,
): Promise<PagedResult<T>> {
  const [totalCount, items] = await Promise.all([total, rows({ limit: search.pageSize, offset: offsetOf(search) })]);
  return pageOf(items, totalCount, search);
}
