import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { notFound } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text is a uuid as the database stores ids (any version, either case). */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

/**
 * The id of a path (`/{res}/{id}`) ready for a query: a malformed one names no row, so it answers 404 with the
 * resource's message, as a missing row does, rather than reaching the database and failing there (500).
 */
export function rowIdOf(id: string, notFoundKey = 'api.notFound'): string {
  if (!isUuid(id)) throw notFound(notFoundKey);
  return id.toLowerCase();
}

/** The `ids` filter (react-admin's getMany): a malformed id matches nothing, like a missing one. */
export function idsFilter(column: AnyColumn, ids: string[] | undefined): SQL | undefined {
  if (ids === undefined) return undefined;
  const wellFormed = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  return wellFormed.length ? inArray(column, wellFormed) : sql`false`;
}
