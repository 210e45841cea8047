import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import { foldForSearch } from '../../../contract/fold';
import { declaredResourceNamed } from '../../../contract/resources';
import {
  computedEntries,
  exportedFieldsOf,
  fieldEntries,
  filterFieldsOf,
  searchFieldsOf,
  sortableFieldsOf,
  type DtoOf,
  type ResourceDeclaration,
} from '../../../contract/resources/declaration';
import { dtoSchemaOf, inputSchemaOf, searchFiltersOf } from '../../../contract/resources/schemas';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { CrudResource, CrudRow } from '../crud';
import { ApiError, fieldError } from '../errors';
import type { DomainEvent } from '../events';
import { columnNameOf } from './table';
import type { Principal } from '../guard';
import { containsFolded, containsFoldedIn, keywordOf } from '../search';
import { countedChanges, referencedDelete } from './references';
import { declaredTable, type DeclaredTable } from './table';
import { scopeRulesOf, type ScopeRules } from './scopes';
import { ownerFieldOf } from '../../../contract/resources/scopes';

type Input = Record<string, unknown>;

/** A reference sorts by what a person reads in its place: the referenced row's title (a partner's name, not its id). */
function referencedTitleOf(d: ResourceDeclaration, key: string, table: Record<string, PgColumn>) {
  const referenced = declaredResourceNamed(d.fields[key].reference!)!;
  return sql`(select r.${sql.identifier(columnNameOf(referenced.titleField))} from ${sql.identifier(referenced.table)} r where r.id = ${table[key]})`;
}

/**
 * Each computed field's SQL: a scalar subquery on the row being read (named by its table, so that it reads the
 * same in a SELECT and in an INSERT's or UPDATE's RETURNING). A count is never null, which the export's keyset
 * needs to know (a nullable sort is compared through coalesce with '').
 */
function computedSqlOf(d: ResourceDeclaration): Record<string, SQL> {
  return Object.fromEntries(
    computedEntries(d).map(([key, { counts }]) => {
      const referrer = declaredResourceNamed(counts.resource)!;
      const live = referrer.softDelete ? sql` and r.deleted_at is null` : sql``;
      const count = sql`(select count(*)::int from ${sql.identifier(referrer.table)} r where r.${sql.identifier(columnNameOf(counts.field))} = ${sql.identifier(d.table)}.id${live})`;
      return [key, Object.assign(count.mapWith(Number), { notNull: true })];
    }),
  );
}

/** What a declared resource's server does beyond its declaration; each runs inside the change's transaction. */
export interface DeclaredHooks {
  /** Extra checks of a write (throw an ApiError to refuse), after the declared ones (unique values, references). */
  beforeWrite?(tx: Db, input: Input, existing: CrudRow | null, principal: Principal): Promise<void>;
  beforeDelete?(tx: Db, existing: CrudRow, principal: Principal): Promise<void>;
  /** Events a committed change publishes besides ResourceChanged. */
  events?(id: string, action: 'created' | 'updated' | 'deleted'): DomainEvent[];
  /** Demo rows (SEED=demo), idempotent by natural key. */
  seedDemo?(ctx: AppContext): Promise<void>;
  /**
   * The routes, when the module serves them itself rather than as the declared CRUD resource: a declaration whose
   * rows are another module's (`tableOwner`). They must be the declaration's (crudRoutesOf), as the route table checks.
   */
  routes?: FastifyPluginAsync<{ ctx: AppContext }>;
}

/** The scope rules of a declared resource with a derived table. */
export const declaredScopeOf = (d: ResourceDeclaration) => scopeRulesOf(d, () => declaredTable(d) as unknown as Record<string, PgColumn>);

/**
 * The columns a write stores for a validated input: empty optional texts as null, folded copies, the search text,
 * and what its scope writes (the owner, a partner's user's partner; none without a principal: the demo's rows).
 */
