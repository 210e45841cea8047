import type { RateLimitCounter } from '../../core/rateLimits';

/**
 * Failed sign-ins per account (by email, whether or not it exists) within a window; past the limit the account's
 * sign-in is held for `holdMinutes` from the failure that reached it. Counted in the database, so failures on any
 * instance add up: N instances hold after the same number of failures as one.
 */
export function createSignInHolds(counter: RateLimitCounter, options: { failuresBeforeHold: number; holdMinutes: number }) {
  const windowMs = options.holdMinutes * 60_000;
  const keyOf = (email: string) => `sign-in-failures:${email}`;

  return {
    /** Whether the account's sign-in is held, and its failures so far (a success clears them only when there are some). */
    async check(email: string) {
      const { hits } = await counter.read(keyOf(email));
      return { held: hits >= options.failuresBeforeHold, failures: hits };
    },
    async recordFailure(email: string) {
      const { hits } = await counter.hit(keyOf(email), windowMs);
      if (hits === options.failuresBeforeHold) await counter.extend(keyOf(email), windowMs);
    },
    clear: (email: string) => counter.forget(keyOf(email)),
  };
}

export type SignInHolds = ReturnType<typeof createSignInHolds>;
