import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { TicketReadState } from '../../../contract/tickets';
import type { AppContext } from '../../context';
import { ticketMessages, ticketReads, tickets } from '../../db/schema';
import { fieldError, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { rowIdOf } from '../../core/search';
import { ticketScope } from './ticketSearch';
import { messagesReadableBy } from './internalNotes';

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
    const staffRead = sql`(select max(r.read_up_to) from ticket_reads r where r.ticket_id = ${ticketId} and r.by_staff)`;
    const [row] = await db
      .select({
        mine: sql<string | null>`max(${ticketReads.readUpTo}) filter (where ${ticketReads.userId} = ${userId})`,
        staff: replyReadUpTo(ticketId, staffRead),
        partner: sql<string | null>`max(${ticketReads.readUpTo}) filter (where not ${ticketReads.byStaff})`,
      })
      .from(ticketReads)
      .where(eq(ticketReads.ticketId, ticketId));
    return { ticketId, mine: iso(row?.mine ?? null), staff: iso(row?.staff ?? null), partner: iso(row?.partner ?? null) };
  }

  /**
   * How far staff read as both sides may know it: up to the newest reply (not an internal note) at or before their
   * read, so a note's time never reaches a partner through "seen" (issue 25).
   */
  const replyReadUpTo = (ticketId: string, readUpTo: SQL) =>
    sql<string | null>`(select max(m.created_at) from ticket_messages m where m.ticket_id = ${ticketId} and not m.internal and m.created_at <= ${readUpTo})`;

  async function get(principal: Principal, ticketId: string) {
    const ticket = await visibleTicket(principal, ticketId);
    return stateOf(ticket.id, principal.id);
  }

  /** A staff reader's read as a partner may be told it (replyReadUpTo), or null while it covers no reply. */
  async function toldReadOf(ticketId: string, userId: string) {
    const mine = sql`(select r.read_up_to from ticket_reads r where r.ticket_id = ${ticketId} and r.user_id = ${userId})`;
    const [row] = await db
      .select({ at: replyReadUpTo(ticketId, mine) })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    return iso(row?.at ?? null);
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
      .where(and(eq(ticketMessages.id, messageId), eq(ticketMessages.ticketId, ticket.id), messagesReadableBy(principal)));
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
    // Staff's read is told as far as the newest reply it covers: a note's time stays with staff.
    const told = moved && (byStaff ? await toldReadOf(ticket.id, principal.id) : moved.readUpTo.toISOString());
    if (told && !(await sideWasAhead(ticket.id, principal.id, byStaff))) {
      await ctx.events.publish({
        type: 'TicketReadMoved',
        ticketId: ticket.id,
        partnerId: ticket.partnerId,
        side: byStaff ? 'staff' : 'partner',
        userId: principal.id,
        readUpTo: told,
      });
    }
    return stateOf(ticket.id, principal.id);
  }

  return { get, markRead };
}
