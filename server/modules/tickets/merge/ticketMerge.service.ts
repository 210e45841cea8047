import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TicketDto, TicketStatus, TicketSystemEvent } from '../../../../contract/tickets';
import type { AppContext } from '../../../context';
import { writeAudit } from '../../../core/audit';
import { ApiError, fieldError, notFound } from '../../../core/errors';
import type { Principal } from '../../../core/guard';
import { rowIdOf } from '../../../core/search';
import { ticketAttachments, ticketMessages, ticketReads, tickets, ticketStatusChanges } from '../../../db/schema';
import { foldedBodyOf } from '../conversationSearch';
import { selectTicketDto } from '../ticketDtos';
import { ticketScope } from '../ticketSearch';
import type { TicketMergeAnnouncer } from './ticketMerge.events';

export interface TicketMergeResult {
  source: TicketDto;
  target: TicketDto;
  previousStatus: TicketStatus;
  systemMessageId: string;
}

/**
 * Merging a duplicate ticket into another of the same partner (issue 25), in one transaction: the source's chat
 * (internal notes stay internal) and files move to the target, which gains a line telling so (carrying the source's
 * description and its own files); the source is CLOSED and points at the target. Both rows are locked in id order
 * first, so two opposite merges at once cannot both pass the "not merged yet" checks: one waits and is refused.
 */
export function createTicketMergeService(ctx: Pick<AppContext, 'db'>, announce: TicketMergeAnnouncer) {
  const { db } = ctx;

  async function merge(principal: Principal, id: string, rawIntoId: string): Promise<TicketMergeResult> {
    const intoId = rawIntoId.toLowerCase();
    const sourceId = rowIdOf(id, 'tickets.notFound');
    if (sourceId === intoId) throw fieldError('intoId', 'ticketMerge.intoItself');
    const result = await db.transaction(async (tx) => {
      const locked = await tx
        .select()
        .from(tickets)
        .where(and(inArray(tickets.id, [sourceId, intoId]), ticketScope(principal)))
        .orderBy(asc(tickets.id))
        .for('update');
      const source = locked.find((t) => t.id === sourceId);
      if (!source) throw notFound('tickets.notFound');
      const target = locked.find((t) => t.id === intoId && t.partnerId === source.partnerId);
      // Another partner's ticket is not a merge target: looked up among the source partner's, it is not there.
      if (!target) throw new ApiError(404, 'ticketMerge.targetNotFound', [{ field: 'intoId', message: 'ticketMerge.targetNotFound' }]);
      if (source.mergedIntoId) throw new ApiError(409, 'ticketMerge.sourceMerged');
      if (target.mergedIntoId) throw new ApiError(409, 'ticketMerge.targetMerged');
      if (target.status === 'CLOSED') throw new ApiError(409, 'ticketMerge.targetClosed');

      const now = new Date();
      const moved = await tx
        .update(ticketMessages)
        .set({ ticketId: target.id })
        .where(eq(ticketMessages.ticketId, source.id))
        .returning({ id: ticketMessages.id });
      const system: TicketSystemEvent = { kind: 'merged', ticketId: source.id, subject: source.subject };
      const [line] = await tx
        .insert(ticketMessages)
        .values({
          ticketId: target.id,
          authorId: principal.id,
          body: source.description,
          bodyFolded: foldedBodyOf(source.description),
          systemEvent: system,
          createdAt: now,
        })
        .returning();
      // The source's own files go with the line that carries its description; its chat's files stay on their messages.
      await tx
        .update(ticketAttachments)
        .set({ messageId: line.id })
        .where(and(eq(ticketAttachments.ticketId, source.id), isNull(ticketAttachments.messageId)));
      const files = await tx
        .update(ticketAttachments)
        .set({ ticketId: target.id })
        .where(eq(ticketAttachments.ticketId, source.id))
        .returning({ id: ticketAttachments.id });
      // The source's chat is empty now: its read markers tell nothing. The target's own stay as they were.
      await tx.delete(ticketReads).where(eq(ticketReads.ticketId, source.id));
      // Tickets merged into the source earlier follow it, so a redirect is never a chain.
      const repointed = await tx.update(tickets).set({ mergedIntoId: target.id }).where(eq(tickets.mergedIntoId, source.id)).returning({ id: tickets.id });
      await tx.update(tickets).set({ lastMessageAt: now, updatedAt: now }).where(eq(tickets.id, target.id));
      await tx.update(tickets).set({ mergedIntoId: target.id, status: 'CLOSED', updatedAt: now }).where(eq(tickets.id, source.id));
      if (source.status !== 'CLOSED') {
        await tx
          .insert(ticketStatusChanges)
          .values({ ticketId: source.id, fromStatus: source.status, toStatus: 'CLOSED', changedAt: now, actorId: principal.id });
      }

      const userId = principal.id;
      await writeAudit(tx, {
        userId,
        type: 'Update',
        table: 'tickets',
        key: source.id,
        before: { status: source.status, mergedIntoId: null },
        after: { status: 'CLOSED', mergedIntoId: target.id },
      });
      await writeAudit(tx, {
        userId,
        type: 'Update',
        table: 'tickets',
        key: target.id,
        before: { mergedFrom: null },
        after: { mergedFrom: source.id, movedMessages: moved.length, movedAttachments: files.length, followedMerges: repointed.map((r) => r.id) },
      });
      await writeAudit(tx, { userId, type: 'Create', table: 'ticket_messages', key: line.id, after: { ...line } });
      return { previousStatus: source.status as TicketStatus, systemMessageId: line.id };
    });
    const [source, target] = await Promise.all([selectTicketDto(db, sourceId), selectTicketDto(db, intoId)]);
    const merged = { ...result, source: source!, target: target! };
    await announce.merged(merged, principal);
    return merged;
  }

  return { merge };
}

export type TicketMergeService = ReturnType<typeof createTicketMergeService>;
