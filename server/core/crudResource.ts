import { and, count, eq, isNull, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { permission, type Resource } from '../../contract/permissions';
import { searchRequestSchema, type SearchInput } from '../../contract/schemas/search';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { writeAudit } from './audit';
import { send } from './envelope';
import { notFound } from './errors';
import { requirePrincipal, type Principal } from './guard';
import { offsetOf, orderByOf, pageOf } from './paging';
import { validate } from './validation';
import { streamCsv, type CsvColumn } from './csv';
import { keysetOrder } from './keyset';
import { createCountCache } from './countCache';

const EXPORT_BATCH = 5000;

type Row = Record<string, unknown> & { id: string };
type Table = PgTable & { id: PgColumn; deletedAt?: PgColumn };

/**
 * A resource declared once: search, get, create, update, delete (soft when the table has deletedAt) and CSV
 * export, each guarded by its permission, audited in the change's transaction and announced on the bus.
 */
export interface CrudResource<TInput extends object, TDto> {
  /** Path segment and audit table name, e.g. "partners". */
  name: string;
  permissions: Resource;
  table: Table;
  schema: yup.AnyObjectSchema;
  /** Filters of this resource's search body beyond paging, sort and keyword. */
  searchFilters?: yup.ObjectShape;
  toDto(row: Row): TDto;
  /** The columns written for a validated input (derived columns included). */
  toValues(input: TInput, principal: Principal): Record<string, unknown>;
  sortable: Record<string, AnyColumn>;
  /** The sort when the search names none, e.g. "name asc". */
  defaultSort: string;
  /** Conditions of a search: keyword and the resource's own filters. */
  where(search: SearchInput & Record<string, unknown>, principal: Principal): (SQL | undefined)[];
  /** Rows outside the principal's reach (another partner's) answer 404. */
  scope?(principal: Principal): SQL | undefined;
  csv: CsvColumn<TDto>[];
  /** Extra checks before a write, e.g. uniqueness; throw an ApiError to refuse. */
  beforeWrite?(db: Db, input: TInput, existing: Row | null, principal: Principal): Promise<void>;
  /** Checks before a delete; throw an ApiError to refuse. */
  beforeDelete?(db: Db, existing: Row, principal: Principal): Promise<void>;
}

const idSchema = yup.string().uuid();

/** Reads shared by a resource's routes and the routes of its sub-resources (e.g. a role's permissions). */
export function crudResourceHelpers<TInput extends object, TDto>(ctx: AppContext, resource: CrudResource<TInput, TDto>) {
  const table = resource.table;
  const live = (includeDeleted = false) => (table.deletedAt && !includeDeleted ? isNull(table.deletedAt) : undefined);
  /** The row if it exists, is not deleted and is within the principal's reach; otherwise 404. */
  async function findVisible(principal: Principal, id: string, includeDeleted = false) {
    if (!idSchema.isValidSync(id)) throw notFound();
    const [row] = await ctx.db
      .select()
      .from(table)
      .where(and(eq(table.id, id), live(includeDeleted), resource.scope?.(principal)));
    if (!row) throw notFound();
    return row as Row;
  }
  return { live, findVisible };
}

export function registerCrudResource<TInput extends object, TDto>(app: FastifyInstance, ctx: AppContext, resource: CrudResource<TInput, TDto>) {
  const { db } = ctx;
  const table = resource.table;
  const tags = [resource.name];
  const searchSchema = searchRequestSchema.shape({ ...resource.searchFilters, includeDeleted: yup.boolean() });
  const { live, findVisible } = crudResourceHelpers(ctx, resource);
  const totals = createCountCache(ctx.events, resource.name);

  async function searchWhere(request: FastifyRequest, body: unknown) {
    const principal = requirePrincipal(request);
    const search = (await validate(searchSchema, body ?? {})) as SearchInput & Record<string, unknown>;
    const where = and(live(search.includeDeleted === true), resource.scope?.(principal), ...resource.where(search, principal));
    return { search, where, order: orderByOf(search.orderBy?.length ? search.orderBy : [resource.defaultSort], resource.sortable, []) };
  }

  const announce = (id: string, action: 'created' | 'updated' | 'deleted') =>
    ctx.events.publish({ type: 'ResourceChanged', resource: resource.name, id, action });

  app.post(`/${resource.name}/search`, { config: { access: permission(resource.permissions, 'Search') }, schema: { tags, summary: `Search ${resource.name} (paged)` } }, async (request, reply) => {
    const { search, where, order } = await searchWhere(request, request.body);
    const countQuery = db.select({ total: count() }).from(table).where(where);
    const { sql: countSql, params } = countQuery.toSQL();
    const [total, rows] = await Promise.all([
      totals.get(JSON.stringify([countSql, params]), async () => (await countQuery)[0].total),
      db.select().from(table).where(where).orderBy(...order, table.id).limit(search.pageSize).offset(offsetOf(search)),
    ]);
    return send(request, reply, pageOf((rows as Row[]).map(resource.toDto), total, search));
  });

  app.get<{ Querystring: Record<string, string> }>(
    `/${resource.name}/export`,
    { config: { access: permission(resource.permissions, 'Export') }, schema: { tags, summary: `Every ${resource.name} row of a search as CSV` } },
    async (request, reply) => {
      const { search, where } = await searchWhere(request, queryToSearch(request.query));
      const [{ total }] = await db.select({ total: count() }).from(table).where(where);
      const key = keysetOrder(search.orderBy, resource.sortable, resource.defaultSort, table.id);
      async function* batches() {
        let after: SQL | undefined;
        for (;;) {
          const rows = (await db.select().from(table).where(and(where, after)).orderBy(...key.order).limit(EXPORT_BATCH)) as Row[];
          if (rows.length) yield rows.map(resource.toDto);
          if (rows.length < EXPORT_BATCH) return;
          after = key.after(rows[rows.length - 1]);
        }
      }
      return streamCsv(reply, `${resource.name}.csv`, resource.csv, total, batches());
    },
  );

  app.get<{ Params: { id: string } }>(`/${resource.name}/:id`, { config: { access: permission(resource.permissions, 'View') }, schema: { tags, summary: `One of ${resource.name}` } }, async (request, reply) =>
    send(request, reply, resource.toDto(await findVisible(requirePrincipal(request), request.params.id))),
  );

  app.post(`/${resource.name}`, { config: { access: permission(resource.permissions, 'Create') }, schema: { tags, summary: `Create one of ${resource.name}` } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const input = (await validate(resource.schema, request.body)) as TInput;
    await resource.beforeWrite?.(db, input, null, principal);
    const created = await db.transaction(async (tx) => {
      const [row] = (await tx.insert(table).values(resource.toValues(input, principal) as never).returning()) as Row[];
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: resource.name, key: row.id, after: row });
      return row;
    });
    announce(created.id, 'created');
    return send(request, reply, resource.toDto(created), { statusCode: 201 });
  });

  app.put<{ Params: { id: string } }>(`/${resource.name}/:id`, { config: { access: permission(resource.permissions, 'Update') }, schema: { tags, summary: `Update one of ${resource.name}` } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const existing = await findVisible(principal, request.params.id);
    const input = (await validate(resource.schema, request.body)) as TInput;
    await resource.beforeWrite?.(db, input, existing, principal);
    const updated = await db.transaction(async (tx) => {
      const [row] = (await tx
        .update(table)
        .set({ ...resource.toValues(input, principal), ...('updatedAt' in table ? { updatedAt: new Date() } : {}) } as never)
        .where(eq(table.id, existing.id))
        .returning()) as Row[];
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: resource.name, key: row.id, before: existing, after: row });
      return row;
    });
    announce(updated.id, 'updated');
    return send(request, reply, resource.toDto(updated));
  });

  app.delete<{ Params: { id: string } }>(`/${resource.name}/:id`, { config: { access: permission(resource.permissions, 'Delete') }, schema: { tags, summary: `Delete one of ${resource.name}` } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const existing = await findVisible(principal, request.params.id);
    await resource.beforeDelete?.(db, existing, principal);
    await db.transaction(async (tx) => {
      if (table.deletedAt) await tx.update(table).set({ deletedAt: new Date() } as never).where(eq(table.id, existing.id));
      else await tx.delete(table).where(eq(table.id, existing.id));
      await writeAudit(tx, { userId: principal.id, type: 'Delete', table: resource.name, key: existing.id, before: existing });
    });
    announce(existing.id, 'deleted');
    return send(request, reply, resource.toDto(existing));
  });
}

/** Export takes the search as query parameters: scalars as they are, `orderBy` repeated or comma separated. */
function queryToSearch(query: Record<string, string | string[]>) {
  const search: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query ?? {})) {
    const value = Array.isArray(raw) ? raw : String(raw);
    if (key === 'orderBy') search.orderBy = ([] as string[]).concat(value).flatMap((v) => v.split(',')).filter(Boolean);
    else if (key === 'keyword') search.advancedSearch = { keyword: String(value) };
    else if (value === 'true' || value === 'false') search[key] = value === 'true';
    else search[key] = value;
  }
  search.pageNumber = 1;
  search.pageSize = 1;
  return search;
}

