import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { ApiError } from '../errors';
import type { Principal } from '../guard';
import { rowVersion } from '../recordVersion';
import { idsFilter, rowIdOf } from '../search';
import type { CrudResource, CrudRow } from './resource';

/** Reads of a resource's rows shared by its service and the services of its sub-resources (a role's permissions). */
export function crudRows<TInput extends object, TDto>(ctx: AppContext, resource: CrudResource<TInput, TDto>) {
  const table = resource.table;
  const live = (includeDeleted = false) => (table.deletedAt && !includeDeleted ? isNull(table.deletedAt) : undefined);
  const computed = Object.keys(resource.computed ?? {});
  /** What a read or a write's RETURNING answers: the table's columns and, when it has some, the computed values. */
  const selection = { ...getTableColumns(table), ...resource.computed };
  const select = (conn: Db) => conn.select(selection);
  /** The row as stored: without its computed values (a change elsewhere moves them, not the row's version). */
  const storedOf = (row: CrudRow): CrudRow =>
    computed.length ? (Object.fromEntries(Object.entries(row).filter(([key]) => !computed.includes(key))) as CrudRow) : row;

  // GET by id is the hottest read: its statement is prepared once, unless a scope makes it differ per principal.
  const byId = resource.scope
    ? undefined
    : select(ctx.db)
        .from(table)
        .where(and(eq(table.id, sql.placeholder('id')), live()))
        .prepare(`crud_${resource.name}_by_id`);

  /** The row if it exists, is not deleted and is within the principal's reach; otherwise 404. */
  async function findVisible(principal: Principal, id: string, conn: Db = ctx.db) {
    const [row] =
      byId && conn === ctx.db
        ? await byId.execute({ id: rowIdOf(id) })
        : await select(conn)
            .from(table)
            .where(and(eq(table.id, rowIdOf(id)), live(), resource.scope?.(principal)));
    if (!row) throw new ApiError(404, 'api.notFound');
    return row as CrudRow;
  }

  /**
   * The rows of a change, locked until its transaction ends; every id must be found (live and within reach)
   * or nothing changes: the first missing one answers 404 naming it.
   */
  async function lockVisible(tx: Db, principal: Principal, ids: string[]) {
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    const rows = (await select(tx)
      .from(table)
      .where(and(idsFilter(table.id, wanted), live(), resource.scope?.(principal)))
      .for('update')) as CrudRow[];
    const missing = ids.findIndex((id) => !rows.some((row) => row.id === id.toLowerCase()));
    if (missing >= 0) throw new ApiError(404, ids.length > 1 ? 'api.someNotFound' : 'api.notFound', [{ field: `ids[${missing}]`, message: 'api.notFound' }]);
    return wanted.map((id) => rows.find((row) => row.id === id)!);
  }

  /** The DTO with its version, which is also the ETag of `GET /{res}/{id}`. */
  const dtoOf = (row: CrudRow) => ({ ...resource.toDto(row), version: rowVersion(storedOf(row)) });

  return { live, findVisible, lockVisible, dtoOf, select, selection, storedOf };
}

export type CrudRows<TDto> = ReturnType<typeof crudRows<object, TDto>>;
