import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { PrincipalLoader } from '../core/guard';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { loadPrincipal } from '../modules/accounts/principal';
import { storeNotification, type NotificationToStore } from '../modules/notifications/notifications.service';
import { principalMayHear, type HubAudience } from './audience';
import { hubGroups } from './groups';
import type { TicketRelayHub as RealtimeSender } from './ticketRelay';

export { inEveryLanguage } from '../mail/inEveryLanguage';

/** What a relay tells: where its readers are (hub groups), who among them may read it, and the message. */
export type RelayNotification = Omit<NotificationToStore, 'readers'> & {
  /** Hub groups (`user:…`, `partner:…`, `staff`): the active users they hold now are the candidates. */
  groups: string[];
  /** Who among them may read the record, checked against each user's principal as it is now. */
  audience: HubAudience;
  /** Users told the same news by a more precise notification (an auto-assigned ticket's assignee). */
  except?: string[];
};

const ACTIVE = and(eq(users.isActive, true), isNull(users.deletedAt))!;

/** The active users the groups hold: a user's own group, a partner's users, staff (users without a partner). */
async function usersInGroups(db: Db, groups: string[]): Promise<string[]> {
  const userPrefix = hubGroups.user('');
  const partnerPrefix = hubGroups.partner('');
  const ids = groups.filter((g) => g.startsWith(userPrefix)).map((g) => g.slice(userPrefix.length));
  const partnerIds = groups.filter((g) => g.startsWith(partnerPrefix)).map((g) => g.slice(partnerPrefix.length));
  const who: SQL[] = [];
  if (ids.length) who.push(inArray(users.id, ids));
  if (partnerIds.length) who.push(inArray(users.partnerId, partnerIds));
  if (groups.includes(hubGroups.staff)) who.push(isNull(users.partnerId));
  if (!who.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ACTIVE, or(...who)));
  return rows.map((r) => r.id);
}

/**
 * How a relay notifies: the notification is stored for each user the groups hold who may read what it tells of
 * (the inbox, modules/notifications), then sent as ReceiveNotification to those users' connections on every
 * instance. Relays run on the instance that made the change only, so each event is stored once. `load` is the
 * instance's principal cache (the hub's own), so connected readers cost no query.
 */
export function createNotifier(ctx: Pick<AppContext, 'db'>, hub: Pick<RealtimeSender, 'sendToGroups'>, load?: PrincipalLoader) {
  const principalOf = load ?? ((userId: string) => loadPrincipal(ctx.db, userId));
  return async function notify({ groups, audience, except = [], ...notification }: RelayNotification) {
    const candidates = (await usersInGroups(ctx.db, groups)).filter((id) => !except.includes(id));
    const principals = await Promise.all(candidates.map(principalOf));
    const readers = candidates.filter((_, index) => {
      const principal = principals[index];
      return !!principal && principalMayHear(principal, audience);
    });
    const stored = await storeNotification(ctx.db, { ...notification, readers });
    if (stored) hub.sendToGroups(readers.map(hubGroups.user), 'ReceiveNotification', stored, audience);
  };
}
