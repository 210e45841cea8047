import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '../../contract/tokens';
import apiEn from '../../i18n/api.en';
import { users } from '../../server/db/schema';
import { hashPassword, passwordHashRate, passwordQueue } from '../../server/modules/accounts/passwords';
import { expectEnvelope, refused } from './expectations';
import { useDemoServer } from './factories';
import { rootTenant } from './harness';

// Holds high: fifty wrong passwords at once must each answer as a wrong password, not as a hold.
const { server, make } = useDemoServer({ limits: { failedSignInsBeforeHold: 1_000 } });
const signIn = (email: string, password: string) => server.api<TokenResponse>('POST', '/api/token', { body: { email, password }, headers: rootTenant });

/** OWASP Password Storage Cheat Sheet: Argon2id at one of these (memory KiB, passes) or more, one lane or more. */
const OWASP_MINIMUMS = [
  [47104, 1],
  [19456, 2],
  [12288, 3],
  [9216, 4],
  [7168, 5],
];

/** The parameters of a PHC-encoded hash, `$argon2id$v=19$m=…,p=…,t=…$salt$hash` (the parameters in any order). */
function parametersOf(encoded: string) {
  const [, type, version, parameters] = encoded.split('$');
  if (type !== 'argon2id' || !version?.startsWith('v=') || !parameters) throw new Error(`not an encoded Argon2id hash: ${encoded}`);
  const named = Object.fromEntries(parameters.split(',').map((pair) => pair.split('=')));
  return { type, version: Number(version.slice(2)), m: Number(named.m), t: Number(named.t), p: Number(named.p) };
}

function meetsOwasp(encoded: string) {
  const { version, m, t, p } = parametersOf(encoded);
  return version === 19 && p >= 1 && OWASP_MINIMUMS.some(([minM, minT]) => m >= minM && t >= minT);
}

const storedHashOf = async (email: string) => {
  const [row] = await server.built.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
  return row.hash!;
};

/** Counts the Argon2 calls running at once while `body` runs. */
async function mostArgon2AtOnce(body: () => Promise<void>) {
  let running = 0;
  let most = 0;
  const counted =
    <A extends unknown[], R>(original: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      most = Math.max(most, ++running);
      try {
        return await original(...args);
      } finally {
        running--;
      }
    };
  const { verify, hash } = argon2;
  vi.spyOn(argon2, 'verify').mockImplementation(counted(verify));
  vi.spyOn(argon2, 'hash').mockImplementation(counted(hash) as typeof hash);
  await body();
  return most;
}

/** Runs `body` while every place of the hashing queue, running and waiting, is taken by a task that waits for it. */
async function whileQueueFull(body: () => Promise<void>) {
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const blockers = Array.from({ length: passwordQueue.concurrency + passwordQueue.maxWaiting }, () => passwordQueue.run(() => gate));
  try {
    await body();
  } finally {
    open();
    await Promise.all(blockers);
  }
}

afterEach(() => {
  passwordHashRate.force(undefined);
  vi.restoreAllMocks();
});

// A machine fast enough to get fifty through within the longest wait (a slower one answers some busy: signInBusy.test.ts).
const FAST_RATE = 1_000;

describe('sign-in bursts', () => {
  it('fifty sign-ins at once with the right password all succeed, never more hashing at once than the queue allows', async () => {
    const user = await make.user();
    passwordHashRate.force(FAST_RATE);
    let answers: Awaited<ReturnType<typeof signIn>>[] = [];
    const most = await mostArgon2AtOnce(async () => {
      answers = await Promise.all(Array.from({ length: 50 }, () => signIn(user.email, user.password)));
    });
    for (const answer of answers) expectEnvelope(answer, 200, apiEn.api.ok);
    expect(new Set(answers.map((a) => a.body.data!.refreshToken)).size).toBe(50);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(passwordQueue.concurrency);
  });

  it('fifty sign-ins at once with a wrong password, or an unknown email, all answer as a wrong password', async () => {
    const user = await make.user();
    passwordHashRate.force(FAST_RATE);
    const answers = await Promise.all([
      ...Array.from({ length: 25 }, () => signIn(user.email, `${user.password}-wrong`)),
      ...Array.from({ length: 25 }, (_, i) => signIn(`nobody-${i}@unknown.example`, user.password)),
    ]);
    for (const answer of answers) expectEnvelope(answer, 401, apiEn.auth.invalidCredentials);
  });

  it('a password hashed today is Argon2id at or above OWASP’s minimum, and so is one set through the API', async () => {
    expect(parametersOf(await hashPassword('any password')).type).toBe('argon2id');
    expect(meetsOwasp(await hashPassword('any password'))).toBe(true);
    const user = await make.user();
    expect(meetsOwasp(await storedHashOf(user.email))).toBe(true);
    expect(meetsOwasp('$argon2id$v=19$m=16384,t=2,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(false);
  });

  it('a hash of older parameters still signs in, and is made anew with today’s after the answer', async () => {
    const user = await make.user();
    const today = parametersOf(await storedHashOf(user.email));
    const older = await argon2.hash(user.password, { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 });
    await server.built.database.db.update(users).set({ passwordHash: older }).where(eq(users.id, user.id));

    expectEnvelope(await signIn(user.email, user.password), 200, apiEn.api.ok);
    const rehashed = await storedHashOf(user.email);
    expect(rehashed).not.toBe(older);
    expect(parametersOf(rehashed)).toEqual(today);
    expect(await argon2.verify(rehashed, user.password)).toBe(true);
    expectEnvelope(await signIn(user.email, user.password), 200, apiEn.api.ok);
    expect(await storedHashOf(user.email)).toBe(rehashed);
  });

  it('a wrong password against an older hash changes nothing', async () => {
    const user = await make.user();
    const older = await argon2.hash(user.password, { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 });
    await server.built.database.db.update(users).set({ passwordHash: older }).where(eq(users.id, user.id));
    expectEnvelope(await signIn(user.email, `${user.password}-wrong`), 401, apiEn.auth.invalidCredentials);
    expect(await storedHashOf(user.email)).toBe(older);
  });

  it('while the hashing queue is full, sign-ins of known and unknown emails both answer busy (the decoy is queued too), then work again', async () => {
    const user = await make.user();
    await whileQueueFull(async () => {
      for (const answer of [await signIn(user.email, user.password), await signIn('nobody@unknown.example', user.password)]) {
        expectEnvelope(answer, 503, apiEn.auth.busy);
      }
    });
    expectEnvelope(await signIn(user.email, user.password), 200);
    expectEnvelope(await signIn('nobody@unknown.example', user.password), 401, apiEn.auth.invalidCredentials);
  });

  it('while the hashing queue is full, a password change answers busy and changes nothing', async () => {
    const user = await make.user();
    const newPassword = `${user.password}-new`;
    const body = { password: user.password, newPassword, confirmNewPassword: newPassword };
    await whileQueueFull(async () => {
      expectEnvelope(await refused(server, () => server.api('POST', '/api/users/change-password', { token: user.token, body })), 503, apiEn.auth.busy);
    });
    expectEnvelope(await server.api('POST', '/api/users/change-password', { token: user.token, body }), 200, apiEn.auth.passwordChanged);
    expectEnvelope(await signIn(user.email, newPassword), 200);
  });
});
