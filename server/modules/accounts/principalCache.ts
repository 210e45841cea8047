import type { EventBus } from '../../core/events';
import type { Principal, PrincipalLoader } from '../../core/guard';

/**
 * Principals for a few seconds, so a request does not spend three queries on who is asking. Any change to
 * users or roles empties it at once; the time limit bounds what another instance's change can leave stale.
 */
export function cachePrincipals(load: PrincipalLoader, events: EventBus, ttlMs = 10_000): PrincipalLoader {
  const cached = new Map<string, { principal: Principal | null; at: number }>();
  events.subscribe((event) => {
    if (event.type === 'ResourceChanged' && (event.resource === 'users' || event.resource === 'roles')) cached.clear();
  });
  return async (userId) => {
    const hit = cached.get(userId);
    if (hit && Date.now() - hit.at < ttlMs) return hit.principal;
    const principal = await load(userId);
    if (cached.size > 10_000) cached.clear();
    cached.set(userId, { principal, at: Date.now() });
    return principal;
  };
}
