import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DashboardList, DashboardTicket } from '../../../contract/dashboard';
import { DASHBOARD_LIST_MAX } from '../../../contract/dashboard';
import type { TicketStatus } from '../../../contract/tickets';
import type { Db } from '../../db/client';
import { partners, tickets } from '../../db/schema';

const itemColumns = {
  id: tickets.id,
  subject: tickets.subject,
  status: tickets.status,
  partnerName: partners.name,
  awaitingSince: tickets.awaitingSince,
};

/**
 * Tickets waiting for one side's answer, longest waiting first, with their total: `total` reads it (staff's,
 * cached over every partner), else a window count in the same query (a partner's few). `where` leads with the
 * awaiting side (and the partner, for a partner's own) so tickets_awaiting_idx / tickets_partner_awaiting_idx
 * read the page in order.
 */
export async function ticketsAwaiting(db: Db, where: SQL, total?: () => Promise<number>): Promise<DashboardList<DashboardTicket>> {
  const page = (columns: typeof itemColumns & { total?: SQL<number> }) =>
    db
      .select(columns)
      .from(tickets)
      .innerJoin(partners, eq(partners.id, tickets.partnerId))
      .where(where)
      .orderBy(asc(tickets.awaitingSince), asc(tickets.id))
      .limit(DASHBOARD_LIST_MAX);
  const [rows, count] = total
    ? await Promise.all([page(itemColumns), total()])
    : await page({ ...itemColumns, total: sql<number>`(count(*) over ())::int` }).then((found) => [found, found[0]?.total ?? 0] as const);
  return {
    total: count,
    items: rows.map((t) => ({
      id: t.id,
      subject: t.subject,
      status: t.status as TicketStatus,
      partnerName: t.partnerName,
      waitingSince: t.awaitingSince.toISOString(),
    })),
  };
}

/** The awaiting side's condition, written first so the planner takes the awaiting index. */
export const awaitingSide = (side: 'staff' | 'partner', ...more: SQL[]) => and(eq(tickets.awaitingSide, side), ...more)!;
