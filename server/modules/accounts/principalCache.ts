import { batchedLoads, type LoadMany } from '../../core/batchedLoads';
import type { EventBus } from '../../core/events';
import type { AccessTokenClaims } from '../../../contract/tokens';
import type { Principal, PrincipalLoader } from '../../core/guard';
import { onAccessChange } from './accessChanges';

export interface PrincipalCache {
  load: PrincipalLoader;
  /** Drops these users' principals (null: everyone's), so their next request loads them again. */
  forget(userIds: string[] | null): void;
}

/** A user the cache does not keep, asked for with the claims of the token that names them (when there is one). */
export interface PrincipalAsk {
  userId: string;
  claims?: AccessTokenClaims | undefined;
}

/**
 * Principals kept between requests, so a request does not spend a query on who is asking. Those not kept are loaded
 * many a statement when many are asked at once (batchedLoads: a restarted instance's clients all coming back).
 */
function createPrincipalCache(loadMany: LoadMany<string, Principal, PrincipalAsk>, ttlMs = 10_000): PrincipalCache {
  const cached = new Map<string, { principal: Principal | null; at: number }>();
  const loads = batchedLoads(loadMany, { keyOf: (ask) => ask.userId });
  // A load that started before a change must not put its stale answer back after the change dropped it.
  let generation = 0;
  return {
    async load(userId, claims) {
      const hit = cached.get(userId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.principal;
      const startedIn = generation;
      const principal = (await loads.load({ userId, claims })) ?? null;
      if (startedIn !== generation) return principal;
      if (cached.size > 10_000) cached.clear();
      cached.set(userId, { principal, at: Date.now() });
      return principal;
    },
    forget(userIds) {
      generation++;
      loads.forget(userIds);
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
export function cachePrincipals(loadMany: LoadMany<string, Principal, PrincipalAsk>, events: EventBus, ttlMs = 10_000): PrincipalCache {
  const cache = createPrincipalCache(loadMany, ttlMs);
  onAccessChange(events, (userIds) => cache.forget(userIds));
  events.onMissed(() => cache.forget(null));
  return cache;
}
