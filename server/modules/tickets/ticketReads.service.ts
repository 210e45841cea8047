import { and, eq, ne, sql } from 'drizzle-orm';
import type { TicketReadState } from '../../../contract/tickets';
import type { AppContext } from '../../context';
import { ticketMessages, ticketReads, tickets } from '../../db/schema';
import { fieldError, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { rowIdOf } from '../../core/search';
import { ticketScope } from './ticketSearch';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * How far each reader has read a ticket's chat. A read is a message's createdAt, copied in SQL so it is exact,
 * and only ever moves forward; reads are not changes of the ticket (no audit, no ResourceChanged).
 */
export function createTicketReadService(ctx: Pick<AppContext, 'db' | 'events'>) {
  const { db } = ctx;

  async function visibleTicket(principal: Principal, id: string) {
    const [row] = await db
      .select({ id: tickets.id, partnerId: tickets.partnerId })
      .from(tickets)
      .where(and(eq(tickets.id, rowIdOf(id, 'tickets.notFound')), ticketScope(principal)));
    if (!row) throw notFound('tickets.notFound');
    return row;
  }

  async function stateOf(ticketId: string, userId: string): Promise<TicketReadState> {
    const [row] = await db
      .select({
        mine: sql<string | null>`max(${ticketReads.readUpTo}) filter (where ${ticketReads.userId} = ${userId})`,
        staff: sql<string | null>`max(${ticketReads.readUpTo}) filter (where ${ticketReads.byStaff})`,
        partner: sql<string | null>`max(${ticketReads.readUpTo}) filter (where not ${ticketReads.byStaff})`,
      })
      .from(ticketReads)
      .where(eq(ticketReads.ticketId, ticketId));
    return { ticketId, mine: iso(row?.mine ?? null), staff: iso(row?.staff ?? null), partner: iso(row?.partner ?? null) };
  }

  async function get(principal: Principal, ticketId: string) {
    const ticket = await visibleTicket(principal, ticketId);
    return stateOf(ticket.id, principal.id);
  }

  /** Whether another reader of the same side had already read as far as `userId` now has. */
  async function sideWasAhead(ticketId: string, userId: string, byStaff: boolean) {
    const mine = db
      .select({ readUpTo: ticketReads.readUpTo })
      .from(ticketReads)
      .where(and(eq(ticketReads.ticketId, ticketId), eq(ticketReads.userId, userId)));
    const [ahead] = await db
      .select({ userId: ticketReads.userId })
      .from(ticketReads)
      .where(
        and(eq(ticketReads.ticketId, ticketId), eq(ticketReads.byStaff, byStaff), ne(ticketReads.userId, userId), sql`${ticketReads.readUpTo} >= (${mine})`),
      )
      .limit(1);
    return !!ahead;
  }

  /**
   * The reader has seen the chat up to `messageId`. Concurrent calls (two tabs) end at the furthest: the upsert
   * only writes a later time, and one that changed nothing publishes nothing.
   */
  async function markRead(principal: Principal, ticketId: string, messageId: string) {
    const ticket = await visibleTicket(principal, ticketId);
    const [message] = await db
      .select({ id: ticketMessages.id })
      .from(ticketMessages)
      .where(and(eq(ticketMessages.id, messageId), eq(ticketMessages.ticketId, ticket.id)));
    if (!message) throw fieldError('messageId', 'tickets.unknownMessage');
    const byStaff = principal.partnerId === null;
    const createdAt = db.select({ createdAt: ticketMessages.createdAt }).from(ticketMessages).where(eq(ticketMessages.id, message.id));
    const [moved] = await db
      .insert(ticketReads)
      .values({ ticketId: ticket.id, userId: principal.id, byStaff, readUpTo: sql`(${createdAt})` })
      .onConflictDoUpdate({
        target: [ticketReads.ticketId, ticketReads.userId],
        set: { readUpTo: sql`excluded.read_up_to`, byStaff },
        where: sql`${ticketReads.readUpTo} < excluded.read_up_to`,
      })
      .returning({ readUpTo: ticketReads.readUpTo });
    if (moved && !(await sideWasAhead(ticket.id, principal.id, byStaff))) {
      await ctx.events.publish({
        type: 'TicketReadMoved',
        ticketId: ticket.id,
        partnerId: ticket.partnerId,
        side: byStaff ? 'staff' : 'partner',
        userId: principal.id,
        readUpTo: moved.readUpTo.toISOString(),
      });
    }
    return stateOf(ticket.id, principal.id);
  }

  return { get, markRead };
}
