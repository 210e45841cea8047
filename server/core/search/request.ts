import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';

/** What a resource sorts a field by: a column, or an expression (a joined name, a full name). */
export type SortColumns = Record<string, AnyColumn | SQL>;
import type * as yup from 'yup';
import { searchRequestSchema } from '../../../contract/schemas/search';
import { ApiError } from '../errors';
import { validate } from '../validation';

/** A 400 naming the field, whose messages list what is allowed (e.g. the filters of a search). */
export function notAllowed(field: string, key: string, allowed: string[]) {
  const values = { allowed: [...allowed].sort().join(', ') };
  return new ApiError(400, key, [{ field, message: JSON.stringify({ key, values }) }], values);
}

/**
 * A search body checked against its schema: a key the schema does not know (a misspelt filter, a
 * getManyReference target the resource has not) is refused rather than ignored, since ignoring it would
 * answer every row.
 */
export async function validateSearch<S extends yup.AnyObjectSchema>(schema: S, body: unknown): Promise<yup.InferType<S>> {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const unknown = Object.keys(body).find((key) => !Object.hasOwn(schema.fields, key));
    if (unknown !== undefined) throw notAllowed(unknown, 'api.unknownFilter', Object.keys(schema.fields));
  }
  return validate(schema, body ?? {});
}

const pageQuerySchema = searchRequestSchema.pick(['pageNumber', 'pageSize']);

/** `?pageNumber=&pageSize=` of a GET list (users, a user's audit trail), checked like a search body's. */
export function validatePageQuery(query: Record<string, unknown> | undefined, defaultPageSize: number) {
  const page: Record<string, unknown> = { pageSize: defaultPageSize };
  for (const [key, value] of Object.entries(query ?? {})) page[key] = Number(Array.isArray(value) ? value[0] : value);
  return validateSearch(pageQuerySchema, page);
}

/** The column a sort field names; own properties only, so `__proto__` or `constructor` is refused too. */
export function sortColumnOf(field: string, columns: SortColumns): AnyColumn | SQL {
  if (!Object.hasOwn(columns, field)) throw notAllowed('orderBy', 'api.unknownSortField', Object.keys(columns));
  return columns[field];
}

/** orderBy entries ("name asc") onto the columns a resource allows; an unknown field is a field error. */
export function orderByOf(orderBy: string[] | undefined, columns: SortColumns, fallback: SQL[]): SQL[] {
  if (!orderBy?.length) return fallback;
  return orderBy.map((entry) => {
    const [field, direction] = entry.split(' ');
    const column = sortColumnOf(field, columns);
    return direction?.toLowerCase() === 'desc' ? desc(column) : asc(column);
  });
}

/**
 * An export takes its search as query parameters: scalars as they are (every key goes on, so an unknown filter
 * is refused rather than ignored), `orderBy` repeated or comma separated, `keyword` as the keyword search,
 * `true`/`false` as booleans. Paging does not apply: an export has every row.
 */
export function searchOfExportQuery(query: Record<string, string | string[]>) {
  const search: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query ?? {})) {
    const value = Array.isArray(raw) ? raw : String(raw);
    if (key === 'orderBy')
      search.orderBy = ([] as string[])
        .concat(value)
        .flatMap((v) => v.split(','))
        .filter(Boolean);
    else if (key === 'keyword') search.advancedSearch = { keyword: String(value) };
    else if (value === 'true' || value === 'false') search[key] = value === 'true';
    else search[key] = value;
  }
  search.pageNumber = 1;
  search.pageSize = 1;
  return search;
}

/** A query string's whole-number fields as numbers (the rest as sent), for the JSON-typed checks of `validate()`. */
export function withQueryNumbers(query: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const typed: Record<string, unknown> = { ...query };
  for (const field of fields) {
    const value = Object.hasOwn(typed, field) ? typed[field] : undefined;
    if (typeof value === 'string' && /^\d{1,15}$/.test(value)) typed[field] = Number(value);
  }
  return typed;
}
