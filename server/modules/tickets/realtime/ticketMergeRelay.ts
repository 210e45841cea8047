import { eq } from 'drizzle-orm';
import { permission } from '../../../../contract/permissions';
import { ticketDetailRoute, ticketNumberOf } from '../../../../contract/tickets';
import type { AppContext } from '../../../context';
import type { PrincipalLoader } from '../../../core/guard';
import { ticketMessages } from '../../../db/schema';
import type { TicketMerged } from '../merge/ticketMerge.events';
import { selectMessageDtos, selectTicketDto } from '../ticketDtos';
import { hubGroups } from '../../../hub/groups';
import { createNotifier } from '../../../hub/notification';
import { readersOfTicket } from './ticketAudiences';
import type { RelayHub } from '../../../hub/relayHub';

const TICKET_VIEW = permission('Tickets', 'View');
const CHAT_VIEW = permission('TicketConversations', 'View');

/**
 * What a merge tells (issue 25): the source's readers that it is CLOSED (its page then reads it again and goes to the
 * target), the target's readers the line the merge wrote (their chat loads the moved messages with it), and the
 * ticket's partner a notification linking to the target. Staff see it on both tickets' groups and lists.
 */
export function createTicketMergeRelay(ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'events'>>, hub: RelayHub, loadReader?: PrincipalLoader) {
  const notifier = createNotifier(ctx, hub, loadReader);
  return async function relay(event: TicketMerged) {
    const [source, target] = await Promise.all([selectTicketDto(ctx.db, event.sourceId), selectTicketDto(ctx.db, event.targetId)]);
    if (!source || !target) return;
    const partner = hubGroups.partner(target.partnerId);
    hub.sendToGroups(
      [hubGroups.ticket(source.id), partner, hubGroups.staff],
      'TicketStatusChanged',
      { ticketId: source.id, status: source.status, previousStatus: event.previousStatus },
      readersOfTicket(source, TICKET_VIEW),
    );
    const [line] = await selectMessageDtos(ctx.db, eq(ticketMessages.id, event.messageId));
    if (line) hub.sendToGroups([hubGroups.ticket(target.id), partner], 'TicketMessageCreated', line, readersOfTicket(target, CHAT_VIEW));
    await notifier({
      groups: [partner],
      audience: readersOfTicket(target, TICKET_VIEW),
      about: { resource: 'tickets', recordId: target.id },
      kind: 'merged',
      key: 'ticketMerge.notifications.merged',
      values: { source: ticketNumberOf(source.id), target: ticketNumberOf(target.id), subject: target.subject },
      link: ticketDetailRoute(target.id),
    });
  };
}