export function declaredValuesOf<D extends ResourceDeclaration>(d: D, input: Input, principal?: Principal): DeclaredTable<D>['$inferInsert'] {
  const values: Record<string, unknown> = {};
  for (const [key, f] of fieldEntries(d)) {
    let value = input[key];
    if (value === undefined || (value === '' && !f.required && f.emptyText !== '')) value = f.type === 'boolean' ? false : f.emptyText === '' ? '' : null;
    values[key] = value;
    if (f.folded) values[`${key}Folded`] = foldForSearch(value as string);
  }
  if (principal) Object.assign(values, declaredScopeOf(d).written(input, principal));
  const searched = searchFieldsOf(d);
  if (searched.length)
    values.searchText = foldForSearch(
      searched
        .map((key) => values[key])
        .filter(Boolean)
        .join(' '),
    );
  return values as DeclaredTable<D>['$inferInsert'];
}

/** The keyword condition: the folded search text, or only the fields `advancedSearch.fields` names. */
function keywordWhere(d: ResourceDeclaration, table: Record<string, PgColumn>, search: Input) {
  const keyword = keywordOf(search);
  const named = (search.advancedSearch as { fields?: string[] } | undefined)?.fields;
  if (!keyword || !named?.length) return table.searchText ? containsFolded(table.searchText, keyword) : undefined;
  const allowed = searchFieldsOf(d);
  const unknown = named.findIndex((f) => !allowed.includes(f));
  if (unknown >= 0)
    throw new ApiError(400, 'api.searchFieldNotAllowed', [{ field: `advancedSearch.fields[${unknown}]`, message: 'api.searchFieldNotAllowed' }], {
      allowed: allowed.join(', '),
    });
  return or(...named.map((f) => (d.fields[f].folded ? containsFolded(table[`${f}Folded`], keyword) : containsFoldedIn(table[f], keyword))));
}

/** Refuses a value another live row has in a unique field (case ignored); saves of one value queue on a lock. */
async function assertUnique(tx: Db, d: ResourceDeclaration, table: Record<string, PgColumn>, input: Input, existing: CrudRow | null) {
  for (const [key, f] of fieldEntries(d)) {
    if (!f.unique || typeof input[key] !== 'string') continue;
    const value = (input[key] as string).toLowerCase();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${d.table}.${key}:${value}`}))`);
    const [taken] = await tx
      .select({ id: table.id })
      .from(declaredTable(d))
      .where(
        and(sql`lower(${table[key]}) = ${value}`, table.deletedAt ? isNull(table.deletedAt) : undefined, existing ? ne(table.id, existing.id) : undefined),
      );
    if (taken) throw fieldError(key, f.unique.message);
  }
}

/** Refuses a reference to a row that does not exist (or is deleted), as the write will store it (its scope's values too). */
async function assertReferences(tx: Db, d: ResourceDeclaration, scope: ScopeRules, input: Input, principal: Principal) {
  const stored = { ...input, ...scope.written(input, principal) };
  for (const [key, f] of fieldEntries(d)) {
    const target = f.type === 'reference' ? declaredResourceNamed(f.reference!) : undefined;
    const id = stored[key];
    if (!target || typeof id !== 'string') continue;
    const other = declaredTable(target) as unknown as Record<string, PgColumn>;
    const [found] = await tx
      .select({ id: other.id })
      .from(declaredTable(target))
      .where(and(eq(other.id, id.toLowerCase()), other.deletedAt ? isNull(other.deletedAt) : undefined));
    if (!found) throw fieldError(key, 'validation.referenceNotFound');
  }
}

interface NamedReference {
  key: string;
  /** The export's column of the referenced record's title, e.g. `partnerName` beside `partnerId`. */
  header: string;
  target: ResourceDeclaration;
}

/** Exported reference fields whose records have a title: the export names them as the screen does, not by id alone. */
function namedReferencesOf(d: ResourceDeclaration): NamedReference[] {
  const exported = exportedFieldsOf(d);
  return fieldEntries(d).flatMap(([key, f]) => {
    const target = f.type === 'reference' && exported.includes(key) ? declaredResourceNamed(f.reference!) : undefined;
    return target?.titleField ? [{ key, header: `${key.replace(/Id$/, '')}Name`, target }] : [];
  });
}

/** A batch of exported rows with the titles of the records they refer to, one query per reference field. */
async function withReferenceNames<T>(db: Db, references: NamedReference[], items: T[]): Promise<T[]> {
  const named = items.map((item) => ({ ...item }) as Record<string, unknown>);
  for (const { key, header, target } of references) {
    const ids = [...new Set(named.map((item) => item[key]).filter((id): id is string => typeof id === 'string'))];
    const other = declaredTable(target) as unknown as Record<string, PgColumn>;
    const rows = ids.length ? await db.select({ id: other.id, title: other[target.titleField] }).from(declaredTable(target)).where(inArray(other.id, ids)) : [];
    const titles = new Map(rows.map((row) => [row.id as string, row.title]));
    for (const item of named) item[header] = titles.get(item[key] as string) ?? null;
  }
  return named as T[];
}

