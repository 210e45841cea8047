import crypto from 'node:crypto';
import type { NotificationMessage, ServerMessages, ServerMethod } from '../../../contract/realtime';
import { adminTicketDetailRoute, ticketDetailRoute, type TicketDto, type TicketMessageDto, type TicketStatus } from '../../../contract/tickets';
import { LANGUAGES } from '../../../contract/http';
import { permission, type Permission } from '../../../contract/permissions';
import type { AppContext } from '../../context';
import { translate } from '../../core/i18n';
import type { Principal } from '../../core/guard';
import { hubGroups, principalMayHear, type HubAudience, type RealtimeHub } from '../../hub';
import { loadPrincipal } from '../accounts/principal';
import { textOfHtml } from './ticketHtml';

/** The side of a ticket that did not act: staff hear partners, the ticket's partner hears staff. */
const otherParty = (ticket: Pick<TicketDto, 'partnerId'>, actor: Principal) => (actor.partnerId ? hubGroups.staff : hubGroups.partner(ticket.partnerId));

const MAIL_EXCERPT = 1000;

const TICKET_VIEW = permission('Tickets', 'View');
const CHAT_VIEW = permission('TicketConversations', 'View');

/**
 * Who may hear an event about a ticket: what REST asks to read the same (ticketScope: the ticket's partner's
 * users, or staff with Tickets.AdminView), with the permissions `needed`. The hub checks each listener's
 * principal as it is when the event goes out.
 */
const readersOfTicket = (ticket: Pick<TicketDto, 'partnerId'>, ...needed: Permission[]): HubAudience => ({
  scope: { partnerId: ticket.partnerId },
  readers: [{ all: needed, acrossPartners: permission('Tickets', 'AdminView') }],
});

/**
 * What a committed ticket change tells the world (DESIGN.md "Realtime"): ResourceChanged through the bus
 * (staff and the ticket's partner refresh lists), the chat and status events to the ticket's group and to
 * the other party (who may not have the ticket open), a notification to the other party, and a mail to
 * the ticket's creator when staff reply while they are offline. Each reaches only those who may read it.
 * Call after the transaction commits.
 */
export function createTicketAnnouncer(ctx: AppContext, realtime: RealtimeHub) {
  const changed = (ticket: Pick<TicketDto, 'id' | 'partnerId'>, action: 'created' | 'updated') =>
    ctx.events.publish({ type: 'ResourceChanged', resource: 'tickets', id: ticket.id, action, partnerId: ticket.partnerId });

  const toTicketAndOtherParty = <M extends ServerMethod>(ticket: TicketDto, actor: Principal, method: M, payload: ServerMessages[M], audience: HubAudience) =>
    realtime.sendToGroups([hubGroups.ticket(ticket.id), otherParty(ticket, actor)], method, payload, audience);

  function notify(ticket: TicketDto, actor: Principal, audience: HubAudience, key: string, values: Record<string, string>) {
    const notification: NotificationMessage = {
      id: crypto.randomUUID(),
      title: translate('en', `${key}.title`, values),
      message: translate('en', `${key}.message`, values),
      link: actor.partnerId ? adminTicketDetailRoute(ticket.id) : ticketDetailRoute(ticket.id),
      createdAt: new Date().toISOString(),
      key,
      values,
    };
    realtime.sendToGroups([otherParty(ticket, actor)], 'ReceiveNotification', notification, audience);
  }

  /**
   * The creator hears a staff reply by mail when no tab of theirs is connected (in both languages: we do not
   * know theirs), if they may still read the chat the mail quotes.
   */
  async function mailOfflineCreator(ticket: TicketDto, message: TicketMessageDto) {
    if (realtime.isUserOnline(ticket.createdBy)) return;
    const creator = await loadPrincipal(ctx.db, ticket.createdBy);
    if (!creator?.partnerId || !principalMayHear(creator, readersOfTicket(ticket, TICKET_VIEW, CHAT_VIEW))) return;
    const link = `${ctx.config.publicUrl}${ticketDetailRoute(ticket.id)}`;
    const text = textOfHtml(message.body).slice(0, MAIL_EXCERPT) || '…';
    const values = { name: creator.fullName, author: message.authorName, subject: ticket.subject, text, link };
    await ctx.mailer.send({
      to: creator.email,
      subject: LANGUAGES.map((language) => translate(language, 'tickets.mail.replySubject', values)).join(' / '),
      text: LANGUAGES.map((language) => translate(language, 'tickets.mail.replyBody', values)).join('\n\n-----\n\n'),
      link,
    });
  }

  return {
    created(ticket: TicketDto, actor: Principal) {
      changed(ticket, 'created');
      notify(ticket, actor, readersOfTicket(ticket, TICKET_VIEW), 'tickets.notifications.created', { partner: ticket.partnerName, subject: ticket.subject });
    },

    messagePosted(ticket: TicketDto, message: TicketMessageDto, actor: Principal) {
      changed(ticket, 'updated');
      // The chat's text needs the conversations permission; the notification names the ticket too.
      toTicketAndOtherParty(ticket, actor, 'TicketMessageCreated', message, readersOfTicket(ticket, CHAT_VIEW));
      notify(ticket, actor, readersOfTicket(ticket, TICKET_VIEW, CHAT_VIEW), 'tickets.notifications.message', { author: message.authorName, subject: ticket.subject });
      if (!actor.partnerId) {
        mailOfflineCreator(ticket, message).catch((error: unknown) => ctx.log.error({ err: error, ticketId: ticket.id }, 'ticket reply mail failed'));
      }
    },

    statusChanged(ticket: TicketDto, previousStatus: TicketStatus, actor: Principal) {
      changed(ticket, 'updated');
      toTicketAndOtherParty(ticket, actor, 'TicketStatusChanged', { ticketId: ticket.id, status: ticket.status, previousStatus }, readersOfTicket(ticket, TICKET_VIEW));
      notify(ticket, actor, readersOfTicket(ticket, TICKET_VIEW), 'tickets.notifications.status', { subject: ticket.subject, status: ticket.status });
    },
  };
}

export type TicketAnnouncer = ReturnType<typeof createTicketAnnouncer>;
