import type { AppContext } from '../context';
import type { PrincipalLoader } from '../core/guard';
import type { EventBus } from '../core/events';
import { loadPrincipal } from '../modules/accounts/principal';
import { storeNotification, type NotificationToStore } from '../modules/notifications/notifications.service';
import { principalMayHear, type HubAudience } from './audience';
import { cachedGroupMembers, uncachedGroupMembers, type GroupMembers } from './groupMembers';
import { hubGroups } from './groups';
import type { RelayHub as RealtimeSender } from './relayHub';

/** What a relay tells: where its readers are (hub groups), who among them may read it, and the message. */
export type RelayNotification = Omit<NotificationToStore, 'readers'> & {
  /** Hub groups (`user:…`, `partner:…`, `staff`): the active users they hold now are the candidates. */
  groups: string[];
  /** Who among them may read the record, checked against each user's principal as it is now. */
  audience: HubAudience;
  /** Users told the same news by a more precise notification (an auto-assigned ticket's assignee). */
  except?: string[];
};

/** One cache of group members per instance (its event bus), whichever relays notify. */
const membersByBus = new WeakMap<EventBus, GroupMembers>();

function groupMembersFor(ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'events'>>): GroupMembers {
  if (!ctx.events) return uncachedGroupMembers(ctx.db);
  let members = membersByBus.get(ctx.events);
  if (!members) membersByBus.set(ctx.events, (members = cachedGroupMembers(ctx.db, ctx.events)));
  return members;
}

/**
 * How a relay notifies: the notification is stored for each user the groups hold who may read what it tells of
 * (the inbox, modules/notifications), then sent as ReceiveNotification to those users' connections on every
 * instance. Relays run on the instance that made the change only, so each event is stored once. `load` is the
 * instance's principal cache (the hub's own), and the groups' members are kept per instance too (groupMembers.ts):
 * a notification costs its one insert.
 */
export function createNotifier(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'events'>>,
  hub: Pick<RealtimeSender, 'sendToGroups'>,
  load?: PrincipalLoader,
) {
  const principalOf = load ?? ((userId: string) => loadPrincipal(ctx.db, userId));
  const membersOf = groupMembersFor(ctx);
  /**
   * `along`: the relay's live sends of the same change. They go out just ahead of the notification, in the same
   * tick, so that one NOTIFY carries both to the other instances (stored or not, failed or not).
   */
  return async function notify({ groups, audience, except = [], ...notification }: RelayNotification, along?: () => void) {
    let stored: Awaited<ReturnType<typeof storeNotification>> = null;
    let readers: string[] = [];
    try {
      const candidates = (await membersOf(groups)).filter((id) => !except.includes(id));
      const principals = await Promise.all(candidates.map((id) => principalOf(id)));
      readers = candidates.filter((_, index) => {
        const principal = principals[index];
        return !!principal && principalMayHear(principal, audience);
      });
      stored = await storeNotification(ctx.db, { ...notification, readers });
    } finally {
      along?.();
    }
    if (stored) hub.sendToGroups(readers.map(hubGroups.user), 'ReceiveNotification', stored, audience);
  };
}
