import { and, count, eq, isNull, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { permission, type Resource } from '../../contract/permissions';
import { MAX_PAGE_SIZE } from '../../contract/http';
import { msg } from '../../contract/schemas/messages';
import { searchRequestSchema, type SearchInput } from '../../contract/schemas/search';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { writeAudit } from './audit';
import { send } from './envelope';
import { ApiError, notFound } from './errors';
import { requirePrincipal, type Principal } from './guard';
import { idsFilter, keysetOrder, offsetOf, orderByOf, pageOf, rowIdOf, searchOfExportQuery, validateSearch } from './search';
import { mergePatch } from './partialUpdate';
import { assertIfMatch, ifMatchOf, rowVersion, withEtag } from './recordVersion';
import { validate } from './validation';
import { streamCsv, type CsvColumn } from './csv';
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

/** `PATCH /{res}` (react-admin's updateMany) and `POST /{res}/delete` (deleteMany): at most a page of ids. */
export const bulkIdsSchema = yup.object({
  ids: yup.array(yup.string().required().max(100)).required().min(1, msg('validation.minValue')).max(MAX_PAGE_SIZE, msg('validation.maxValue')),
});
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** `data` is checked field by field against the resource's schema, as a PATCH body is. */
export const bulkUpdateSchema = bulkIdsSchema.shape({ data: yup.mixed(isObject).required() });

/** Reads shared by a resource's routes and the routes of its sub-resources (e.g. a role's permissions). */
export function crudResourceHelpers<TInput extends object, TDto>(ctx: AppContext, resource: CrudResource<TInput, TDto>) {
  const table = resource.table;
  const live = (includeDeleted = false) => (table.deletedAt && !includeDeleted ? isNull(table.deletedAt) : undefined);
  /** The row if it exists, is not deleted and is within the principal's reach; otherwise 404. */
  async function findVisible(principal: Principal, id: string, includeDeleted = false) {
    const [row] = await ctx.db
      .select()
      .from(table)
      .where(and(eq(table.id, rowIdOf(id)), live(includeDeleted), resource.scope?.(principal)));
    if (!row) throw notFound();
    return row as Row;
  }
  /**
   * The rows of a change, locked until its transaction ends; every id must be found (live and within reach)
   * or nothing changes: the first missing one answers 404 naming it.
   */
  async function lockVisible(tx: Db, principal: Principal, ids: string[]) {
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    const rows = (await tx
      .select()
      .from(table)
      .where(and(idsFilter(table.id, wanted), live(), resource.scope?.(principal)))
      .for('update')) as Row[];
    const missing = ids.findIndex((id) => !rows.some((row) => row.id === id.toLowerCase()));
    if (missing >= 0) throw new ApiError(404, ids.length > 1 ? 'api.someNotFound' : 'api.notFound', [{ field: `ids[${missing}]`, message: 'api.notFound' }]);
    return wanted.map((id) => rows.find((row) => row.id === id)!);
  }
  /** The DTO with its version, which is also the ETag of `GET /{res}/{id}`. */
  const dtoOf = (row: Row) => ({ ...resource.toDto(row), version: rowVersion(row) });
  return { live, findVisible, lockVisible, dtoOf };
}

export function registerCrudResource<TInput extends object, TDto>(app: FastifyInstance, ctx: AppContext, resource: CrudResource<TInput, TDto>) {
  const { db } = ctx;
  const table = resource.table;
  const tags = [resource.name];
  const searchSchema = searchRequestSchema.shape({ ...resource.searchFilters, includeDeleted: yup.boolean() });
  // react-admin sorts by id unless told otherwise (<List>, <ReferenceInput>, <ReferenceManyField>).
  const sortable = { id: table.id, ...resource.sortable };
  const { live, findVisible, lockVisible, dtoOf } = crudResourceHelpers(ctx, resource);
  const totals = createCountCache(ctx.events, resource.name);
  const access = (action: 'Search' | 'Export' | 'View' | 'Create' | 'Update' | 'Delete') => ({ access: permission(resource.permissions, action) });

  async function searchWhere(request: FastifyRequest, body: unknown) {
    const principal = requirePrincipal(request);
    const search = (await validateSearch(searchSchema, body ?? {})) as SearchInput & Record<string, unknown>;
    // getMany asks by id: a deleted row is still answered (marked deleted) so references to it show.
    const withDeleted = search.includeDeleted === true || search.ids !== undefined;
    const where = and(live(withDeleted), resource.scope?.(principal), idsFilter(table.id, search.ids), ...resource.where(search, principal));
    return { search, where, order: orderByOf(search.orderBy?.length ? search.orderBy : [resource.defaultSort], sortable, []) };
  }

  const announce = (id: string, action: 'created' | 'updated' | 'deleted') =>
    ctx.events.publish({ type: 'ResourceChanged', resource: resource.name, id, action });

  const setUpdated = (values: Record<string, unknown>) => ({ ...values, ...('updatedAt' in table ? { updatedAt: new Date() } : {}) });

  /** One row's update inside a transaction, the row locked: If-Match, the resource's checks, the audit row. */
  async function updateLocked(tx: Db, principal: Principal, existing: Row, input: TInput) {
    await resource.beforeWrite?.(tx, input, existing, principal);
    const [row] = (await tx.update(table).set(setUpdated(resource.toValues(input, principal)) as never).where(eq(table.id, existing.id)).returning()) as Row[];
    await writeAudit(tx, { userId: principal.id, type: 'Update', table: resource.name, key: row.id, before: existing, after: row });
    return row;
  }

  async function deleteLocked(tx: Db, principal: Principal, existing: Row) {
    await resource.beforeDelete?.(tx, existing, principal);
    if (table.deletedAt) await tx.update(table).set({ deletedAt: new Date() } as never).where(eq(table.id, existing.id));
    else await tx.delete(table).where(eq(table.id, existing.id));
    await writeAudit(tx, { userId: principal.id, type: 'Delete', table: resource.name, key: existing.id, before: existing });
  }

  /** A change of the row `/:id` names, in a transaction with the row locked, refused (412) when If-Match is stale. */
  async function changeOne(request: FastifyRequest<{ Params: { id: string } }>, change: (tx: Db, principal: Principal, existing: Row) => Promise<Row>) {
    const principal = requirePrincipal(request);
    const expected = ifMatchOf(request);
    const visible = await findVisible(principal, request.params.id);
    return db.transaction(async (tx) => {
      const [existing] = await lockVisible(tx as unknown as Db, principal, [visible.id]);
      await assertIfMatch(expected, existing, () => dtoOf(existing));
      return change(tx as unknown as Db, principal, existing);
    });
  }

  /** PUT and PATCH of one row: `readInput` makes the full input from the body and the row as it is now. */
  async function updateOne(request: FastifyRequest<{ Params: { id: string } }>, readInput: (current: Row) => Promise<TInput>) {
    const updated = await changeOne(request, async (tx, principal, existing) => updateLocked(tx, principal, existing, await readInput(existing)));
    announce(updated.id, 'updated');
    return dtoOf(updated);
  }

  app.post(`/${resource.name}/search`, { config: access('Search'), schema: { tags, summary: `Search ${resource.name} (paged)` } }, async (request, reply) => {
    const { search, where, order } = await searchWhere(request, request.body);
    const countQuery = db.select({ total: count() }).from(table).where(where);
    const { sql: countSql, params } = countQuery.toSQL();
    const [total, rows] = await Promise.all([
      totals.get(JSON.stringify([countSql, params]), async () => (await countQuery)[0].total),
      db.select().from(table).where(where).orderBy(...order, table.id).limit(search.pageSize).offset(offsetOf(search)),
    ]);
    return send(request, reply, pageOf((rows as Row[]).map(dtoOf), total, search));
  });

  app.get<{ Querystring: Record<string, string> }>(
    `/${resource.name}/export`,
    { config: access('Export'), schema: { tags, summary: `Every ${resource.name} row of a search as CSV` } },
    async (request, reply) => {
      const { search, where } = await searchWhere(request, searchOfExportQuery(request.query));
      const [{ total }] = await db.select({ total: count() }).from(table).where(where);
      const key = keysetOrder(search.orderBy, sortable, resource.defaultSort, table.id);
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

  app.get<{ Params: { id: string } }>(`/${resource.name}/:id`, { config: access('View'), schema: { tags, summary: `One of ${resource.name} (ETag: its version)` } }, async (request, reply) => {
    const dto = dtoOf(await findVisible(requirePrincipal(request), request.params.id));
    withEtag(reply, dto.version);
    return send(request, reply, dto);
  });

  app.post(`/${resource.name}`, { config: access('Create'), schema: { tags, summary: `Create one of ${resource.name}` } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const input = (await validate(resource.schema, request.body)) as TInput;
    await resource.beforeWrite?.(db, input, null, principal);
    const created = await db.transaction(async (tx) => {
      const [row] = (await tx.insert(table).values(resource.toValues(input, principal) as never).returning()) as Row[];
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: resource.name, key: row.id, after: row });
      return row;
    });
    announce(created.id, 'created');
    return send(request, reply, dtoOf(created), { statusCode: 201 });
  });

  app.put<{ Params: { id: string } }>(`/${resource.name}/:id`, { config: access('Update'), schema: { tags, summary: `Update one of ${resource.name} (If-Match: its version)` } }, async (request, reply) => {
    return send(request, reply, await updateOne(request, async () => (await validate(resource.schema, request.body)) as TInput));
  });

  app.patch<{ Params: { id: string } }>(`/${resource.name}/:id`, { config: access('Update'), schema: { tags, summary: `Change the fields sent of one of ${resource.name} (If-Match: its version)` } }, async (request, reply) =>
    send(request, reply, await updateOne(request, async (current) => (await mergePatch(resource.schema, resource.toDto(current) as object, request.body)) as TInput)),
  );

  app.patch(`/${resource.name}`, { config: access('Update'), schema: { tags, summary: `Change the same fields of several ${resource.name}, all or none ({ ids, data })` } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { ids, data } = await validate(bulkUpdateSchema, request.body);
    const updated = await db.transaction(async (tx) => {
      const rows = await lockVisible(tx as unknown as Db, principal, ids);
      const done: Row[] = [];
      for (const row of rows) done.push(await updateLocked(tx as unknown as Db, principal, row, (await mergePatch(resource.schema, resource.toDto(row) as object, data)) as TInput));
      return done;
    });
    for (const row of updated) announce(row.id, 'updated');
    return send(request, reply, updated.map((row) => row.id), { message: 'api.updatedMany', values: { count: updated.length } });
  });

  app.delete<{ Params: { id: string } }>(`/${resource.name}/:id`, { config: access('Delete'), schema: { tags, summary: `Delete one of ${resource.name} (If-Match: its version)` } }, async (request, reply) => {
    const deleted = await changeOne(request, async (tx, principal, existing) => {
      await deleteLocked(tx, principal, existing);
      return existing;
    });
    announce(deleted.id, 'deleted');
    return send(request, reply, dtoOf(deleted));
  });

  app.post(`/${resource.name}/delete`, { config: access('Delete'), schema: { tags, summary: `Delete several ${resource.name}, all or none ({ ids })` } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { ids } = await validate(bulkIdsSchema, request.body);
    const deleted = await db.transaction(async (tx) => {
      const rows = await lockVisible(tx as unknown as Db, principal, ids);
      for (const row of rows) await deleteLocked(tx as unknown as Db, principal, row);
      return rows;
    });
    for (const row of deleted) announce(row.id, 'deleted');
    return send(request, reply, deleted.map((row) => row.id), { message: 'api.deletedMany', values: { count: deleted.length } });
  });
}
