import type { EventBus } from './events';

/**
 * Totals of searches, kept until the resource changes on any instance (or a minute passes): paging through a
 * result set repeats the same count, which on a large table costs more than the page itself.
 */
export function createCountCache<T = number>(events: EventBus, resource: string, ttlMs = 60_000, maxEntries = 500) {
  const totals = new Map<string, { total: T; at: number }>();
  // A count that started before a change must not be kept after the change cleared the cache.
  let generation = 0;
  const forgetAll = () => {
    generation++;
    totals.clear();
  };
  events.subscribe('ResourceChanged', (event) => {
    if (event.resource === resource) forgetAll();
  });
  events.onMissed(forgetAll);
  return {
    async get(key: string, count: () => Promise<T>): Promise<T> {
      const hit = totals.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.total;
      const startedIn = generation;
      const total = await count();
      if (startedIn !== generation) return total;
      if (totals.size >= maxEntries) totals.delete(totals.keys().next().value!);
      totals.set(key, { total, at: Date.now() });
      return total;
    },
  };
}
