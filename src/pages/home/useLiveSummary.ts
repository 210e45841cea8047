import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '../../providers/http';
import { useHubEvent } from '../../realtime/hooks';

/**
 * A Home figure read from its own endpoint when `allowed`, and read again whenever the hub says a record of one of
 * `resources` changed. `fetch` must be stable (a module's function). Null until read, when not allowed or on failure.
 */
export function useLiveSummary<T>(allowed: boolean, fetch: (signal?: AbortSignal) => Promise<T>, resources: readonly string[]): T | null {
  const [summary, setSummary] = useState<T | null>(null);
  const load = useCallback(
    (signal?: AbortSignal) =>
      fetch(signal).then(setSummary, (error: unknown) => {
        if (!isAbortError(error)) setSummary(null);
      }),
    [fetch],
  );
  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [allowed, load]);
  useHubEvent('ResourceChanged', (change) => {
    if (allowed && resources.includes(change.resource)) void load();
  });
  return allowed ? summary : null;
}
