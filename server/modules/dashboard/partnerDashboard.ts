import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DASHBOARD_EXPIRING_DAYS,
  DASHBOARD_LIST_MAX,
  type DashboardExpiringFile,
  type DashboardList,
  type DashboardPartnerForm,
  type PartnerDashboardDto,
  type PartnerFormNextStep,
} from '../../../contract/dashboard';
import type { PartnerFormStatus } from '../../../contract/forms';
import { TICKET_STATUSES } from '../../../contract/tickets';
import type { Db } from '../../db/client';
import { fileGrants, formVersions, managedFiles, partnerForms, tickets } from '../../db/schema';
import { downloadsLeftOf } from '../files/accessibleFiles';
import { grantInForce, grantNamesUser, type Grantee } from '../files/grantMatching';
import { awaitingSide, ticketsAwaiting } from './dashboardTickets';

const DAY = 24 * 60 * 60 * 1000;
/** A ticket still being worked on: the partner's answer can be awaited on it. */
const UNFINISHED_TICKET_STATUSES = TICKET_STATUSES.filter((s) => s !== 'CLOSED' && s !== 'RESOLVED');

/** What the partner does next on a form not submitted: staff hold it, staff sent it back, or it is theirs to fill. */
export function nextStepOf(form: { status: string; reopenedAt: Date | null; filledCount: number }): PartnerFormNextStep {
  if (form.status === 'LOCKED') return 'wait';
  if (form.reopenedAt) return 'fix';
  return form.filledCount > 0 ? 'continue' : 'start';
}

/** One query: the partner's forms counted (window counts) and the first due ones; submitted ones sort last and are left out. */
async function onboarding(db: Db, partnerId: string): Promise<PartnerDashboardDto['onboarding']> {
  const submitted = sql`${partnerForms.status} = 'SUBMITTED'`;
  const rows = await db
    .select({
      id: partnerForms.id,
      formName: formVersions.name,
      status: partnerForms.status,
      requiredFields: partnerForms.requiredFields,
      filledCount: partnerForms.filledCount,
      totalFields: partnerForms.totalFields,
      reopenedAt: partnerForms.reopenedAt,
      dueAt: partnerForms.dueAt,
      updatedAt: partnerForms.updatedAt,
      assigned: sql<number>`(count(*) over ())::int`,
      submitted: sql<number>`(count(*) filter (where ${submitted}) over ())::int`,
    })
    .from(partnerForms)
    .innerJoin(formVersions, eq(formVersions.id, partnerForms.formId))
    .where(eq(partnerForms.partnerId, partnerId))
    // The partner's turn first (sent back, then the rest to fill), staff's (LOCKED) next; the soonest due, then the oldest, first within.
    .orderBy(
      submitted,
      sql`${partnerForms.status} = 'LOCKED'`,
      sql`${partnerForms.reopenedAt} is null`,
      sql`${partnerForms.dueAt} asc nulls last`,
      asc(partnerForms.createdAt),
      asc(partnerForms.id),
    )
    .limit(DASHBOARD_LIST_MAX);
  const [counts = { assigned: 0, submitted: 0 }] = rows;
  const items: DashboardPartnerForm[] = rows
    .filter((f) => f.status !== 'SUBMITTED')
    .map((f) => ({
      id: f.id,
      formName: f.formName,
      status: f.status as PartnerFormStatus,
      requiredFields: f.requiredFields,
      filledCount: f.filledCount,
      totalFields: f.totalFields,
      nextStep: nextStepOf(f),
      dueAt: f.dueAt?.toISOString() ?? null,
      updatedAt: f.updatedAt.toISOString(),
    }));
  return { assigned: counts.assigned, submitted: counts.submitted, due: { total: counts.assigned - counts.submitted, items } };
}

/**
 * Files whose access ends within DASHBOARD_EXPIRING_DAYS: per file, the in-force grant naming the reader that
 * lasts longest (another grant lasting beyond the horizon means the file is not about to go), soonest first.
 */
async function expiringFiles(db: Db, reader: Grantee, now: Date): Promise<DashboardList<DashboardExpiringFile>> {
  const longest = db
    .selectDistinctOn([fileGrants.fileId], {
      grantId: sql<string>`${fileGrants.id}`.as('grant_id'),
      fileId: sql<string>`${fileGrants.fileId}`.as('file_id'),
      fileName: managedFiles.fileName,
      validTo: sql<Date>`${fileGrants.validTo}`.as('valid_to'),
      downloadLimit: fileGrants.downloadLimit,
      downloadCount: fileGrants.downloadCount,
    })
    .from(fileGrants)
    .innerJoin(managedFiles, eq(managedFiles.id, fileGrants.fileId))
    .where(and(isNull(managedFiles.deletedAt), grantNamesUser(reader), grantInForce(now)))
    .orderBy(fileGrants.fileId, sql`${fileGrants.validTo} desc`)
    .as('longest');
  const rows = await db
    .select({
      grantId: longest.grantId,
      fileId: longest.fileId,
      fileName: longest.fileName,
      validTo: longest.validTo,
      downloadLimit: longest.downloadLimit,
      downloadCount: longest.downloadCount,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(longest)
    .where(sql`${longest.validTo} <= ${new Date(now.getTime() + DASHBOARD_EXPIRING_DAYS * DAY).toISOString()}`)
    .orderBy(asc(longest.validTo), asc(longest.grantId))
    .limit(DASHBOARD_LIST_MAX);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((grant) => ({
      grantId: grant.grantId,
      fileId: grant.fileId,
      fileName: grant.fileName,
      validTo: new Date(grant.validTo).toISOString(),
      downloadsLeft: downloadsLeftOf(grant),
    })),
  };
}

/** The partner's sections, each only where the reader holds the permission that lists its rows elsewhere. */
export async function partnerDashboard(
  db: Db,
  reader: Grantee & { partnerId: string },
  may: { forms: boolean; tickets: boolean; files: boolean },
  now: Date,
): Promise<PartnerDashboardDto> {
  const awaitingPartner = awaitingSide('partner', eq(tickets.partnerId, reader.partnerId), inArray(tickets.status, UNFINISHED_TICKET_STATUSES));
  return {
    audience: 'partner',
    onboarding: may.forms ? await onboarding(db, reader.partnerId) : null,
    ticketsAwaitingAnswer: may.tickets ? await ticketsAwaiting(db, awaitingPartner) : null,
    expiringFiles: may.files ? await expiringFiles(db, reader, now) : null,
  };
}
