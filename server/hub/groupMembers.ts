import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { EventBus } from '../core/events';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hubGroups } from './groups';

/** The active users hub groups hold now: a user's own group, a partner's users, staff (users without a partner). */
export type GroupMembers = (groups: string[]) => Promise<string[]>;

const ACTIVE = and(eq(users.isActive, true), isNull(users.deletedAt))!;
const USER = hubGroups.user('');
const PARTNER = hubGroups.partner('');

/** Who the groups hold, in one query (the groups a notification names are read together). */
async function readMembers(db: Db, groups: string[]): Promise<Map<string, string[]>> {
  const ids = groups.filter((g) => g.startsWith(USER)).map((g) => g.slice(USER.length));
  const partnerIds = groups.filter((g) => g.startsWith(PARTNER)).map((g) => g.slice(PARTNER.length));
  const who: SQL[] = [];
  if (ids.length) who.push(inArray(users.id, ids));
  if (partnerIds.length) who.push(inArray(users.partnerId, partnerIds));
  if (groups.includes(hubGroups.staff)) who.push(isNull(users.partnerId));
  const rows = who.length
    ? await db
        .select({ id: users.id, partnerId: users.partnerId })
        .from(users)
        .where(and(ACTIVE, or(...who)))
    : [];
  const members = (group: string) =>
    rows
      .filter((row) =>
        group === hubGroups.staff
          ? row.partnerId === null
          : group.startsWith(PARTNER)
            ? row.partnerId === group.slice(PARTNER.length)
            : row.id === group.slice(USER.length),
      )
      .map((row) => row.id);
  return new Map(groups.map((group) => [group, members(group)]));
}

const union = (lists: string[][]) => [...new Set(lists.flat())];

/** Without events to drop them by: read at each call. */
export const uncachedGroupMembers =
  (db: Db): GroupMembers =>
  async (groups) =>
    union([...(await readMembers(db, groups)).values()]);

/**
 * The members of each group kept per instance, so a notification spends no query on who its groups hold: every
 * user event (an account activated, deactivated, deleted or moved to another partner: the only ways a user joins
 * or leaves a group) drops them all, on whichever instance it was made, and so does a possible loss of events; the
 * time limit bounds what an event that failed to go out leaves stale, as the principal cache does. Whether each
 * member may read what is told is the audience's check, on their principal, not this.
 */
export function cachedGroupMembers(db: Db, events: EventBus, ttlMs = 10_000): GroupMembers {
  const cached = new Map<string, { members: string[]; at: number }>();
  // A read that started before a change must not put its stale answer back after the change dropped it.
  let generation = 0;
  const forget = () => {
    generation += 1;
    cached.clear();
  };
  for (const type of ['UserChanged', 'UserDeactivated', 'UserDeleted'] as const) events.subscribe(type, forget);
  events.onMissed(forget);

  return async (groups) => {
    const now = Date.now();
    const fresh = (group: string) => {
      const hit = cached.get(group);
      return !!hit && now - hit.at < ttlMs;
    };
    if (groups.every(fresh)) return union(groups.map((group) => cached.get(group)!.members));
    // One read for all the groups (as cheap as for the missing ones alone), kept unless a change came meanwhile.
    const startedIn = generation;
    const read = await readMembers(db, groups);
    if (startedIn === generation) {
      if (cached.size > 10_000) cached.clear();
      for (const [group, members] of read) cached.set(group, { members, at: now });
    }
    return union([...read.values()]);
  };
}
