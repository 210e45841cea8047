import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RateLimitCounter } from '../../core/rateLimits';
import { rateLimitHits } from '../../core/rateLimits.schema';

const failuresKeyOf = (email: string) => `sign-in-failures:${email}`;
/** The marker of a running hold: written when a hold starts, ending with it; the users list reads it (heldUntil). */
const HELD_PREFIX = 'sign-in-held:';
const heldKeyOf = (email: string) => `${HELD_PREFIX}${email}`;

/**
 * When the sign-in of the account whose email is in `emailColumn` is held, as SQL (null when it is not): a
 * correlated read of the hold's marker, so a page of users costs no query per row.
 */
export const heldUntilOf = (emailColumn: AnyPgColumn): SQL<Date | string | null> =>
  sql`(select ${rateLimitHits.windowEndsAt} from ${rateLimitHits} where ${rateLimitHits.key} = ${HELD_PREFIX} || lower(${emailColumn}) and ${rateLimitHits.windowEndsAt} > now())`;

/**
 * Failed sign-ins per account (by email, whether or not it exists) within a window; past the limit the account's
 * sign-in is held for `holdMinutes` from the failure that reached it. Counted in the database, so failures on any
 * instance add up: N instances hold after the same number of failures as one. The failure that starts a hold also
 * writes the hold's marker (for every email alike, known or not), so an admin sees until when and may lift it.
 */
export function createSignInHolds(counter: RateLimitCounter, options: { failuresBeforeHold: number; holdMinutes: number }) {
  const windowMs = options.holdMinutes * 60_000;

  /** The failure numbered `hits` starts the hold when it reached the limit: the hold runs from it, its marker written. */
  async function startHoldAt(email: string, hits: number) {
    if (hits !== options.failuresBeforeHold) return false;
    await counter.extend(failuresKeyOf(email), windowMs);
    await counter.hit(heldKeyOf(email), windowMs);
    await counter.extend(heldKeyOf(email), windowMs);
    return true;
  }

  return {
    /** Whether the account's sign-in is held, and its failures so far (a success clears them only when there are some). */
    async check(email: string) {
      const { hits } = await counter.read(failuresKeyOf(email));
      return { held: hits >= options.failuresBeforeHold, failures: hits };
    },
    /** Counts a failure; `holdStarted` is true for exactly one failure per hold: the one that reached the limit. */
    async recordFailure(email: string) {
      const { hits } = await counter.hit(failuresKeyOf(email), windowMs);
      return { holdStarted: await startHoldAt(email, hits) };
    },
    /**
     * Counts an answer before it is checked, in one conditional statement, so answers racing each other are never
     * checked past the limit: null when the account is held (nothing counted), else the answer's number. A checked
     * answer that failed is then `failedAt` its number; one that succeeded clears the count.
     */
    claimAttempt: (email: string) => counter.hitUnder(failuresKeyOf(email), windowMs, options.failuresBeforeHold),
    /** The claimed answer `attempt` failed: `holdStarted` for the one that reached the limit. */
    failedAt: async (email: string, attempt: number) => ({ holdStarted: await startHoldAt(email, attempt) }),
    clear: (email: string) => Promise.all([counter.forget(failuresKeyOf(email)), counter.forget(heldKeyOf(email))]).then(() => undefined),
  };
}

export type SignInHolds = ReturnType<typeof createSignInHolds>;
