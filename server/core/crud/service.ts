import { and, eq } from 'drizzle-orm';
import * as yup from 'yup';
import { searchRequestSchema, type SearchInput } from '../../../contract/schemas/search';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../audit';
import { createCountCache } from '../countCache';
import type { Principal } from '../guard';
import { mergePatch } from '../partialUpdate';
import { assertIfMatch, type IfMatch } from '../recordVersion';
import { transactionThenPublish, type DomainEvent } from '../events';
import { countOf, idsFilter, keysetBatches, keysetOrder, orderByOf, readPage, validateSearch } from '../search';
import { validate } from '../validation';
import { bulkIdsSchema, bulkUpdateSchema } from './bulkSchemas';
import type { CrudResource, CrudRow } from './resource';
import { crudRows } from './rows';

type Action = 'created' | 'updated' | 'deleted';
type Publish = (event: DomainEvent) => void;

/**
 * The rules of a declared resource, without HTTP: each method takes the principal and the client's input
 * (a body still to validate, the If-Match versions) and answers DTOs. Every change runs in one transaction
 * with its rows locked: the If-Match check, the resource's hooks, the write and its audit row land together
 * or not at all; the change is announced after it commits.
 */
/** Each batch as `complete` makes it. */
async function* batchesWith<T>(batches: AsyncIterable<T[]>, complete: (items: T[]) => Promise<T[]>): AsyncGenerator<T[]> {
  for await (const batch of batches) yield await complete(batch);
}

