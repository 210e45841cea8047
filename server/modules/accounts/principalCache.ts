import type { EventBus } from '../../core/events';
import type { Principal, PrincipalLoader } from '../../core/guard';
import { onAccessChange } from './accessChanges';

export interface PrincipalCache {
  load: PrincipalLoader;
  /** Drops these users' principals (null: everyone's), so their next request loads them again. */
  forget(userIds: string[] | null): void;
}

/** Principals kept between requests, so a request does not spend a query on who is asking. */
function createPrincipalCache(load: PrincipalLoader, ttlMs = 10_000): PrincipalCache {
  const cached = new Map<string, { principal: Principal | null; at: number }>();
  // A load that started before a change must not put its stale answer back after the change dropped it.
  let generation = 0;
  return {
    async load(userId, claims) {
      const hit = cached.get(userId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.principal;
      const startedIn = generation;
      const principal = await load(userId, claims);
      if (startedIn !== generation) return principal;
      if (cached.size > 10_000) cached.clear();
      cached.set(userId, { principal, at: Date.now() });
      return principal;
    },
    forget(userIds) {
      generation++;
      if (userIds === null) cached.clear();
      else for (const userId of userIds) cached.delete(userId);
    },
  };
}

/**
 * The principals of this instance, one cache for the guard and the hub: a user's is dropped at once when an event
 * says their account or roles changed, on whichever instance the change was made, and all are when this instance
 * may have missed events; the time limit bounds what an event that failed to go out leaves stale (a NOTIFY lost on
 * the publishing side is not noticed by the listener, whose link stayed up), at the cost of one query per active
 * user every ten seconds.
 */
export function cachePrincipals(load: PrincipalLoader, events: EventBus, ttlMs = 10_000): PrincipalCache {
  const cache = createPrincipalCache(load, ttlMs);
  onAccessChange(events, (userIds) => cache.forget(userIds));
  events.onMissed(() => cache.forget(null));
  return cache;
}
