import { auditTrails } from '../db/schema';
import type { Db } from '../db/client';

export type AuditType = 'Create' | 'Update' | 'Delete';

/** Columns that never reach the audit trail. */
const SECRET_COLUMNS = new Set(['passwordHash']);

function publicValues(values?: Record<string, unknown> | null) {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).filter(([k]) => !SECRET_COLUMNS.has(k)));
}

/** Writes one audit row; call it with the transaction of the change so both land or neither. */
export async function writeAudit(
  tx: Pick<Db, 'insert'>,
  entry: {
    userId: string | null;
    type: AuditType;
    table: string;
    key: string;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
    /** When the change happened, if not now (the demo's past history). */
    at?: Date;
  },
) {
  const before = publicValues(entry.before);
  const after = publicValues(entry.after);
  const changed =
    entry.type === 'Update' && before && after
      ? Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      : Object.keys(after ?? before ?? {});
  await tx.insert(auditTrails).values({
    userId: entry.userId,
    type: entry.type,
    tableName: entry.table,
    primaryKey: entry.key,
    oldValues: entry.type === 'Update' && before ? Object.fromEntries(changed.map((k) => [k, before[k]])) : before,
    newValues: entry.type === 'Update' && after ? Object.fromEntries(changed.map((k) => [k, after[k]])) : after,
    affectedColumns: changed,
    ...(entry.at ? { dateTime: entry.at } : {}),
  });
}