const isoOf = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * The CRUD resource (server/core/crud) a declaration makes: input and answer schemas, sorting, keyword search and
 * filters, partner scope, CSV columns, unique values and references checked inside the write's transaction.
 */
export function crudResourceOf<D extends ResourceDeclaration>(d: D, hooks: DeclaredHooks = {}): CrudResource<Input, DtoOf<D>> {
  const table = declaredTable(d) as unknown as Record<string, PgColumn>;
  const entries = fieldEntries(d);
  const scope = declaredScopeOf(d);
  const owner = ownerFieldOf(d.scope);
  const filters = filterFieldsOf(d);
  const computed = computedSqlOf(d);
  const computedKeys = Object.keys(computed);
  const namedReferences = namedReferencesOf(d);
  return {
    name: d.name,
    permissions: d.permission as never,
    table: declaredTable(d) as never,
    schema: inputSchemaOf(d),
    searchFilters: searchFiltersOf(d),
    dtoSchema: dtoSchemaOf(d),
    toDto: (row) =>
      ({
        id: row.id,
        ...Object.fromEntries(entries.map(([key]) => [key, row[key]])),
        ...Object.fromEntries(computedKeys.map((key) => [key, row[key]])),
        ...(d.softDelete ? { deleted: row.deletedAt !== null } : {}),
        ...(owner ? { [owner]: row[owner] } : {}),
        createdAt: isoOf(row.createdAt),
        updatedAt: isoOf(row.updatedAt),
      }) as DtoOf<D>,
    toValues: (input, principal) => declaredValuesOf(d, input, principal),
    computed: computedKeys.length ? computed : undefined,
    sortable: Object.fromEntries(
      sortableFieldsOf(d).map((key) => [key, computed[key] ?? (d.fields[key]?.reference ? referencedTitleOf(d, key, table) : table[key])]),
    ),
    defaultSort: d.defaultSort,
    where: (search) => [
      keywordWhere(d, table, search),
      ...filters.map(([key, f]) => {
        const value = search[key];
        if (value === undefined || value === null || value === '') return undefined;
        if (computed[key]) return eq(computed[key], value);
        if (f.type === 'text' || f.type === 'email' || f.type === 'phone' || f.type === 'url')
          return containsFolded(f.folded ? table[`${key}Folded`] : table[key], value as string);
        return eq(table[key], f.type === 'reference' ? (value as string).toLowerCase() : value);
      }),
    ],
    scope: scope.rows,
    partnerIdOf: scope.partnerIdOf,
    csv: [
      { header: 'id', value: (row) => row.id },
      ...exportedFieldsOf(d).map((key) => ({ header: key, value: (row: DtoOf<D>) => (row as Record<string, unknown>)[key] as never })),
      ...namedReferences.map(({ header }) => ({ header, value: (row: DtoOf<D>) => (row as Record<string, unknown>)[header] as never })),
      ...(d.softDelete ? [{ header: 'deleted', value: (row: DtoOf<D>) => (row as unknown as { deleted: boolean }).deleted }] : []),
      { header: 'createdAt', value: (row) => row.createdAt },
    ],
    csvBatch: namedReferences.length ? (db, items) => withReferenceNames(db, namedReferences, items) : undefined,
    async beforeWrite(tx, input, existing, principal) {
      scope.assertWrite(input, existing, principal);
      await assertUnique(tx, d, table, input, existing);
      await assertReferences(tx, d, scope, input, principal);
      await hooks.beforeWrite?.(tx, input, existing, principal);
    },
    async beforeDelete(tx, existing, principal) {
      scope.assertDelete(existing, principal);
      await hooks.beforeDelete?.(tx, existing, principal);
      // A soft delete keeps the row, so what refers to it still shows it (marked deleted).
      return d.softDelete ? [] : referencedDelete(tx, d, existing.id, declaredTable);
    },
    events: hooks.events,
    changedAlongside: countedChanges(d),
  };
}
