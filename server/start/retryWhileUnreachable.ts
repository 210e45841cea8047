import { isDatabaseUnavailable } from '../db/databaseUnavailable';
import { StorageUnavailableError } from '../files/storageUnavailable';

/** Waits between a start's attempts: doubling from the first, never over the longest. */
export interface StartRetryDelays {
  firstMs: number;
  maxMs: number;
}

/** A failover or a reboot of the database's machine takes seconds to minutes: tried again soon, then every 10 s. */
export const START_RETRY_DELAYS: StartRetryDelays = { firstMs: 500, maxMs: 10_000 };

/** What a start that failed could not reach, in words for the log; undefined when the failure is not an outage. */
export function unreachableOf(error: unknown): string | undefined {
  // Before the database's check: the store's error wraps a network error that would read as the database's.
  if (error instanceof StorageUnavailableError) return `The file store cannot be reached (${error.message})`;
  if (isDatabaseUnavailable(error)) return `The database cannot be reached (${(error as Error).message || (error as Error).name})`;
  return undefined;
}

export const delayOfAttempt = (attempt: number, delays: StartRetryDelays) => Math.min(delays.firstMs * 2 ** (attempt - 1), delays.maxMs);

/**
 * Runs `attempt` until it succeeds. A failure that says the database or the bucket cannot be reached is told to
 * `unreachable` (one line per attempt, for the log) and tried again after a growing wait; any other failure, or an abort, ends the wait.
 */
export async function retryWhileUnreachable<T>(
  attempt: () => Promise<T>,
  options: { unreachable: (message: string) => Promise<void> | void; delays?: StartRetryDelays; signal?: AbortSignal },
): Promise<T> {
  const delays = options.delays ?? START_RETRY_DELAYS;
  for (let attempts = 1; ; attempts++) {
    try {
      return await attempt();
    } catch (error) {
      const unreachable = unreachableOf(error);
      if (!unreachable || options.signal?.aborted) throw error;
      const waitMs = delayOfAttempt(attempts, delays);
      await options.unreachable(`${unreachable}: not ready; trying again in ${waitMs / 1000} s (attempt ${attempts})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        options.signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
      if (options.signal?.aborted) throw error;
    }
  }
}
