import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { auditTrails } from '../db/schema';
import type { Db } from '../db/client';

/** A change, or (`Request`) one request made while impersonating, which changes nothing by itself (issue 26). */
export type AuditType = 'Create' | 'Update' | 'Delete' | 'Request';

/** Columns that never reach the audit trail. */
const SECRET_COLUMNS = new Set(['passwordHash']);

function publicValues(values?: Record<string, unknown> | null) {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).filter(([k]) => !SECRET_COLUMNS.has(k)));
}

interface AuditEntry {
  userId: string | null;
  type: AuditType;
  table: string;
  key: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The row an audit entry writes: an update keeps only the columns that changed, before and after; secrets never. */
export function auditValues(entry: AuditEntry) {
  const before = publicValues(entry.before);
  const after = publicValues(entry.after);
  const changed =
    entry.type === 'Update' && before && after
      ? Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      : Object.keys(after ?? before ?? {});
  return {
    userId: entry.userId,
    type: entry.type,
    tableName: entry.table,
    primaryKey: entry.key,
    oldValues: entry.type === 'Update' && before ? Object.fromEntries(changed.map((k) => [k, before[k]])) : before,
    newValues: entry.type === 'Update' && after ? Object.fromEntries(changed.map((k) => [k, after[k]])) : after,
    affectedColumns: changed,
  };
}

/** Writes one audit row; call it with the transaction of the change so both land or neither. */
export async function writeAudit(
  tx: Pick<Db, 'insert'>,
  entry: AuditEntry & {
    /** When the change happened, if not now (the demo's past history). */
    at?: Date;
  },
) {
  await tx.insert(auditTrails).values({ ...auditValues(entry), ...(entry.at ? { dateTime: entry.at } : {}) });
}

/**
 * SQL building, from a row of `table` under `alias` (a CTE's RETURNING), the jsonb an audit row holds of it: the
 * Drizzle names, timestamps as JSON.stringify writes a Date, secrets left out. For a create audited in the same
 * statement as its insert.
 */
export function auditJsonOf(table: PgTable, alias: string) {
  const pairs = Object.entries(getTableColumns(table))
    .filter(([key]) => !SECRET_COLUMNS.has(key))
    .map(([key, column]) => {
      const value = `${alias}."${column.name}"`;
      return `'${key}', ${column.dataType === 'date' ? `to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : value}`;
    });
  return {
    json: `jsonb_build_object(${pairs.join(', ')})`,
    columns: JSON.stringify(Object.keys(getTableColumns(table)).filter((key) => !SECRET_COLUMNS.has(key))),
  };
}
