import type { ServerMessages, ServerMethod } from '../../../../contract/realtime';
import { adminTicketDetailRoute, ticketDetailRoute, type TicketDto, type TicketMessageDto } from '../../../../contract/tickets';
import { permission } from '../../../../contract/permissions';
import type { NotificationKindOf } from '../../../../contract/notifications';
import type { AppContext } from '../../../context';
import type { PrincipalLoader } from '../../../core/guard';
import { createNotifier } from '../../../hub/notification';
import { sendNotificationMail } from '../../notificationPreferences/notificationMail';
import { loadPrincipal } from '../../accounts/principal';
import type { TicketActor, TicketEvent, TicketHeader, TicketMessagePosted } from '../tickets.events';
import { readTicketEvent } from '../ticketEventReads';
import { principalMayHear, type HubAudience } from '../../../hub/audience';
import { hubGroups } from '../../../hub/groups';
import type { RelayHub } from '../../../hub/relayHub';
import { noteAudience, readersOfTicket } from './ticketAudiences';
import { ticketMailHeaders } from '../../inboundMail/ticketMailHeaders';
import { lastChatLines } from './ticketMailQuote';

/** The ticket events the relay hears. */
export const TICKET_EVENTS = [
  'TicketCreated',
  'TicketMessagePosted',
  'TicketStatusChanged',
  'TicketAssigned',
] as const satisfies readonly TicketEvent['type'][];

/** The side of a ticket that did not act: staff hear partners, the ticket's partner hears staff. */
const otherParty = (ticket: Pick<TicketDto, 'partnerId'>, actor: TicketActor) => (actor.partnerId ? hubGroups.staff : hubGroups.partner(ticket.partnerId));

const TICKET_VIEW = permission('Tickets', 'View');
const CHAT_VIEW = permission('TicketConversations', 'View');

/**
 * What a ticket event tells the world (DESIGN.md "Realtime"): the chat and status events to the ticket's group
 * and to the other party (who may not have the ticket open), a notification to the other party, and a mail to
 * the ticket's creator when staff reply while they are offline. Each reaches only those who may read it.
 * A chat line's event carries the line and its ticket as written, so relaying it reads nothing (a line too long to
 * travel is read by id); other events carry ids, and their ticket is read here in one statement.
 */
