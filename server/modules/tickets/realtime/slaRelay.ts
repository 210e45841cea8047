import { permission } from '../../../../contract/permissions';
import { adminTicketDetailRoute } from '../../../../contract/tickets';
import type { AppContext } from '../../../context';
import type { PrincipalLoader } from '../../../core/guard';
import type { TicketSlaNearBreach } from '../sla/sla.events';
import { selectTicketDto } from '../ticketDtos';
import { hubGroups } from '../../../hub/groups';
import { createNotifier } from '../../../hub/notification';
import { readersOfTicket } from './ticketAudiences';
import type { RelayHub } from '../../../hub/relayHub';

/** Issue 25: a ticket's assignee hears (inbox and live) that one of its SLA targets nears its breach. */
export function createSlaRelay(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'events'>>,
  hub: Pick<RelayHub, 'sendToGroups'>,
  loadReader?: PrincipalLoader,
) {
  const notifier = createNotifier(ctx, hub, loadReader);
  return async function relay(event: TicketSlaNearBreach) {
    const ticket = await selectTicketDto(ctx.db, event.ticketId);
    // Reassigned or answered since the tick: the reminder is no longer news to this assignee.
    if (!ticket || ticket.assigneeId !== event.assigneeId) return;
    await notifier({
      groups: [hubGroups.user(event.assigneeId)],
      audience: readersOfTicket(ticket, permission('Tickets', 'View')),
      about: { resource: 'tickets', recordId: ticket.id },
      kind: 'slaNearBreach',
      key: `serviceLevels.notifications.${event.target}`,
      values: { subject: ticket.subject, minutes: String(Math.max(0, event.businessMinutesLeft)) },
      link: adminTicketDetailRoute(ticket.id),
    });
  };
}
