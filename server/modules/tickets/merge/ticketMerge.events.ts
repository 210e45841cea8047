import type { AppContext } from '../../../context';
import type { Principal } from '../../../core/guard';
import type { TicketActor } from '../tickets.events';
import type { TicketMergeResult } from './ticketMerge.service';

/** A duplicate ticket was merged into another of its partner; the hub relay (server/modules/tickets/realtime/ticketMergeRelay.ts) tells both sides. */
export interface TicketMerged {
  type: 'TicketMerged';
  sourceId: string;
  targetId: string;
  partnerId: string;
  previousStatus: string;
  /** The line the merge wrote in the target's chat. */
  messageId: string;
  actor: TicketActor;
}

/** After the merge commits: both tickets changed for lists (ResourceChanged), and the merge for the hub's relay. */
export function createTicketMergeAnnouncer(ctx: Pick<AppContext, 'events'>) {
  return {
    merged: ({ source, target, previousStatus, systemMessageId }: TicketMergeResult, actor: Principal) =>
      Promise.all([
        ...[source, target].map((ticket) =>
          ctx.events.publish({ type: 'ResourceChanged', resource: 'tickets', id: ticket.id, action: 'updated', partnerId: ticket.partnerId }),
        ),
        ctx.events.publish({
          type: 'TicketMerged',
          sourceId: source.id,
          targetId: target.id,
          partnerId: target.partnerId,
          previousStatus,
          messageId: systemMessageId,
          actor: { id: actor.id, partnerId: actor.partnerId },
        }),
      ]),
  };
}

export type TicketMergeAnnouncer = ReturnType<typeof createTicketMergeAnnouncer>;
