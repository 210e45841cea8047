import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PagedResult } from '../../contract/envelope';
import type { SearchInput } from '../../contract/schemas/search';
import { fieldError } from './errors';

/** orderBy entries ("name asc") onto the columns a resource allows; an unknown field is a field error. */
export function orderByOf(orderBy: string[] | undefined, columns: Record<string, AnyColumn>, fallback: SQL[]): SQL[] {
  if (!orderBy?.length) return fallback;
  return orderBy.map((entry) => {
    const [field, direction] = entry.split(' ');
    const column = columns[field];
    if (!column) throw fieldError('orderBy', 'validation.orderBy');
    return direction?.toLowerCase() === 'desc' ? desc(column) : asc(column);
  });
}

export function pageOf<T>(items: T[], totalCount: number, search: Pick<SearchInput, 'pageNumber' | 'pageSize'>): PagedResult<T> {
  return { items, totalCount, currentPage: search.pageNumber, pageSize: search.pageSize };
}

export const offsetOf = (search: Pick<SearchInput, 'pageNumber' | 'pageSize'>) => (search.pageNumber - 1) * search.pageSize;