export function createCrudService<TInput extends object, TDto>(ctx: AppContext, resource: CrudResource<TInput, TDto>) {
  const { db } = ctx;
  const table = resource.table;
  const searchSchema = searchRequestSchema.shape({ ...resource.searchFilters, includeDeleted: yup.boolean() });
  // react-admin sorts by id unless told otherwise (<List>, <ReferenceInput>, <ReferenceManyField>).
  const sortable = { id: table.id, ...resource.sortable };
  const rows = crudRows(ctx, resource);
  const { live, findVisible, lockVisible, dtoOf, select, selection, storedOf } = rows;
  const totals = createCountCache(ctx.events, resource.name);

  /** A change's transaction: the events it queues run their in-transaction handlers before it commits and go out after. */
  const transaction = <T>(work: (tx: Db, publish: Publish) => Promise<T>) => transactionThenPublish(ctx, work);
  const announce = (publish: Publish, row: CrudRow, action: Action, before: CrudRow | null = null) => {
    const partner = resource.partnerIdOf ? { partnerId: resource.partnerIdOf(row) } : {};
    const after = action === 'deleted' ? null : row;
    [
      { type: 'ResourceChanged', resource: resource.name, id: row.id, action, ...partner } as const,
      ...(resource.events?.(row.id, action) ?? []),
      ...(resource.changedAlongside?.(action === 'created' ? null : (before ?? row), after) ?? []),
    ].forEach(publish);
  };
  const setUpdated = (values: Record<string, unknown>) => ({ ...values, ...('updatedAt' in table ? { updatedAt: new Date() } : {}) });

  async function searchWhere(principal: Principal, body: unknown) {
    const search = (await validateSearch(searchSchema, body ?? {})) as SearchInput & Record<string, unknown>;
    // getMany asks by id: a deleted row is still answered (marked deleted) so references to it show.
    const withDeleted = search.includeDeleted === true || search.ids !== undefined;
    const where = and(live(withDeleted), resource.scope?.(principal), idsFilter(table.id, search.ids), ...resource.where(search, principal));
    return { search, where };
  }

  /** One row's update, the row locked in `tx`: the resource's checks, the write, the audit row. */
  async function updateLocked(tx: Db, publish: Publish, principal: Principal, existing: CrudRow, input: TInput) {
    await resource.beforeWrite?.(tx, input, existing, principal);
    const [row] = (await tx
      .update(table)
      .set(setUpdated(resource.toValues(input, principal)) as never)
      .where(eq(table.id, existing.id))
      .returning(selection)) as CrudRow[];
    await writeAudit(tx, { userId: principal.id, type: 'Update', table: resource.name, key: row.id, before: storedOf(existing), after: storedOf(row) });
    announce(publish, row, 'updated', existing);
    return row;
  }

  async function deleteLocked(tx: Db, publish: Publish, principal: Principal, existing: CrudRow) {
    const alsoChanged = await resource.beforeDelete?.(tx, existing, principal);
    if (table.deletedAt)
      await tx
        .update(table)
        .set({ deletedAt: new Date() } as never)
        .where(eq(table.id, existing.id));
    else await tx.delete(table).where(eq(table.id, existing.id));
    await writeAudit(tx, { userId: principal.id, type: 'Delete', table: resource.name, key: existing.id, before: storedOf(existing) });
    announce(publish, existing, 'deleted');
    alsoChanged?.forEach(publish);
  }

  /** A change of one row, locked in a transaction, refused (412) when `ifMatch` names another version. */
  async function changeOne(
    principal: Principal,
    id: string,
    ifMatch: IfMatch | undefined,
    change: (tx: Db, publish: Publish, existing: CrudRow) => Promise<CrudRow>,
  ) {
    const visible = await findVisible(principal, id);
    return transaction(async (tx, publish) => {
      const [existing] = await lockVisible(tx, principal, [visible.id]);
      await assertIfMatch(ifMatch, storedOf(existing), () => dtoOf(existing));
      return change(tx, publish, existing);
    });
  }

  /** PUT and PATCH of one row: `readInput` makes the full input from the row as it is under the lock. */
  async function updateOne(principal: Principal, id: string, ifMatch: IfMatch | undefined, readInput: (current: CrudRow) => Promise<TInput>) {
    const updated = await changeOne(principal, id, ifMatch, async (tx, publish, existing) =>
      updateLocked(tx, publish, principal, existing, await readInput(existing)),
    );
    return dtoOf(updated);
  }

  const patchInput = async (current: CrudRow, body: unknown) => (await mergePatch(resource.schema, resource.toDto(current) as object, body)) as TInput;

  return {
    resource,
    rows,

    /** A page of the rows the search matches, with the total (kept by the count cache until a change). */
    async search(principal: Principal, body: unknown) {
      const { search, where } = await searchWhere(principal, body);
      const order = orderByOf(search.orderBy?.length ? search.orderBy : [resource.defaultSort], sortable, []);
      return readPage(search, countOf(db, table, where, totals), async ({ limit, offset }) =>
        (
          (await select(db)
            .from(table)
            .where(where)
            .orderBy(...order, table.id)
            .limit(limit)
            .offset(offset)) as CrudRow[]
        ).map(dtoOf),
      );
    },

    /** Every row of a search (no paging), in keyset batches: the total, and the DTOs a batch at a time. */
    async exportRows(principal: Principal, body: unknown) {
      const { search, where } = await searchWhere(principal, body);
      const key = keysetOrder(search.orderBy, sortable, resource.defaultSort, table.id);
      const batches = keysetBatches(
        key,
        async ({ after, order, limit }) =>
          (await select(db)
            .from(table)
            .where(and(where, after))
            .orderBy(...order)
            .limit(limit)) as CrudRow[],
        resource.toDto,
      );
      const { csvBatch } = resource;
      return { total: await countOf(db, table, where), batches: csvBatch ? batchesWith(batches, (items) => csvBatch(db, items)) : batches };
    },

    async get(principal: Principal, id: string) {
      return dtoOf(await findVisible(principal, id));
    },

    async create(principal: Principal, body: unknown) {
      const input = (await validate(resource.schema, body)) as TInput;
      const created = await transaction(async (tx, publish) => {
        await resource.beforeWrite?.(tx, input, null, principal);
        const [row] = (await tx
          .insert(table)
          .values(resource.toValues(input, principal) as never)
          .returning(selection)) as CrudRow[];
        await writeAudit(tx, { userId: principal.id, type: 'Create', table: resource.name, key: row.id, after: storedOf(row) });
        announce(publish, row, 'created');
        return row;
      });
      return dtoOf(created);
    },

    /** PUT: the body is the whole record. */
    replace: (principal: Principal, id: string, body: unknown, ifMatch?: IfMatch) =>
      updateOne(principal, id, ifMatch, async () => (await validate(resource.schema, body)) as TInput),

    /** PATCH: the fields sent, over the record's current values. */
    patch: (principal: Principal, id: string, body: unknown, ifMatch?: IfMatch) => updateOne(principal, id, ifMatch, (current) => patchInput(current, body)),

    /** The same fields of several rows (`{ ids, data }`), all or none; answers the ids changed. */
    async patchMany(principal: Principal, body: unknown) {
      const { ids, data } = await validate(bulkUpdateSchema, body);
      const updated = await transaction(async (tx, publish) => {
        const done: CrudRow[] = [];
        for (const row of await lockVisible(tx, principal, ids)) done.push(await updateLocked(tx, publish, principal, row, await patchInput(row, data)));
        return done;
      });
      return updated.map((row) => row.id);
    },

    /** Deletes one row (soft when the table has deletedAt); answers it as it was. */
    async remove(principal: Principal, id: string, ifMatch?: IfMatch) {
      const deleted = await changeOne(principal, id, ifMatch, async (tx, publish, existing) => {
        await deleteLocked(tx, publish, principal, existing);
        return existing;
      });
      return dtoOf(deleted);
    },

    /** Deletes several rows (`{ ids }`), all or none; answers the ids deleted. */
    async removeMany(principal: Principal, body: unknown) {
      const { ids } = await validate(bulkIdsSchema, body);
      const deleted = await transaction(async (tx, publish) => {
        const locked = await lockVisible(tx, principal, ids);
        for (const row of locked) await deleteLocked(tx, publish, principal, row);
        return locked;
      });
      return deleted.map((row) => row.id);
    },
  };
}

export type CrudService<TInput extends object, TDto> = ReturnType<typeof createCrudService<TInput, TDto>>;
