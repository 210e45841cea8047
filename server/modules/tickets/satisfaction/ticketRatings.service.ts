import { and, avg, count, eq, gte, sql } from 'drizzle-orm';
import type { TicketRatingInput } from '../../../../contract/schemas/ticketMergeAndRating';
import { ticketMayBeRated, type TicketRatingSummary, type TicketStatus } from '../../../../contract/tickets';
import type { AppContext } from '../../../context';
import { writeAudit } from '../../../core/audit';
import { ApiError, forbidden, notFound } from '../../../core/errors';
import type { Principal } from '../../../core/guard';
import { rowIdOf } from '../../../core/search';
import { ticketRatings, tickets } from '../../../db/schema';
import { selectTicketDto } from '../ticketDtos';
import { ticketScope } from '../ticketSearch';

/** Staff Home's satisfaction figure covers this many days. */
export const RATING_SUMMARY_DAYS = 30;

/**
 * A partner's rating of its resolved ticket (issue 25): once per ticket (the table's key), by a user of the ticket's
 * partner only (staff never rate; another partner's ticket is not there: 404), while RESOLVED or CLOSED after it was.
 */
export function createTicketRatingService(ctx: Pick<AppContext, 'db' | 'events'>) {
  const { db } = ctx;

  async function rate(principal: Principal, id: string, input: TicketRatingInput) {
    if (!principal.partnerId) throw forbidden('ticketRatings.staffCannotRate');
    const ticketId = rowIdOf(id, 'tickets.notFound');
    const [ticket] = await db
      .select({
        id: tickets.id,
        partnerId: tickets.partnerId,
        status: tickets.status,
        mergedIntoId: tickets.mergedIntoId,
        // Spelled out: Drizzle leaves a one-table select's columns unqualified, and inside the subquery "id" would be the change's.
        wasResolved: sql<boolean>`exists (select 1 from ticket_status_changes c where c.ticket_id = "tickets"."id" and c.to_status = 'RESOLVED')`,
      })
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), ticketScope(principal)));
    if (!ticket) throw notFound('tickets.notFound');
    if (ticket.mergedIntoId || !ticketMayBeRated(ticket.status as TicketStatus, ticket.wasResolved)) throw new ApiError(409, 'ticketRatings.notResolved');
    const comment = input.comment.trim() || null;
    const stored = await db.transaction(async (tx) => {
      const [row] = await tx.insert(ticketRatings).values({ ticketId, score: input.score, comment, ratedBy: principal.id }).onConflictDoNothing().returning();
      if (!row) return false;
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'ticket_ratings', key: ticketId, after: { ...row } });
      return true;
    });
    if (!stored) throw new ApiError(409, 'ticketRatings.alreadyRated');
    await ctx.events.publish({ type: 'ResourceChanged', resource: 'tickets', id: ticketId, action: 'updated', partnerId: ticket.partnerId });
    return (await selectTicketDto(db, ticketId, principal))!;
  }

  /** The average score and the number of ratings given in the last RATING_SUMMARY_DAYS days, over the tickets within reach. */
  async function summary(principal: Principal, now = new Date()): Promise<TicketRatingSummary> {
    const since = new Date(now.getTime() - RATING_SUMMARY_DAYS * 24 * 60 * 60 * 1000);
    const [row] = await db
      .select({ average: avg(ticketRatings.score), count: count() })
      .from(ticketRatings)
      .innerJoin(tickets, eq(tickets.id, ticketRatings.ticketId))
      .where(and(gte(ticketRatings.ratedAt, since), ticketScope(principal)));
    const total = row?.count ?? 0;
    return { average: total && row?.average ? Math.round(Number(row.average) * 10) / 10 : null, count: total, days: RATING_SUMMARY_DAYS };
  }

  return { rate, summary };
}
