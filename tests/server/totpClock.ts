import { afterAll, beforeAll, vi } from 'vitest';

/**
 * A file's clock under the test's hand (Date only; timers keep real time): the server runs in the test's process, so
 * moving it a TOTP step (30 s) gives a fresh code. Answers the function that moves it one step.
 */
export function useTotpStepClock() {
  let clock = Date.now();
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: clock });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  return () => vi.setSystemTime((clock += 30_000));
}
