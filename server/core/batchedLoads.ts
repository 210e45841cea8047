/**
 * Loads the values of many asks in one statement, by key; a key it did not find is missing from the map. An ask is its
 * key unless it carries more (what else to read in the same round trip: the principal cache's token claims).
 */
export type LoadMany<K, V, A = K> = (asks: A[]) => Promise<Map<K, V>>;

export interface BatchedLoads<K, V, A = K> {
  /** The value of the ask's key (undefined when not found), loaded with the other asks made meanwhile. */
  load(ask: A): Promise<V | undefined>;
  /** Loads of these keys (null: all) under way now are not shared any more: who asks next gets a load of their own. */
  forget(keys: K[] | null): void;
}

interface Pending<V, A> {
  ask: A;
  promise: Promise<V | undefined>;
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

function pendingValue<V, A>(ask: A): Pending<V, A> {
  const pending = { ask } as Pending<V, A>;
  pending.promise = new Promise<V | undefined>((resolve, reject) => Object.assign(pending, { resolve, reject }));
  return pending;
}

/**
 * Loads by key, many keys a statement: the keys asked in one turn of the event loop (the requests that arrived
 * together) are loaded together once it ends, and while `concurrency` loads are under way the keys asked wait and
 * the next load takes them all (up to `maxBatch`). Alone, a key is loaded by itself, a turn later; in a burst (every
 * client of a restarted instance coming back at once) thousands of keys cost a few statements instead of one each,
 * which on a busy machine is most of what a connect costs. A key asked again while it waits or loads shares that load
 * (the first ask of it is the one loaded).
 */
export function batchedLoads<K, V, A = K>(
  loadMany: LoadMany<K, V, A>,
  options: { concurrency?: number; maxBatch?: number; keyOf?: (ask: A) => K } = {},
): BatchedLoads<K, V, A> {
  const { concurrency = 1, maxBatch = 500 } = options;
  const keyOf = options.keyOf ?? ((ask: A) => ask as unknown as K);
  const waiting = new Map<K, Pending<V, A>>();
  const loading = new Map<K, Promise<V | undefined>>();
  let running = 0;
  let turnEnd: NodeJS.Immediate | undefined;

  function startLoads() {
    while (running < concurrency && waiting.size > 0) {
      const batch = [...waiting].slice(0, maxBatch);
      for (const [key, pending] of batch) {
        waiting.delete(key);
        loading.set(key, pending.promise);
      }
      running++;
      loadMany(batch.map(([, pending]) => pending.ask))
        .then(
          (found) => batch.forEach(([key, pending]) => pending.resolve(found.get(key))),
          (error: unknown) => batch.forEach(([, pending]) => pending.reject(error)),
        )
        .finally(() => {
          for (const [key, pending] of batch) if (loading.get(key) === pending.promise) loading.delete(key);
          running--;
          startLoads();
        });
    }
  }

  return {
    load(ask) {
      const key = keyOf(ask);
      const shared = loading.get(key) ?? waiting.get(key)?.promise;
      if (shared) return shared;
      const pending = pendingValue<V, A>(ask);
      waiting.set(key, pending);
      turnEnd ??= setImmediate(() => {
        turnEnd = undefined;
        startLoads();
      });
      return pending.promise;
    },
    forget(keys) {
      if (keys === null) loading.clear();
      else for (const key of keys) loading.delete(key);
    },
  };
}
