import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '../../contract/tokens';
import apiEn from '../../i18n/api.en';
import { passwordHashingLimits, passwordHashRate, passwordQueue } from '../../server/modules/accounts/passwords';
import { expectEnvelope, refused } from './expectations';
import { useDemoServer } from './factories';
import { linkIn, rootTenant, type ApiAnswer } from './harness';
import { statementsOf } from './queryCounting';

// A hold after twelve failures: a burst of twenty wrong passwords holds the account only if its refusals counted.
// The line admits about five of them (two hashing, three waiting), more when a loaded machine spreads the burst out:
// at five, a CI run once admitted five and held the account by its admitted failures alone.
const FAILURES_BEFORE_HOLD = 12;
const { server, make } = useDemoServer({ limits: { failedSignInsBeforeHold: FAILURES_BEFORE_HOLD } });
const signIn = (email: string, password: string) => server.api<TokenResponse>('POST', '/api/token', { body: { email, password }, headers: rootTenant });

// A machine this slow lets a single hash wait (3 s at one a second: three in line), so a burst of twenty overflows.
const SLOW_RATE = 1;

/** The burst's answers, with how many hashes and verifies ran while it was answered. */
async function burst(count: number, call: () => Promise<ApiAnswer<unknown>>) {
  const verify = vi.spyOn(argon2, 'verify');
  const hash = vi.spyOn(argon2, 'hash');
  const answers = await Promise.all(
    Array.from({ length: count }, async () => {
      const started = performance.now();
      const answer = await call();
      return { answer, ms: performance.now() - started };
    }),
  );
  return { answers, argon2Calls: verify.mock.calls.length + hash.mock.calls.length };
}

const busyOnes = <A extends { answer: ApiAnswer<unknown> }>(answers: A[]) => answers.filter(({ answer }) => answer.status === 503);

function expectBusyAtOnce(answers: { answer: ApiAnswer<unknown>; ms: number }[]) {
  for (const { answer, ms } of busyOnes(answers)) {
    expectEnvelope(answer, 503, apiEn.auth.busy);
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After ${answer.headers.get('retry-after')}`).toBe(true);
    // "At once": well under one wait in line (3 s at this rate), on a shared test machine.
    expect(ms).toBeLessThan(2_000);
  }
}

/**
 * Every table but the request counters: those hold the per-address budget every request spends, and the admitted
 * failures; the hold checked after the burst proves the refused ones were not counted there.
 */
const snapshotBesideCounters = async () =>
  (await server.snapshot())
    .split('\n')
    .filter((line) => !line.startsWith('rate_limit_hits:'))
    .join('\n');

afterEach(() => {
  passwordHashRate.force(undefined);
  vi.restoreAllMocks();
});

describe('sign-in bursts on a slow machine', () => {
  it('a burst beyond what the measured rate gets through in time: some answer 503 busy with Retry-After at once, without hashing; the others sign in', async () => {
    const user = await make.user();
    passwordHashRate.force(SLOW_RATE);
    const { answers, argon2Calls } = await burst(20, () => signIn(user.email, user.password));
    passwordHashRate.force(undefined);

    const refusedCount = busyOnes(answers).length;
    expect(refusedCount).toBeGreaterThan(0);
    expect(refusedCount).toBeLessThan(answers.length);
    expectBusyAtOnce(answers);
    const admitted = answers.filter(({ answer }) => answer.status !== 503);
    for (const { answer } of admitted) expectEnvelope(answer, 200, apiEn.api.ok);
    expect(new Set(admitted.map(({ answer }) => (answer.body as { data: TokenResponse }).data.refreshToken)).size).toBe(admitted.length);
    // One verify per admitted sign-in and none for a refused one.
    expect(argon2Calls).toBe(admitted.length);
    expectEnvelope(await signIn(user.email, user.password), 200, apiEn.api.ok);
  });

  it('a refused wrong password changes nothing in the database and counts no failure toward the hold', async () => {
    const user = await make.user();
    const before = await snapshotBesideCounters();
    passwordHashRate.force(SLOW_RATE);
    const { answers } = await burst(20, () => signIn(user.email, `${user.password}-wrong`));
    passwordHashRate.force(undefined);

    const failures = answers.filter(({ answer }) => answer.status === 401);
    for (const { answer } of failures) expectEnvelope(answer, 401, apiEn.auth.invalidCredentials);
    expect(failures.length + busyOnes(answers).length).toBe(answers.length);
    expect(failures.length).toBeLessThan(FAILURES_BEFORE_HOLD);
    expectBusyAtOnce(answers);
    expect(await snapshotBesideCounters()).toBe(before);
    // Twenty failures would have held the account: only the admitted ones counted.
    expectEnvelope(await signIn(user.email, user.password), 200, apiEn.api.ok);
  });

  it('a sign-in the full line would refuse answers 503 before any statement: no account, hold or rate-limit count', async () => {
    const user = await make.user();
    passwordHashRate.force(SLOW_RATE);
    // Work that ends only when released fills the line: as many running as may run, as many waiting as may wait.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const filling = Array.from({ length: passwordQueue.concurrency + passwordQueue.maxWaiting }, () => passwordQueue.run(() => gate));
    try {
      expect(passwordQueue.waiting).toBe(passwordQueue.maxWaiting);
      const { result: probe, statements } = await statementsOf(server.built.database.db, () => signIn(user.email, user.password));
      expectEnvelope(probe, 503, apiEn.auth.busy);
      expect(statements).toEqual([]);
    } finally {
      passwordHashRate.force(undefined);
      open();
      await Promise.all(filling);
    }
    expectEnvelope(await signIn(user.email, user.password), 200, apiEn.api.ok);
  });

  it('an activation whose hash would wait too long answers 503 busy at once, spends nothing, and its link still works after', async () => {
    const user = await make.user({ active: false });
    const code = linkIn(
      server
        .outbox()
        .filter((mail) => mail.includes(user.email))
        .at(-1)!,
    ).searchParams.get('code');
    const activate = () => server.api('POST', '/api/users/confirm-mail', { body: { email: user.email, token: code, password: user.password } });
    // Every hashing place taken and a rate at which not even one may wait: any hash would wait over the longest wait.
    passwordHashRate.force(0.1);
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const running = Array.from({ length: passwordQueue.concurrency }, () => passwordQueue.run(() => gate));
    try {
      const answer = await refused(server, activate);
      expectEnvelope(answer, 503, apiEn.auth.busy);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      open();
      await Promise.all(running);
      passwordHashRate.force(undefined);
    }
    expectEnvelope(await activate(), 200);
    expectEnvelope(await signIn(user.email, user.password), 200, apiEn.api.ok);
  });

  it('the line follows the rate: as many may wait as the rate gets through in the longest wait, within the fixed limit', () => {
    const { maxWaitSeconds, maxWaiting } = passwordHashingLimits();
    passwordHashRate.force(2);
    expect(passwordQueue.maxWaiting).toBe(2 * maxWaitSeconds);
    passwordHashRate.force(0.1);
    expect(passwordQueue.maxWaiting).toBe(Math.floor(0.1 * maxWaitSeconds));
    passwordHashRate.force(1e6);
    expect(passwordQueue.maxWaiting).toBe(maxWaiting);
    passwordHashRate.force(undefined);
    // Measured at start with the decoy hash: the server's first hash.
    expect(passwordHashRate.perSecond()).toBeGreaterThan(0);
  });
});
