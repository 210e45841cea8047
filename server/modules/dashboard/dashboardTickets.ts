import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DashboardList, DashboardTicket } from '../../../contract/dashboard';
import { DASHBOARD_LIST_MAX } from '../../../contract/dashboard';
import type { TicketStatus } from '../../../contract/tickets';
import type { Db } from '../../db/client';
import { partners, tickets } from '../../db/schema';

/**
 * Tickets waiting for one side's answer, longest waiting first, with their total. `where` must lead with the
 * awaiting side (and the partner, for a partner's own) so tickets_awaiting_idx / tickets_partner_awaiting_idx
 * read the page in order and count without touching the rest of the table.
 */
export async function ticketsAwaiting(db: Db, where: SQL, total = () => countTickets(db, where)): Promise<DashboardList<DashboardTicket>> {
  const [items, count] = await Promise.all([
    db
      .select({
        id: tickets.id,
        subject: tickets.subject,
        status: tickets.status,
        partnerName: partners.name,
        awaitingSince: tickets.awaitingSince,
      })
      .from(tickets)
      .innerJoin(partners, eq(partners.id, tickets.partnerId))
      .where(where)
      .orderBy(asc(tickets.awaitingSince), asc(tickets.id))
      .limit(DASHBOARD_LIST_MAX),
    total(),
  ]);
  return {
    total: count,
    items: items.map((t) => ({
      id: t.id,
      subject: t.subject,
      status: t.status as TicketStatus,
      partnerName: t.partnerName,
      waitingSince: t.awaitingSince.toISOString(),
    })),
  };
}

export const countTickets = async (db: Db, where: SQL) =>
  (
    await db
      .select({ total: sql<number>`count(*)::int` })
      .from(tickets)
      .where(where)
  )[0].total;

/** The awaiting side's condition, written first so the planner takes the awaiting index. */
export const awaitingSide = (side: 'staff' | 'partner', ...more: SQL[]) => and(eq(tickets.awaitingSide, side), ...more)!;
