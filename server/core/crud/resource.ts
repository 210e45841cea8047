import type { AnyColumn, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type * as yup from 'yup';
import type { Resource } from '../../../contract/permissions';
import type { SearchInput } from '../../../contract/schemas/search';
import type { Db } from '../../db/client';
import type { CsvColumn } from '../csv';
import type { DomainEvent } from '../events';
import type { Principal } from '../guard';

export type CrudRow = Record<string, unknown> & { id: string };
export type CrudTable = PgTable & { id: PgColumn; deletedAt?: PgColumn };

/**
 * A resource declared once: search, get, create, update, delete (soft when the table has deletedAt) and CSV
 * export, each guarded by its permission, audited in the change's transaction and announced on the bus.
 * `createCrudService` holds its rules, `registerCrudRoutes` its HTTP routes.
 */
export interface CrudResource<TInput extends object, TDto> {
  /** Path segment and audit table name, e.g. "partners". */
  name: string;
  permissions: Resource;
  table: CrudTable;
  schema: yup.AnyObjectSchema;
  /** Filters of this resource's search body beyond paging, sort and keyword. */
  searchFilters?: yup.ObjectShape;
  toDto(row: CrudRow): TDto;
  /** The DTO's schema (contract/schemas/<domain>.dto.ts), documenting the answers in /api/docs. */
  dtoSchema: yup.AnyObjectSchema;
  /** The columns written for a validated input (derived columns included). */
  toValues(input: TInput, principal: Principal): Record<string, unknown>;
  /**
   * Read-only values computed in SQL, selected beside the table's columns wherever a row is read or written
   * (a declaration's computed fields); the row's version and its audit leave them out.
   */
  computed?: Record<string, SQL>;
  /** A column, or an expression (a reference sorts by the referenced name). */
  sortable: Record<string, AnyColumn | SQL>;
  /** The sort when the search names none, e.g. "name asc". */
  defaultSort: string;
  /** Conditions of a search: keyword and the resource's own filters. */
  where(search: SearchInput & Record<string, unknown>, principal: Principal): (SQL | undefined)[];
  /** Rows outside the principal's reach (another partner's) answer 404. */
  scope?(principal: Principal): SQL | undefined;
  /** The partner a row belongs to, for partner data: its ResourceChanged reaches that partner's users (and staff). */
  partnerIdOf?(row: CrudRow): string | null;
  csv: CsvColumn<TDto>[];
  /** What the export adds to each batch of rows before they are written, e.g. the names of the records they refer to. */
  csvBatch?(db: Db, items: TDto[]): Promise<TDto[]>;
  /**
   * Extra checks of a write, e.g. uniqueness; throw an ApiError to refuse. It runs inside the write's
   * transaction (`tx`), after the row is locked and before it is written, so what it reads cannot change
   * before the write commits, and whatever it writes is undone with the write.
   */
  beforeWrite?(tx: Db, input: TInput, existing: CrudRow | null, principal: Principal): Promise<void>;
  /**
   * Checks of a delete, inside the delete's transaction with the row locked; throw an ApiError to refuse. It may
   * answer events of other rows the delete changes (references emptied or deleted with it), published after the commit.
   */
  beforeDelete?(tx: Db, existing: CrudRow, principal: Principal): Promise<void | DomainEvent[]>;
  /** The module's domain events a committed change of one row publishes, besides ResourceChanged (e.g. PartnerCreated). */
  events?(id: string, action: 'created' | 'updated' | 'deleted'): DomainEvent[];
  /** Other rows a change moves without writing them (a count of referrers they show): their ResourceChanged. */
  changedAlongside?(before: CrudRow | null, after: CrudRow | null): DomainEvent[];
}
