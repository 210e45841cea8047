import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { HUB_PATH } from '../../contract/realtime';
import type { TokenResponse } from '../../contract/tokens';
import apiEn from '../../i18n/api.en';
import { refreshTokens } from '../../server/db/schema';
import type { Mail } from '../../server/mail/mailer';
import { afterAnswersSettled } from '../../server/modules/accounts/afterAnswer';
import { hashOf } from '../../server/modules/accounts/secrets';
import { openSuccessor } from '../../server/modules/accounts/successorSeal';
import { expectEnvelope, expectFieldErrors, jwtPayload, refused } from './expectations';
import { useDemoServer } from './factories';
import { linkIn, rootTenant } from './harness';

/** The mailer of this file's server, with a gate a test can close to hold every mail at the door. */
const mailGate = vi.hoisted(() => ({ held: null as Promise<void> | null, called: [] as string[] }));
vi.mock('../../server/mail/mailer', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/mail/mailer')>();
  return {
    ...real,
    createMailer: (options: Parameters<typeof real.createMailer>[0]) => {
      const mailer = real.createMailer(options);
      return {
        async send(mail: Mail) {
          mailGate.called.push(mail.to);
          if (mailGate.held) await mailGate.held;
          return mailer.send(mail);
        },
      };
    },
  };
});

const { server, make, sessions } = useDemoServer({ limits: { failedSignInsBeforeHold: 3 } });

const signInCall = (email: string, password: string) => server.api<TokenResponse>('POST', '/api/token', { body: { email, password }, headers: rootTenant });
const refresh = (pair: Pick<TokenResponse, 'token' | 'refreshToken'>) =>
  server.api<TokenResponse>('POST', '/api/token/refresh', { body: { token: pair.token, refreshToken: pair.refreshToken }, headers: rootTenant });
const revoke = (body: unknown, headers: Record<string, string> = rootTenant) => server.api('POST', '/api/token/revoke', { body, headers });
const profile = (token: string) => server.api('GET', '/api/users/profile', { token });
const refreshRow = async (refreshToken: string) =>
  (
    await server.built.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOf(refreshToken)))
  )[0];

