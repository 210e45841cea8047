import { sql, type $Type, type BuildColumns, type HasDefault, type NotNull } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
  type PgTextBuilderInitial,
} from 'drizzle-orm/pg-core';
import { declaredResourceNamed } from '../../../contract/resources';
import { fieldEntries, type ResourceDeclaration } from '../../../contract/resources/declaration';
import type { FieldDeclaration } from '../../../contract/resources/fields';
import { ownerFieldOf } from '../../../contract/resources/scopes';
import { createdAt, updatedAt } from '../../db/columns';
import { ownerReference } from './ownerReference';

/** A declaration's field `contactPhone` is the column `contact_phone`. */
export const columnNameOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

// The type a column has for the queries that read it: the field's value, null only where the field is optional.
type Typed<T> = $Type<PgTextBuilderInitial<'', [string, ...string[]]>, T>;
type FieldColumn<F> =
  F extends FieldDeclaration<infer T>
    ? null extends T
      ? Typed<NonNullable<T>>
      : F extends { type: 'boolean' } | { emptyText: '' }
        ? HasDefault<NotNull<Typed<T>>>
        : NotNull<Typed<T>>
    : never;
type FoldedColumns<F> = { [K in keyof F as F[K] extends { folded: true } ? `${K & string}Folded` : never]: HasDefault<NotNull<Typed<string>>> };
const idColumn = () => uuid('id').primaryKey().defaultRandom();
const deletedAtColumn = () => timestamp('deleted_at', { withTimezone: true });

export type DeclaredColumns<D extends ResourceDeclaration> = { id: ReturnType<typeof idColumn> } & {
  [K in keyof D['fields']]: FieldColumn<D['fields'][K]>;
} & FoldedColumns<D['fields']> & {
    searchText: HasDefault<NotNull<Typed<string>>>;
    createdAt: ReturnType<typeof createdAt>;
    updatedAt: ReturnType<typeof updatedAt>;
  } & (D['softDelete'] extends true ? { deletedAt: ReturnType<typeof deletedAtColumn> } : unknown) &
  OwnerColumn<D['scope']>;
/** The owner column of an own-rows scope: always set on a user's own rows, empty on a shared one. */
type OwnerColumn<S> = S extends { kind: 'ownUser'; owner: infer O extends string }
  ? { [K in O]: NotNull<Typed<string>> }
  : S extends { kind: 'sharedOrOwn'; owner: infer O extends string }
    ? { [K in O]: Typed<string> }
    : unknown;

export type DeclaredTable<D extends ResourceDeclaration> = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: BuildColumns<string, DeclaredColumns<D>, 'pg'>;
  dialect: 'pg';
}>;

const ON_DELETE = { restrict: 'restrict', setNull: 'set null', cascade: 'cascade' } as const;

function columnOf(key: string, f: FieldDeclaration) {
  const name = columnNameOf(key);
  if (f.type === 'boolean') return boolean(name).notNull().default(false);
  if (f.type === 'integer') return f.required ? integer(name).notNull() : integer(name);
  if (f.type === 'reference') {
    const target = declaredResourceNamed(f.reference!);
    if (f.onDelete === 'setNull' && f.required) throw new Error(`${key}: a required reference cannot be emptied when its row is deleted (onDelete: setNull)`);
    const column = target ? uuid(name).references(() => declaredTable(target).id, { onDelete: ON_DELETE[f.onDelete ?? 'restrict'] }) : uuid(name);
    return f.required ? column.notNull() : column;
  }
  const column = varchar(name, { length: f.max! });
  return f.required ? column.notNull() : f.emptyText === '' ? column.notNull().default('') : column;
}

const tables = new Map<string, unknown>();

/**
 * A declared resource's table: its fields' columns (snake_case), a folded search text when a field is searched,
 * a folded copy of each `folded` field, times and, when kept, `deleted_at`; trigram indexes for the keyword and
 * text filters, one for the default sort, a unique one (case ignored, live rows) per unique field. One object
 * per resource, so the server's queries and drizzle-kit (server/db/declaredTables.cjs) see the same table.
 */
export function declaredTable<const D extends ResourceDeclaration>(d: D): DeclaredTable<D> {
  if (tables.has(d.name)) return tables.get(d.name) as DeclaredTable<D>;
  if (d.tableOwner)
    throw new Error(`${d.name}: its rows are in the ${d.tableOwner} module's table; none is derived (its module serves it: DeclaredHooks.routes)`);
  const entries = fieldEntries(d);
  const columns: Record<string, PgColumnBuilderBase> = { id: idColumn() };
  for (const [key, f] of entries) {
    columns[key] = columnOf(key, f);
    if (f.folded)
      columns[`${key}Folded`] = varchar(`${columnNameOf(key)}_folded`, { length: f.max! })
        .notNull()
        .default('');
  }
  if (entries.some(([, f]) => f.search)) columns.searchText = text('search_text').notNull().default('');
  if (d.softDelete) columns.deletedAt = deletedAtColumn();
  const owner = ownerFieldOf(d.scope);
  // An own-rows scope's owner: a user's rows go with them. Empty on a shared row.
  if (owner) {
    const column = uuid(columnNameOf(owner)).references(() => ownerReference.usersId!, { onDelete: 'cascade' });
    columns[owner] = d.scope.kind === 'ownUser' ? column.notNull() : column;
  }
  columns.createdAt = createdAt();
  columns.updatedAt = updatedAt();
  const [sortField] = d.defaultSort.split(' ');
  const table = pgTable(d.table, columns, (t: Record<string, PgColumn>) => [
    ...(t.searchText ? [index(`${d.table}_search_trgm_idx`).using('gin', sql`${t.searchText} gin_trgm_ops`)] : []),
    ...entries.flatMap(([key, f]) => {
      const own = `${d.table}_${columnNameOf(key)}`;
      if (f.unique) {
        const lower = uniqueIndex(`${own}_idx`).on(sql`lower(${t[key]})`);
        return [t.deletedAt ? lower.where(sql`${t.deletedAt} is null`) : lower];
      }
      if (f.filter && f.type !== 'enum' && f.type !== 'reference' && f.type !== 'boolean' && f.type !== 'integer')
        return [index(`${own}_trgm_idx`).using('gin', sql`${f.folded ? t[`${key}Folded`] : t[key]} gin_trgm_ops`)];
      if (f.type === 'reference') return [index(`${own}_idx`).on(t[key])];
      return [];
    }),
    ...(sortField in d.fields && !d.fields[sortField].unique ? [index(`${d.table}_${columnNameOf(sortField)}_idx`).on(t[sortField], t.id)] : []),
    ...(owner ? [index(`${d.table}_${columnNameOf(owner)}_idx`).on(t[owner], t[sortField] ?? t.createdAt)] : []),
    index(`${d.table}_created_idx`).on(t.createdAt, t.id),
  ]);
  tables.set(d.name, table);
  return table as unknown as DeclaredTable<D>;
}