export function createTicketRelay(
  ctx: Pick<AppContext, 'config' | 'db' | 'log'> & Partial<Pick<AppContext, 'mailer' | 'events'>>,
  hub: RelayHub,
  loadReader?: PrincipalLoader,
) {
  const toTicketAndOtherParty = <M extends ServerMethod>(
    ticket: TicketHeader,
    actor: TicketActor,
    method: M,
    payload: ServerMessages[M],
    audience: HubAudience,
  ) => hub.sendToGroups([hubGroups.ticket(ticket.id), otherParty(ticket, actor)], method, payload, audience);

  const notifier = createNotifier(ctx, hub, loadReader);
  function notify(
    ticket: TicketHeader,
    actor: TicketActor,
    audience: HubAudience,
    kind: NotificationKindOf<'tickets.notifications'>,
    values: Record<string, string>,
    { except = [], along }: { except?: string[]; along?: () => void } = {},
  ) {
    const link = actor.partnerId ? adminTicketDetailRoute(ticket.id) : ticketDetailRoute(ticket.id);
    return notifier(
      {
        groups: [otherParty(ticket, actor)],
        audience,
        about: { resource: 'tickets', recordId: ticket.id },
        kind,
        key: `tickets.notifications.${kind}`,
        values,
        link,
        except,
      },
      along,
    );
  }

  /** Whether the assignee hears a TicketAssigned: not when they assigned it to themself. */
  const toldOfAssignment = (assigneeId: string | null, actor: TicketActor): assigneeId is string => !!assigneeId && assigneeId !== actor.id;

  /**
   * The creator hears a staff reply by mail when no tab of theirs is connected to any instance (in their language when
   * they chose one), quoting the chat's last lines, if they may still read the chat the mail quotes.
   */
  async function mailOfflineCreator(ticket: TicketHeader, message: TicketMessageDto) {
    const { mailer } = ctx;
    if (!mailer || (await hub.isUserOnlineAnywhere(ticket.createdBy))) return;
    const creator = await loadPrincipal(ctx.db, ticket.createdBy);
    if (!creator?.partnerId || !principalMayHear(creator, readersOfTicket(ticket, TICKET_VIEW, CHAT_VIEW))) return;
    const link = `${ctx.config.publicUrl}${ticketDetailRoute(ticket.id)}`;
    const values = { name: creator.fullName, author: message.authorName, subject: ticket.subject };
    // Answering this mail posts in the chat (server/modules/inboundMail), as this creator.
    const threading = ticketMailHeaders(ctx.config, { ticketId: ticket.id, messageId: message.id, recipientId: creator.id });
    await sendNotificationMail(
      { config: ctx.config, db: ctx.db, mailer },
      {
        to: creator,
        kind: 'ticketReplies',
        subjectKey: 'tickets.mail.replySubject',
        bodyKey: 'tickets.mail.replyBody',
        actionKey: 'tickets.mail.replyAction',
        afterKey: threading.replyTo ? 'tickets.mail.replyByMail' : undefined,
        values,
        link,
        quote: await lastChatLines(ctx.db, ticket.id, message.id),
        threading,
      },
    );
  }

  /**
   * An internal note (issue 25) reaches staff alone (noteAudience): the ticket's group and staff hear it live; the
   * assignee, when someone else wrote it, is notified; never a mail, never the partner's group.
   */
  async function relayNote(ticket: TicketHeader, actor: TicketActor, note: TicketMessageDto) {
    hub.sendToGroups([hubGroups.ticket(ticket.id), hubGroups.staff], 'TicketMessageCreated', note, noteAudience);
    if (!ticket.assigneeId || ticket.assigneeId === actor.id) return;
    await notifier({
      groups: [hubGroups.user(ticket.assigneeId)],
      audience: noteAudience,
      about: { resource: 'tickets', recordId: ticket.id },
      kind: 'note',
      key: 'ticketNotes.notifications.note',
      values: { author: note.authorName, subject: ticket.subject },
      link: adminTicketDetailRoute(ticket.id),
    });
  }

  /** What a chat line's relay sends: the line as its event carries it, or as read again when it was too long to travel. */
  async function lineOf(event: TicketMessagePosted): Promise<TicketMessageDto | null> {
    if (event.message) return event.message;
    return (await readTicketEvent(ctx.db, event.ticketId, event.messageId))?.message ?? null;
  }

  /** A chat line: a note to staff alone; a message to the ticket's readers and the other party, mailed when it must. */
  async function relayLine(event: TicketMessagePosted) {
    const { ticket, actor } = event;
    const message = await lineOf(event);
    if (!message) return;
    if (message.internal) return relayNote(ticket, actor, message);
    // The chat's text needs the conversations permission; the notification names the ticket too.
    await notify(
      ticket,
      actor,
      readersOfTicket(ticket, TICKET_VIEW, CHAT_VIEW),
      'message',
      { author: message.authorName, subject: ticket.subject },
      { along: () => toTicketAndOtherParty(ticket, actor, 'TicketMessageCreated', message, readersOfTicket(ticket, CHAT_VIEW)) },
    );
    if (!actor.partnerId) {
      mailOfflineCreator(ticket, message).catch((error: unknown) => ctx.log.error({ err: error, ticketId: ticket.id }, 'ticket reply mail failed'));
    }
  }

  /** Relays one event published on this instance (the hub's backplane takes it to the others). */
  return async function relay(event: TicketEvent) {
    if (event.type === 'TicketMessagePosted') return relayLine(event);
    // One read: the ticket as it is after the change committed.
    const read = await readTicketEvent(ctx.db, event.ticketId);
    if (!read) return;
    const { ticket } = read;
    const { actor } = event;
    if (event.type === 'TicketCreated') {
      // An assignee the round robin picked hears "Ticket assigned to you" (its TicketAssigned) instead, not both.
      const assignee = toldOfAssignment(ticket.assigneeId, actor) ? [ticket.assigneeId] : [];
      await notify(
        ticket,
        actor,
        readersOfTicket(ticket, TICKET_VIEW),
        'created',
        { partner: ticket.partnerName, subject: ticket.subject },
        { except: assignee },
      );
    } else if (event.type === 'TicketAssigned') {
      // The new assignee hears it (inbox and live), unless they assigned it to themself.
      if (!toldOfAssignment(event.assigneeId, actor)) return;
      await notifier({
        groups: [hubGroups.user(event.assigneeId)],
        audience: readersOfTicket(ticket, TICKET_VIEW),
        about: { resource: 'tickets', recordId: ticket.id },
        kind: 'assigned',
        key: 'ticketAssignment.notifications.assigned',
        values: { subject: ticket.subject, partner: ticket.partnerName },
        link: adminTicketDetailRoute(ticket.id),
      });
    } else {
      const { status, previousStatus } = event;
      await notify(
        ticket,
        actor,
        readersOfTicket(ticket, TICKET_VIEW),
        'status',
        { subject: ticket.subject, status },
        {
          along: () =>
            toTicketAndOtherParty(ticket, actor, 'TicketStatusChanged', { ticketId: ticket.id, status, previousStatus }, readersOfTicket(ticket, TICKET_VIEW)),
        },
      );
    }
  };
}
