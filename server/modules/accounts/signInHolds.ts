/**
 * Failed sign-ins per account (by email, whether or not it exists) within a window; past the limit the
 * account's sign-in is held. Kept in memory: a refused sign-in changes nothing in the database.
 */
export function createSignInHolds(options: { failuresBeforeHold: number; holdMinutes: number }, now = () => Date.now()) {
  const windowMs = options.holdMinutes * 60_000;
  const failures = new Map<string, number[]>();
  const heldUntil = new Map<string, number>();

  return {
    isHeld(email: string) {
      const until = heldUntil.get(email);
      if (until && until > now()) return true;
      heldUntil.delete(email);
      return false;
    },
    recordFailure(email: string) {
      const recent = (failures.get(email) ?? []).filter((t) => t > now() - windowMs);
      recent.push(now());
      failures.set(email, recent);
      if (recent.length >= options.failuresBeforeHold) {
        heldUntil.set(email, now() + windowMs);
        failures.delete(email);
      }
    },
    clear(email: string) {
      failures.delete(email);
    },
  };
}

export type SignInHolds = ReturnType<typeof createSignInHolds>;
