import type { EventBus } from '../../core/events';
import type { Principal, PrincipalLoader } from '../../core/guard';

/**
 * Principals for a few seconds, so a request does not spend three queries on who is asking. Any change to
 * users or roles empties it at once; the time limit bounds what another instance's change can leave stale.
 */
export function cachePrincipals(load: PrincipalLoader, events: EventBus, ttlMs = 10_000): PrincipalLoader {
  const cached = new Map<string, { principal: Principal | null; at: number }>();
  // A load that started before a change must not put its stale answer back after the change cleared it.
  let generation = 0;
  events.subscribe((event) => {
    if (event.type === 'ResourceChanged' && (event.resource === 'users' || event.resource === 'roles')) {
      generation++;
      cached.clear();
    }
  });
  return async (userId) => {
    const hit = cached.get(userId);
    if (hit && Date.now() - hit.at < ttlMs) return hit.principal;
    const startedIn = generation;
    const principal = await load(userId);
    if (startedIn !== generation) return principal;
    if (cached.size > 10_000) cached.clear();
    cached.set(userId, { principal, at: Date.now() });
    return principal;
  };
}
