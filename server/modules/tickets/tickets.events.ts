import type { TicketDto, TicketMessageDto, TicketStatus } from '../../../contract/tickets';
import type { AppContext } from '../../context';
import type { Principal } from '../../core/guard';

/** Who acted on a ticket: the other side hears it (staff hear partners, the ticket's partner hears staff). */
export interface TicketActor {
  id: string;
  partnerId: string | null;
}

export interface TicketCreated {
  type: 'TicketCreated';
  ticketId: string;
  partnerId: string;
  actor: TicketActor;
}

/** What a ticket event's relay tells of the ticket: who may hear it, what to call it, whom to notify. */
export type TicketHeader = Pick<TicketDto, 'id' | 'partnerId' | 'partnerName' | 'subject' | 'assigneeId' | 'createdBy'>;

/**
 * The largest chat line (its DTO as JSON, in UTF-8 bytes) that travels in its event: with the rest of the event it
 * fits one PostgreSQL notification (7,900 bytes) to the other instances. A longer one travels by id and its relay reads it.
 */
export const LINE_IN_EVENT_MAX_BYTES = 6000;

/**
 * A chat line, a message or an internal note (`message.internal`): what its relay sends and notifies, as the write
 * answered it, so relaying it reads nothing (issue 34, item 4). `message` is null for a line longer than
 * LINE_IN_EVENT_MAX_BYTES: the relay loads it by `messageId`.
 */
export interface TicketMessagePosted {
  type: 'TicketMessagePosted';
  ticketId: string;
  partnerId: string;
  messageId: string;
  actor: TicketActor;
  ticket: TicketHeader;
  message: TicketMessageDto | null;
}

export interface TicketStatusChanged {
  type: 'TicketStatusChanged';
  ticketId: string;
  partnerId: string;
  status: TicketStatus;
  previousStatus: TicketStatus;
  actor: TicketActor;
}

/** Issue 25: a ticket's assignee changed (by staff or the round robin); the new assignee is notified. */
export interface TicketAssigned {
  type: 'TicketAssigned';
  ticketId: string;
  partnerId: string;
  assigneeId: string | null;
  previousAssigneeId: string | null;
  actor: TicketActor;
}

export type TicketEvent = TicketCreated | TicketMessagePosted | TicketStatusChanged | TicketAssigned;

const actorOf = (principal: Principal): TicketActor => ({ id: principal.id, partnerId: principal.partnerId });

/**
 * What a committed ticket change publishes: ResourceChanged (lists refresh) and the ticket's own event, which
 * the realtime hub relays to the ticket's readers (server/modules/tickets/realtime/ticketRelay.ts). Call after the transaction commits;
 * await it so the ticket's readers have been sent the change before the answer goes out.
 */
export function createTicketAnnouncer(ctx: Pick<AppContext, 'events'>) {
  const publish = (ticket: Pick<TicketDto, 'id' | 'partnerId'>, action: 'created' | 'updated', event: TicketEvent) =>
    Promise.all([
      ctx.events.publish({ type: 'ResourceChanged', resource: 'tickets', id: ticket.id, action, partnerId: ticket.partnerId }),
      ctx.events.publish(event),
    ]);

  return {
    /** A change lists and the open ticket refetch for (a priority). */
    updated: (ticket: Pick<TicketDto, 'id' | 'partnerId'>) =>
      ctx.events.publish({ type: 'ResourceChanged', resource: 'tickets', id: ticket.id, action: 'updated', partnerId: ticket.partnerId }),

    assigned: (ticket: TicketDto, previousAssigneeId: string | null, actor: Principal) =>
      publish(ticket, 'updated', {
        type: 'TicketAssigned',
        ticketId: ticket.id,
        partnerId: ticket.partnerId,
        assigneeId: ticket.assigneeId,
        previousAssigneeId,
        actor: actorOf(actor),
      }),

    created: (ticket: TicketDto, actor: Principal) =>
      publish(ticket, 'created', { type: 'TicketCreated', ticketId: ticket.id, partnerId: ticket.partnerId, actor: actorOf(actor) }),

    /** A chat line; a note's list refresh names no partner (staff alone hear it). */
    linePosted: ({ ticket, message }: { ticket: TicketHeader; message: TicketMessageDto }, actor: Principal) => {
      const travels = Buffer.byteLength(JSON.stringify(message)) <= LINE_IN_EVENT_MAX_BYTES;
      return Promise.all([
        ctx.events.publish({
          type: 'ResourceChanged',
          resource: 'tickets',
          id: ticket.id,
          action: 'updated',
          ...(message.internal ? {} : { partnerId: ticket.partnerId }),
        }),
        ctx.events.publish({
          type: 'TicketMessagePosted',
          ticketId: ticket.id,
          partnerId: ticket.partnerId,
          messageId: message.id,
          actor: actorOf(actor),
          ticket,
          message: travels ? message : null,
        }),
      ]);
    },

    statusChanged: (ticket: TicketDto, previousStatus: TicketStatus, actor: Principal) =>
      publish(ticket, 'updated', {
        type: 'TicketStatusChanged',
        ticketId: ticket.id,
        partnerId: ticket.partnerId,
        status: ticket.status,
        previousStatus,
        actor: actorOf(actor),
      }),
  };
}

export type TicketAnnouncer = ReturnType<typeof createTicketAnnouncer>;
