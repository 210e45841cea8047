import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { auditTrails } from '../../db/schema';
import { offsetOf, pageOf } from '../../core/paging';

/** The audit trail's page when none is asked for: the dialog reads this many at a time. */
export const AUDIT_TRAIL_PAGE_SIZE = 50;

type AuditRow = typeof auditTrails.$inferSelect;
export type AuditTrailEntryDto = Omit<AuditRow, 'dateTime'> & { dateTime: string };

/** What a user did and what was done to their account, newest first, a page at a time with the total. */
export async function auditTrailPage(db: Db, userId: string, page: { pageNumber: number; pageSize: number }): Promise<PagedResult<AuditTrailEntryDto>> {
  const where = or(eq(auditTrails.userId, userId), and(inArray(auditTrails.tableName, ['users', 'user_roles']), eq(auditTrails.primaryKey, userId)));
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(auditTrails).where(where),
    db.select().from(auditTrails).where(where).orderBy(desc(auditTrails.dateTime), desc(auditTrails.id)).limit(page.pageSize).offset(offsetOf(page)),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, dateTime: r.dateTime.toISOString() })),
    total,
    page,
  );
}
