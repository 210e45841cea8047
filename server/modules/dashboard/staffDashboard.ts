import { asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DASHBOARD_ACTIVITY_MAX,
  DASHBOARD_LIST_MAX,
  type DashboardActivity,
  type DashboardFileRequest,
  type DashboardFunnelRow,
  type DashboardList,
  type StaffDashboardDto,
} from '../../../contract/dashboard';
import { TICKET_STATUSES, type TicketStatus } from '../../../contract/tickets';
import type { Db } from '../../db/client';
import { auditTrails, fileRequests, formVersions, managedFiles, partnerForms, partners, tickets, users } from '../../db/schema';
import { fullNameOf } from '../accounts/principal';
import { createCountCache } from '../../core/countCache';
import type { EventBus } from '../../core/events';
import { awaitingSide, countTickets, ticketsAwaiting } from './dashboardTickets';

/** How many form definitions the funnel shows, those with most partner forms. */
export const FUNNEL_MAX = 8;

async function ticketsByStatus(db: Db): Promise<Record<TicketStatus, number>> {
  const rows = await db
    .select({ status: tickets.status, total: sql<number>`count(*)::int` })
    .from(tickets)
    .groupBy(tickets.status);
  const counts = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as Record<TicketStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as TicketStatus] = row.total;
  return counts;
}

/** Reopened counts first: a reopened form is in none of the other steps until it is submitted again. */
const reopened = sql`${partnerForms.reopenedAt} is not null and ${partnerForms.status} <> 'SUBMITTED'`;
const notReopened = sql`${partnerForms.reopenedAt} is null`;
const filtered = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

const funnelSteps = (db: Db) =>
  db
    .select({
      definitionId: partnerForms.definitionId,
      assigned: filtered(sql`${notReopened} and ${partnerForms.status} = 'OPEN' and ${partnerForms.filledCount} = 0`),
      inProgress: filtered(
        sql`${notReopened} and (${partnerForms.status} = 'LOCKED' or (${partnerForms.status} = 'OPEN' and ${partnerForms.filledCount} > 0))`,
      ),
      submitted: filtered(sql`${partnerForms.status} = 'SUBMITTED'`),
      reopened: filtered(reopened),
      total: sql<number>`count(*)::int`,
    })
    .from(partnerForms)
    .groupBy(partnerForms.definitionId)
    .orderBy(desc(sql`count(*)`), asc(partnerForms.definitionId))
    .limit(FUNNEL_MAX);

type FunnelStep = Awaited<ReturnType<typeof funnelSteps>>[number];

async function funnel(db: Db, steps: () => Promise<FunnelStep[]>): Promise<DashboardFunnelRow[]> {
  const rows = await steps();
  if (!rows.length) return [];
  // The definition's name: its newest version's (what staff see in the form list).
  const names = await db
    .selectDistinctOn([formVersions.definitionId], { definitionId: formVersions.definitionId, name: formVersions.name })
    .from(formVersions)
    .where(
      inArray(
        formVersions.definitionId,
        rows.map((s) => s.definitionId),
      ),
    )
    .orderBy(formVersions.definitionId, desc(isNull(formVersions.deletedAt)), desc(formVersions.versionNumber));
  const nameOf = new Map(names.map((n) => [n.definitionId, n.name]));
  return rows.map(({ total: _total, ...row }) => ({ ...row, formName: nameOf.get(row.definitionId) ?? '' }));
}

async function fileRequestsWaiting(db: Db, counts: StaffCounts): Promise<DashboardList<DashboardFileRequest>> {
  const pending = eq(fileRequests.status, 'PENDING');
  const [rows, total] = await Promise.all([
    db
      .select({
        id: fileRequests.id,
        firstName: users.firstName,
        lastName: users.lastName,
        partnerName: partners.name,
        fileName: managedFiles.fileName,
        requestText: fileRequests.requestText,
        createdAt: fileRequests.createdAt,
      })
      .from(fileRequests)
      .innerJoin(partners, eq(partners.id, fileRequests.partnerId))
      .innerJoin(users, eq(users.id, fileRequests.requestedBy))
      .leftJoin(managedFiles, eq(managedFiles.id, fileRequests.fileId))
      .where(pending)
      .orderBy(asc(fileRequests.createdAt), asc(fileRequests.id))
      .limit(DASHBOARD_LIST_MAX),
    cached(
      counts.fileRequests,
      'pending',
      async () =>
        (
          await db
            .select({ total: sql<number>`count(*)::int` })
            .from(fileRequests)
            .where(pending)
        )[0].total,
    ),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      requesterName: fullNameOf(r),
      partnerName: r.partnerName,
      subject: r.fileName ?? r.requestText,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

async function recentActivity(db: Db): Promise<DashboardActivity[]> {
  const rows = await db
    .select({
      id: auditTrails.id,
      at: auditTrails.dateTime,
      firstName: users.firstName,
      lastName: users.lastName,
      type: auditTrails.type,
      tableName: auditTrails.tableName,
      primaryKey: auditTrails.primaryKey,
    })
    .from(auditTrails)
    .leftJoin(users, eq(users.id, auditTrails.userId))
    .orderBy(desc(auditTrails.dateTime), desc(auditTrails.id))
    .limit(DASHBOARD_ACTIVITY_MAX);
  return rows.map(({ firstName, lastName, at, ...row }) => ({
    ...row,
    at: at.toISOString(),
    actorName: firstName === null ? null : fullNameOf({ firstName, lastName: lastName ?? '' }),
  }));
}

/**
 * Counts over every partner's rows, the same for every staff reader: kept until their resource changes (a
 * ResourceChanged on any instance), so 100,000 tickets are counted once per change, not once per Home.
 */
export function createStaffCounts(events: EventBus) {
  return {
    tickets: createCountCache<unknown>(events, 'tickets'),
    partnerForms: createCountCache<unknown>(events, 'partner-forms'),
    fileRequests: createCountCache<unknown>(events, 'file-requests'),
  };
}
type StaffCounts = ReturnType<typeof createStaffCounts>;
const cached = <T>(cache: StaffCounts[keyof StaffCounts], key: string, read: () => Promise<T>) => cache.get(key, read) as Promise<T>;

/** Staff's sections, each only where the reader holds the permission that lists its rows elsewhere. */
export async function staffDashboard(
  db: Db,
  counts: StaffCounts,
  may: { tickets: boolean; forms: boolean; fileRequests: boolean; activity: boolean },
): Promise<StaffDashboardDto> {
  const waitingForUs = awaitingSide('staff', eq(tickets.status, 'OPEN'));
  return {
    audience: 'staff',
    ticketsByStatus: may.tickets ? await cached(counts.tickets, 'byStatus', () => ticketsByStatus(db)) : null,
    ticketsWaitingForUs: may.tickets
      ? await ticketsAwaiting(db, waitingForUs, () => cached(counts.tickets, 'waitingForUs', () => countTickets(db, waitingForUs)))
      : null,
    funnel: may.forms ? await funnel(db, () => cached(counts.partnerForms, 'funnel', () => funnelSteps(db))) : null,
    fileRequestsWaiting: may.fileRequests ? await fileRequestsWaiting(db, counts) : null,
    recentActivity: may.activity ? await recentActivity(db) : null,
  };
}
