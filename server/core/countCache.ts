import type { EventBus } from './events';

/**
 * Totals of searches, kept until the resource changes (or a minute passes): paging through a result set
 * repeats the same count, which on a large table costs more than the page itself.
 */
export function createCountCache(events: EventBus, resource: string, ttlMs = 60_000, maxEntries = 500) {
  const totals = new Map<string, { total: number; at: number }>();
  events.subscribe((event) => {
    if (event.type === 'ResourceChanged' && event.resource === resource) totals.clear();
  });
  return {
    async get(key: string, count: () => Promise<number>) {
      const hit = totals.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.total;
      const total = await count();
      if (totals.size >= maxEntries) totals.delete(totals.keys().next().value!);
      totals.set(key, { total, at: Date.now() });
      return total;
    },
  };
}
