import { asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
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
import { auditTrails, fileRequests, formVersions, managedFiles, partnerForms, partners, ticketCounts, tickets, users } from '../../db/schema';
import { fullNameOf } from '../accounts/principal';
import { createCountCache } from '../../core/countCache';
import type { EventBus } from '../../core/events';
import { awaitingSide, ticketsAwaiting } from './dashboardTickets';

/** How many form definitions the funnel shows, those with most partner forms. */
export const FUNNEL_MAX = 8;

/** Every ticket by status, and the OPEN ones waiting for staff: a few rows of ticket_counts, which a trigger keeps. */
async function countTickets(db: Db) {
  const rows = await db.select().from(ticketCounts);
  const byStatus = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as Record<TicketStatus, number>;
  let waitingForUs = 0;
  for (const row of rows) {
    if (Object.hasOwn(byStatus, row.status)) byStatus[row.status as TicketStatus] += row.total;
    if (row.status === 'OPEN' && row.awaitingSide === 'staff') waitingForUs = row.total;
  }
  return { byStatus, waitingForUs };
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

async function fileRequestsWaiting(db: Db): Promise<DashboardList<DashboardFileRequest>> {
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
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(fileRequests)
      .where(pending)
      .then(([{ total }]) => total),
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

/** The fields a record's audit row may name it by, first found wins (a deleted record's last values hold them). */
const NAME_FIELDS = ['subject', 'name', 'fileName', 'email', 'impersonated'];

/** The record's name as its audit row holds it (an update keeps only the changed columns, so often none), read in SQL. */
const auditedNameOf = sql<string | null>`coalesce(${sql.join(
  NAME_FIELDS.flatMap((field) => [sql`${auditTrails.newValues}->>${field}`, sql`${auditTrails.oldValues}->>${field}`]),
  sql`, `,
)})`;

const isUuid = (key: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);

/** The current name of the records Home shows activity of, by table, for the keys given (one query per table). */
const RECORD_NAMES: Partial<Record<string, (db: Db, keys: string[]) => Promise<{ key: string; name: string }[]>>> = {
  tickets: (db, keys) => db.select({ key: tickets.id, name: tickets.subject }).from(tickets).where(inArray(tickets.id, keys)),
  partners: (db, keys) => db.select({ key: partners.id, name: partners.name }).from(partners).where(inArray(partners.id, keys)),
  forms: (db, keys) => db.select({ key: formVersions.id, name: formVersions.name }).from(formVersions).where(inArray(formVersions.id, keys)),
  managed_files: (db, keys) => db.select({ key: managedFiles.id, name: managedFiles.fileName }).from(managedFiles).where(inArray(managedFiles.id, keys)),
  users: async (db, keys) =>
    (await db.select({ key: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, keys))).map((u) => ({
      key: u.key,
      name: fullNameOf(u),
    })),
  partner_forms: async (db, keys) =>
    (
      await db
        .select({ key: partnerForms.id, partner: partners.name, form: formVersions.name })
        .from(partnerForms)
        .innerJoin(partners, eq(partners.id, partnerForms.partnerId))
        .innerJoin(formVersions, eq(formVersions.id, partnerForms.formId))
        .where(inArray(partnerForms.id, keys))
    ).map((row) => ({ key: row.key, name: `${row.partner} · ${row.form}` })),
};

/** Each activity row's record name: the record's current one where it still exists, else what its audit row held. */
async function namesOfRecords(db: Db, rows: { tableName: string; primaryKey: string }[]): Promise<Map<string, string>> {
  const keysByTable = new Map<string, Set<string>>();
  for (const { tableName, primaryKey } of rows)
    if (RECORD_NAMES[tableName] && isUuid(primaryKey)) keysByTable.set(tableName, (keysByTable.get(tableName) ?? new Set()).add(primaryKey));
  const names = new Map<string, string>();
  await Promise.all(
    [...keysByTable].map(async ([table, keys]) => {
      for (const { key, name } of await RECORD_NAMES[table]!(db, [...keys])) names.set(`${table}:${key}`, name);
    }),
  );
  return names;
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
      auditedName: auditedNameOf,
    })
    .from(auditTrails)
    .leftJoin(users, eq(users.id, auditTrails.userId))
    // Changes only: the requests made while impersonating are audited one by one, and would crowd them out.
    .where(ne(auditTrails.type, 'Request'))
    .orderBy(desc(auditTrails.dateTime), desc(auditTrails.id))
    .limit(DASHBOARD_ACTIVITY_MAX);
  const names = await namesOfRecords(db, rows);
  return rows.map(({ firstName, lastName, at, auditedName, ...row }) => ({
    ...row,
    recordName: names.get(`${row.tableName}:${row.primaryKey}`) ?? auditedName ?? null,
    at: at.toISOString(),
    actorName: firstName === null ? null : fullNameOf({ firstName, lastName: lastName ?? '' }),
  }));
}

/**
 * Sections over every partner's rows, the same for every staff reader: kept until their resource changes (a
 * ResourceChanged on any instance, or a minute passes), so they are read once per change, not once per Home. A
 * partner's or requester's new name shows with the next change of the section's resource.
 */
export function createStaffSections(events: EventBus) {
  return {
    partnerForms: createCountCache<unknown>(events, 'partner-forms'),
    fileRequests: createCountCache<unknown>(events, 'file-requests'),
  };
}
type StaffSections = ReturnType<typeof createStaffSections>;
const cached = <T>(cache: StaffSections[keyof StaffSections], key: string, read: () => Promise<T>) => cache.get(key, read) as Promise<T>;

/** Staff's sections, each only where the reader holds the permission that lists its rows elsewhere. */
export async function staffDashboard(
  db: Db,
  sections: StaffSections,
  may: { tickets: boolean; forms: boolean; fileRequests: boolean; activity: boolean },
): Promise<StaffDashboardDto> {
  const counts = may.tickets ? await countTickets(db) : null;
  return {
    audience: 'staff',
    ticketsByStatus: counts?.byStatus ?? null,
    ticketsWaitingForUs: counts ? await ticketsAwaiting(db, awaitingSide('staff', eq(tickets.status, 'OPEN')), async () => counts.waitingForUs) : null,
    funnel: may.forms ? await funnel(db, () => cached(sections.partnerForms, 'funnel', () => funnelSteps(db))) : null,
    fileRequestsWaiting: may.fileRequests ? await cached(sections.fileRequests, 'waiting', () => fileRequestsWaiting(db)) : null,
    recentActivity: may.activity ? await recentActivity(db) : null,
  };
}
