import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { auditTrails } from '../../db/schema';
import { countOf, readPage } from '../../core/search';
import type { Principal } from '../../core/guard';
import { IMPERSONATION_AUDIT_TABLE } from '../impersonation/impersonationTrail';
import { auditRowsReadableBy } from '../tickets/internalNotes';

/** The audit trail's page when none is asked for: the dialog reads this many at a time. */
export const AUDIT_TRAIL_PAGE_SIZE = 50;

type AuditRow = typeof auditTrails.$inferSelect;
export type AuditTrailEntryDto = Omit<AuditRow, 'dateTime'> & { dateTime: string };

/**
 * What a user did and what was done to their account, newest first, a page at a time with the total. An
 * impersonation's rows (key: the impersonated user) are in both the impersonator's trail and the impersonated's.
 */
export async function auditTrailPage(
  db: Db,
  userId: string,
  page: { pageNumber: number; pageSize: number },
  reader: Pick<Principal, 'partnerId' | 'permissions'>,
): Promise<PagedResult<AuditTrailEntryDto>> {
  const where = and(
    or(
      eq(auditTrails.userId, userId),
      and(inArray(auditTrails.tableName, ['users', 'user_roles', IMPERSONATION_AUDIT_TABLE]), eq(auditTrails.primaryKey, userId)),
    ),
    // Issue 25: an internal note's rows are shown only to readers of notes.
    auditRowsReadableBy(reader),
  );
  return readPage(page, countOf(db, auditTrails, where), async ({ limit, offset }) =>
    (await db.select().from(auditTrails).where(where).orderBy(desc(auditTrails.dateTime), desc(auditTrails.id)).limit(limit).offset(offset)).map((r) => ({
      ...r,
      dateTime: r.dateTime.toISOString(),
    })),
  );
}