/** Moves a rotation back in time, as if the grace period had passed (no sleeping). */
async function ageRotation(refreshToken: string, seconds: number) {
  await server.built.database.db
    .update(refreshTokens)
    .set({ rotatedAt: sql`${refreshTokens.rotatedAt} - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.tokenHash, hashOf(refreshToken)));
}

describe('refresh grace period', () => {
  it('a refresh token presented again within the grace period answers the same successor pair, and the chain lives on', async () => {
    const user = await make.user();
    const first = (await refresh(user.session)).body.data!;
    const again = await refresh(user.session);
    expectEnvelope(again, 200);
    expect(again.body.data).toEqual(first);
    expectEnvelope(await profile(first.token), 200);
    expectEnvelope(await refresh(first), 200);
  });

  it('two refreshes with the same token at once both succeed with the same pair, and that pair stays good (10 trials)', async () => {
    const user = await make.user();
    for (let trial = 0; trial < 10; trial++) {
      const pair = await server.signIn(user.email, user.password);
      const [a, b] = await Promise.all([refresh(pair), refresh(pair)]);
      expectEnvelope(a, 200);
      expectEnvelope(b, 200);
      expect(b.body.data).toEqual(a.body.data);
      expectEnvelope(await refresh(a.body.data!), 200);
    }
  });

  it('the grace period is a few seconds (10 by default): a reuse after it still revokes the whole chain', async () => {
    expect(server.config.limits.refreshGraceSeconds).toBe(10);
    const user = await make.user();
    const first = (await refresh(user.session)).body.data!;
    const second = (await refresh(first)).body.data!;
    await ageRotation(user.session.refreshToken, server.config.limits.refreshGraceSeconds + 1);

    expectEnvelope(await refresh(user.session), 401, apiEn.auth.refreshInvalid);
    expectEnvelope(await refused(server, () => refresh(second)), 401, apiEn.auth.refreshInvalid);
  });

  it('a token presented in grace after its chain was signed out is refused', async () => {
    const user = await make.user();
    const first = (await refresh(user.session)).body.data!;
    expectEnvelope(await revoke({ refreshToken: first.refreshToken }), 200, apiEn.auth.signedOut);
    expectEnvelope(await refused(server, () => refresh(user.session)), 401, apiEn.auth.refreshInvalid);
  });

  it('the successor pair is stored sealed: only the presented token and the server secret open it', async () => {
    const user = await make.user();
    const successor = (await refresh(user.session)).body.data!;
    const { successorSealed } = await refreshRow(user.session.refreshToken);
    expect(successorSealed).toEqual(expect.any(String));
    for (const secret of [successor.token, successor.refreshToken, successor.refreshTokenExpiryTime]) expect(successorSealed).not.toContain(secret);
    const secret = server.config.jwtSecret;
    expect(openSuccessor(secret, user.session.refreshToken, successorSealed!)).toEqual(successor);
    expect(openSuccessor(secret, successor.refreshToken, successorSealed!)).toBeNull();
    expect(openSuccessor(new TextEncoder().encode('another secret'), user.session.refreshToken, successorSealed!)).toBeNull();
  });
});

describe('sign-out (POST /api/token/revoke)', () => {
  it("ends that sign-in's chain on the server, whichever of its tokens is sent; other sign-ins live", async () => {
    const user = await make.user();
    const other = await server.signIn(user.email, user.password);
    const rotated = (await refresh(user.session)).body.data!;

    const answer = await revoke({ refreshToken: user.session.refreshToken });
    expectEnvelope(answer, 200, apiEn.auth.signedOut);
    expect(answer.body.data).toBeNull();
    expectEnvelope(await refused(server, () => refresh(rotated)), 401, apiEn.auth.refreshInvalid);
    expectEnvelope(await refresh(other), 200);
  });

  it('needs the root tenant and a refresh token: 400 naming the field, and nothing changes', async () => {
    const user = await make.user();
    expectFieldErrors(await refused(server, () => revoke({ refreshToken: user.session.refreshToken }, {})), ['tenant']);
    expectFieldErrors(await refused(server, () => revoke({})), ['refreshToken']);
    expectFieldErrors(await refused(server, () => revoke({ refreshToken: 42 })), ['refreshToken']);
    expectEnvelope(await refresh(user.session), 200);
  });

  it('an unknown refresh token gets the same answer and changes nothing', async () => {
    const user = await make.user();
    const known = await revoke({ refreshToken: user.session.refreshToken });
    const before = await server.snapshot();
    const unknown = await revoke({ refreshToken: 'not-a-token-we-made' });
    expect(await server.snapshot()).toBe(before);
    expect(unknown.text).toBe(known.text);
  });
});

describe('what ends sessions', () => {
  it('changing the password ends every other sign-in; the one that changed it keeps refreshing', async () => {
    const user = await make.user();
    const current = await server.signIn(user.email, user.password);
    const changed = await server.api('POST', '/api/users/change-password', {
      token: current.token,
      body: { password: user.password, newPassword: 'Changed-Pass-2024', confirmNewPassword: 'Changed-Pass-2024' },
    });
    expectEnvelope(changed, 200, apiEn.auth.passwordChanged);
    expectEnvelope(await refresh(user.session), 401, apiEn.auth.refreshInvalid);
    const next = await refresh(current);
    expectEnvelope(next, 200);
    expectEnvelope(await refresh(next.body.data!), 200);
  });

  it('a password reset ends every sign-in', async () => {
    const user = await make.user();
    const other = await server.signIn(user.email, user.password);
    expectEnvelope(await server.api('POST', '/api/users/forgot-password', { body: { email: user.email } }), 200);
    const link = linkIn(
      server
        .outbox()
        .filter((mail) => mail.includes(user.email))
        .at(-1)!,
    );
    const body = { email: user.email, token: link.searchParams.get('token'), password: 'Reset-Pass-2024' };
    expectEnvelope(await server.api('POST', '/api/users/reset-password', { body }), 200);
    for (const session of [user.session, other]) expectEnvelope(await refresh(session), 401, apiEn.auth.refreshInvalid);
  });

  it('deactivating a user ends every sign-in at once: the access token and the refresh token are refused', async () => {
    const user = await make.user();
    const other = await server.signIn(user.email, user.password);
    expectEnvelope(await server.api('POST', `/api/users/${user.id}/toggle-status`, { token: sessions['admin@example.com'].token }), 200);
    for (const session of [user.session, other]) {
      expectEnvelope(await profile(session.token), 401);
      expectEnvelope(await refresh(session), 401, apiEn.auth.refreshInvalid);
    }
    for (const row of await server.built.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id)))
      expect(row.revokedAt).not.toBeNull();
  });

  it('deleting a user ends every sign-in at once', async () => {
    const user = await make.user();
    expectEnvelope(await server.api('DELETE', `/api/users/${user.id}`, { token: sessions['admin@example.com'].token }), 200);
    expectEnvelope(await profile(user.session.token), 401);
    expectEnvelope(await refresh(user.session), 401, apiEn.auth.refreshInvalid);
  });
});

describe('access tokens without an expiry', () => {
  /** A token with the real claims of a user and our signature, but no numeric `exp`. */
  async function tokenWithoutExpiry(userId: string, exp?: string) {
    const payload: Record<string, unknown> = {
      fullName: 'No Expiry',
      email: 'x@example.com',
      role: 'Admin',
      partnerId: null,
      phone: null,
      avatar: null,
      ...(exp === undefined ? {} : { exp }),
    };
    return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(userId).setIssuedAt().sign(server.config.jwtSecret);
  }

  it('are refused with 401 by the REST guard, the refresh call and the hub (negotiate and transport requests)', async () => {
    const user = await make.user();
    const hub = (method: string, query: string, token: string) => server.api(method, `${HUB_PATH}${query}`, { token });
    const negotiated = await hub('POST', '/negotiate?negotiateVersion=1', user.token);
    expect(negotiated.status).toBe(200);
    const connectionToken = (JSON.parse(negotiated.text) as { connectionToken: string }).connectionToken;

    for (const exp of [undefined, 'never', '4102444800']) {
      const token = await tokenWithoutExpiry(user.id, exp);
      expectEnvelope(await profile(token), 401);
      expectEnvelope(await refused(server, () => refresh({ token, refreshToken: user.session.refreshToken })), 401, apiEn.auth.refreshInvalid);
      expect((await hub('POST', '/negotiate?negotiateVersion=1', token)).status).toBe(401);
      expect((await hub('DELETE', `?id=${connectionToken}`, token)).status).toBe(401);
    }
    expectEnvelope(await refresh(user.session), 200);
  });
});

describe('answers that tell nothing', () => {
  it('forgot-password answers while the mail is still held at the door, the same answer as for an unknown email', async () => {
    const user = await make.user();
    let open = () => {};
    mailGate.held = new Promise<void>((resolve) => (open = resolve));
    const mailsBefore = server.outbox().length;
    try {
      // The bound only ends the wait when the answer waits for the mail (the gate opens only after the answers).
      const ask = (email: string) =>
        fetch(`${server.url}/api/users/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
          signal: AbortSignal.timeout(15_000),
        });
      const known = await ask(user.email);
      const unknown = await ask(`nobody-${user.email}`);
      expect(known.status).toBe(200);
      expect(await known.text()).toBe(await unknown.text());
      expect(server.outbox().length).toBe(mailsBefore);
    } finally {
      mailGate.held = null;
      open();
    }
    await afterAnswersSettled(server.built.app.server);
    expect(mailGate.called).toContain(user.email);
    expect(mailGate.called).not.toContain(`nobody-${user.email}`);
    expect(server.outbox().filter((mail) => mail.includes(user.email)).length).toBeGreaterThan(0);
    expect(server.outbox().length).toBe(mailsBefore + 1);
  });

  it('a deactivated account with the right password gets exactly the answer of a wrong password, and counts toward the hold alike', async () => {
    const active = await make.user();
    const inactive = await make.user();
    expectEnvelope(await server.api('POST', `/api/users/${inactive.id}/toggle-status`, { token: sessions['admin@example.com'].token }), 200);

    const wrong = await refused(server, () => signInCall(active.email, 'a-wrong-password'));
    const right = await refused(server, () => signInCall(inactive.email, inactive.password));
    expectEnvelope(right, 401, apiEn.auth.invalidCredentials);
    expect(right.text).toBe(wrong.text);

    for (let attempt = 1; attempt < server.config.limits.failedSignInsBeforeHold; attempt++) {
      await signInCall(active.email, 'a-wrong-password');
      await signInCall(inactive.email, inactive.password);
    }
    const heldWrong = await signInCall(active.email, active.password);
    const heldRight = await signInCall(inactive.email, inactive.password);
    expectEnvelope(heldWrong, 429, apiEn.auth.signInHeld);
    expect(heldRight.text).toBe(heldWrong.text);
  });
});

it('access tokens name their sign-in chain (sid), the same across refreshes', async () => {
  const user = await make.user();
  const sid = jwtPayload(user.session.token).sid;
  expect(sid).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  expect(jwtPayload((await refresh(user.session)).body.data!.token).sid).toBe(sid);
  expect(jwtPayload((await server.signIn(user.email, user.password)).token).sid).not.toBe(sid);
});
