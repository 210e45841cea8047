import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_HEADER } from '../../contract/http';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, type TokenResponse } from '../../contract/tokens';
import apiEn from '../../i18n/api.en';
import validationEn from '../../i18n/validation.en';
import { partners, refreshTokens, users } from '../../server/db/schema';
import { hashOf } from '../../server/modules/accounts/secrets';
import { DEMO_USERS } from '../../server/modules/users/users.demo';
import { expectEnvelope, expectFieldErrors, fieldMessage, jwtPayload, refused, unsignedJwt } from './expectations';
import { useDemoServer } from './factories';
import { DEMO_PASSWORD, rootTenant, startServer, type TestServer } from './harness';

const { server, make, roleIds, partnerIds } = useDemoServer();
/** A Partner user of Globex, made for one test: sign-in holds and deactivation never touch a demo account. */
const partnerUser = () => make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Globex Trading'] });

const signInCall = (body: unknown, headers: Record<string, string> = rootTenant) => server.api<TokenResponse>('POST', '/api/token', { body, headers });
const refreshCall = (body: unknown, headers: Record<string, string> = rootTenant) => server.api<TokenResponse>('POST', '/api/token/refresh', { body, headers });
const refresh = (pair: TokenResponse) => refreshCall({ token: pair.token, refreshToken: pair.refreshToken });
const profile = (token: string) => server.api('GET', '/api/users/profile', { token });

async function userId(email: string) {
  const [row] = await server.built.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

/** An access token with the real claims of `email`, signed with our secret, that expired a minute ago. */
async function expiredAccessToken(email: string, secret = server.config.jwtSecret) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ fullName: 'Someone', email, role: 'Admin', partnerId: null, phone: null, avatar: null })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(await userId(email))
    .setIssuedAt(now - ACCESS_TOKEN_SECONDS - 60)
    .setExpirationTime(now - 60)
    .sign(secret);
}

describe('sign-in (POST /api/token)', () => {
  it('each demo account signs in and its access token carries the claims of DESIGN.md, and no permissions', async () => {
    const partnerRows = await server.built.database.db.select({ id: partners.id, name: partners.name }).from(partners);
    const partnerId = (name: string) => partnerRows.find((p) => p.name === name)!.id;
    const expectedPartner: Record<string, string | null> = {
      'admin@example.com': null,
      'support@example.com': null,
      'partner.admin@acme.example': partnerId('Acme Logistics'),
      'partner@acme.example': partnerId('Acme Logistics'),
      'partner@globex.example': partnerId('Globex Trading'),
    };
    for (const demo of DEMO_USERS) {
      const answer = await signInCall({ email: demo.email, password: DEMO_PASSWORD });
      expectEnvelope(answer, 200, apiEn.api.ok);
      const { token, refreshToken, refreshTokenExpiryTime } = answer.body.data!;
      expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8'))).toMatchObject({ alg: 'HS256' });
      const claims = jwtPayload(token);
      expect(claims).toMatchObject({
        sub: await userId(demo.email),
        fullName: `${demo.firstName} ${demo.lastName}`,
        email: demo.email,
        role: demo.role,
        partnerId: expectedPartner[demo.email],
        phone: null,
        avatar: null,
      });
      expect(Object.keys(claims).sort()).toEqual(['avatar', 'email', 'exp', 'fullName', 'iat', 'partnerId', 'phone', 'role', 'sid', 'sub']);
      const now = Date.now() / 1000;
      expect(claims.exp as number).toBeGreaterThan(now + ACCESS_TOKEN_SECONDS - 30);
      expect(claims.exp as number).toBeLessThanOrEqual(now + ACCESS_TOKEN_SECONDS + 1);
      expect(refreshToken.length).toBeGreaterThanOrEqual(40);
      expect(refreshToken).not.toContain('.');
      const refreshExpiry = Date.parse(refreshTokenExpiryTime);
      expect(Math.abs(refreshExpiry - (Date.now() + REFRESH_TOKEN_SECONDS * 1000))).toBeLessThan(60_000);
      expectEnvelope(await profile(token), 200);
    }
  });

  it('the email is matched whatever its case and surrounding spaces', async () => {
    const answer = await signInCall({ email: '  Admin@EXAMPLE.com ', password: DEMO_PASSWORD });
    expectEnvelope(answer, 200);
    expect(jwtPayload(answer.body.data!.token).email).toBe('admin@example.com');
  });

  it('a missing or wrong tenant header answers 400 on the tenant field and changes nothing', async () => {
    const body = { email: 'admin@example.com', password: DEMO_PASSWORD };
    const tenants: Record<string, string>[] = [{}, { [TENANT_HEADER]: 'acme' }, { [TENANT_HEADER]: 'ROOT' }, { [TENANT_HEADER]: 'root,root' }];
    for (const headers of tenants) {
      const answer = await refused(server, () => signInCall(body, headers));
      expectFieldErrors(answer, [TENANT_HEADER]);
      expect(answer.body.message).toBe(apiEn.api.tenantInvalid);
    }
  });

  it('missing fields answer 400 naming each of them', async () => {
    const none = await refused(server, () => signInCall({}));
    expectFieldErrors(none, ['email', 'password']);
    expect(none.body.message).toBe(apiEn.api.validationFailed);
    expect(fieldMessage(none, 'email')).toBe(validationEn.validation.required);
    expectFieldErrors(await refused(server, () => signInCall({ email: 'admin@example.com' })), ['password']);
    expectFieldErrors(await refused(server, () => signInCall({ password: DEMO_PASSWORD })), ['email']);
    expectFieldErrors(await refused(server, () => signInCall({ email: '', password: '' })), ['email', 'password']);
    expectFieldErrors(await refused(server, () => signInCall({ email: null, password: null })), ['email', 'password']);
  });

  it('wrong-typed fields answer 400 naming each of them, with nothing cast', async () => {
    const answer = await refused(server, () => signInCall({ email: 42, password: ['Portal@123'] }));
    expectFieldErrors(answer, ['email', 'password']);
    expect(fieldMessage(answer, 'email')).toBe(validationEn.validation.typeError);
    expectFieldErrors(await refused(server, () => signInCall({ email: { $ne: '' }, password: true })), ['email', 'password']);
    expectFieldErrors(await refused(server, () => signInCall({ email: 'admin@example.com', password: 123456789 })), ['password']);
  });

  it('an email that is not an email and an overlong password answer 400 on their fields', async () => {
    const answer = await refused(server, () => signInCall({ email: 'admin at example.com', password: DEMO_PASSWORD }));
    expectFieldErrors(answer, ['email']);
    expect(fieldMessage(answer, 'email')).toBe(validationEn.validation.email);
    expectFieldErrors(await refused(server, () => signInCall({ email: 'admin@example.com', password: 'x'.repeat(129) })), ['password']);
  });

  it('a body that is not a JSON object answers 400', async () => {
    for (const body of [[], 'admin@example.com', 7]) expectEnvelope(await refused(server, () => signInCall(body)), 400, apiEn.api.bodyRequired);
    expectEnvelope(await refused(server, () => server.api('POST', '/api/token', { headers: rootTenant })), 400, apiEn.api.bodyRequired);
  });

  it('a wrong password and an unknown email both answer 401 with the same message', async () => {
    const wrong = await refused(server, () => signInCall({ email: 'admin@example.com', password: 'Portal@1234' }));
    const unknown = await refused(server, () => signInCall({ email: 'nobody@example.com', password: DEMO_PASSWORD }));
    expectEnvelope(wrong, 401, apiEn.auth.invalidCredentials);
    expectEnvelope(unknown, 401, apiEn.auth.invalidCredentials);
    expect(unknown.text).toBe(wrong.text);
    expect(wrong.body.errors).toBeUndefined();
  });

  it('five failed sign-ins hold the account (429, even with the right password), with the same answer for an account that does not exist', async () => {
    const { email: held, password } = await partnerUser();
    const ghost = `ghost.${held}`;
    for (let i = 0; i < 5; i++) {
      // The fifth failure starts the hold, whose mail to the holder carries a reset token (a row): not a refusal that changes nothing.
      const failure = () => signInCall({ email: held, password: `wrong-${i}-password` });
      expectEnvelope(i < 4 ? await refused(server, failure) : await failure(), 401, apiEn.auth.invalidCredentials);
      expectEnvelope(await refused(server, () => signInCall({ email: ghost, password: `wrong-${i}-password` })), 401, apiEn.auth.invalidCredentials);
    }
    const right = await refused(server, () => signInCall({ email: held, password }));
    expectEnvelope(right, 429, apiEn.auth.signInHeld);
    const upper = await refused(server, () => signInCall({ email: held.toUpperCase(), password }));
    expectEnvelope(upper, 429, apiEn.auth.signInHeld);
    const ghostAnswer = await refused(server, () => signInCall({ email: ghost, password: DEMO_PASSWORD }));
    expectEnvelope(ghostAnswer, 429, apiEn.auth.signInHeld);
    expect(ghostAnswer.text).toBe(right.text);
    // The hold is per account: others still sign in.
    expectEnvelope(await signInCall({ email: 'admin@example.com', password: DEMO_PASSWORD }), 200);
  });

  it('a successful sign-in clears the failures counted so far', async () => {
    // 3 + 2 failures would reach the hold of 5 if the success between them did not clear the count.
    const { email, password } = await partnerUser();
    for (let i = 0; i < 3; i++) expectEnvelope(await signInCall({ email, password: 'not-the-password' }), 401);
    expectEnvelope(await signInCall({ email, password }), 200);
    for (let i = 0; i < 2; i++) expectEnvelope(await signInCall({ email, password: 'not-the-password' }), 401);
    expectEnvelope(await signInCall({ email, password }), 200);
  });
});

describe('refresh (POST /api/token/refresh)', () => {
  it('rotates: a new pair for the same user, and the new pair refreshes again', async () => {
    const first = await server.signIn('admin@example.com');
    const answer = await refresh(first);
    expectEnvelope(answer, 200);
    const second = answer.body.data!;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(jwtPayload(second.token).sub).toBe(jwtPayload(first.token).sub);
    expectEnvelope(await profile(second.token), 200);
    const third = await refresh(second);
    expectEnvelope(third, 200);
    expect(third.body.data!.refreshToken).not.toBe(second.refreshToken);
  });

  it('a refresh token reused after its grace period is refused and revokes the whole sign-in chain (the newest one stops working too)', async () => {
    const first = await server.signIn('partner@acme.example');
    const other = await server.signIn('partner@acme.example');
    const second = (await refresh(first)).body.data!;
    const third = (await refresh(second)).body.data!;
    await server.built.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - (server.config.limits.refreshGraceSeconds + 60) * 1000) })
      .where(eq(refreshTokens.tokenHash, hashOf(first.refreshToken)));

    const reused = await refresh(first);
    expectEnvelope(reused, 401, apiEn.auth.refreshInvalid);
    const newest = await refused(server, () => refresh(third));
    expectEnvelope(newest, 401, apiEn.auth.refreshInvalid);

    const chain = await server.built.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOf(third.refreshToken)));
    expect(chain[0].revokedAt).not.toBeNull();
    // Another sign-in of the same user is another chain, untouched.
    expectEnvelope(await refresh(other), 200);
  });

  it('accepts an expired access token of the same user: that is what refreshing is for', async () => {
    const pair = await server.signIn('admin@example.com');
    const answer = await refresh({ ...pair, token: await expiredAccessToken('admin@example.com') });
    expectEnvelope(answer, 200);
  });

  it('a tampered, alg:none, foreign-secret or HS512 access token is refused with 401, and the refresh token stays good', async () => {
    const pair = await server.signIn('partner@acme.example');
    const [header, payload, signature] = pair.token.split('.');
    const claims = jwtPayload(pair.token);
    const adminId = await userId('admin@example.com');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'Admin' })).toString('base64url')}.${signature}`;
    const badSignature = `${header}.${payload}.${signature.slice(0, -4)}AAAA`;
    const algNone = unsignedJwt({ alg: 'none', typ: 'JWT' }, claims);
    const algNoneAdmin = unsignedJwt({ alg: 'none', typ: 'JWT' }, { ...claims, sub: adminId });
    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-entirely-32-bytes-long'));
    const hs512 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).sign(server.config.jwtSecret);
    for (const token of [tampered, badSignature, algNone, algNoneAdmin, foreign, hs512, 'not-a-jwt', `${header}.${payload}`]) {
      const answer = await refused(server, () => refreshCall({ token, refreshToken: pair.refreshToken }));
      expectEnvelope(answer, 401, apiEn.auth.refreshInvalid);
    }
    expectEnvelope(await refresh(pair), 200);
  });

  it("another user's access token with my refresh token is refused without burning the refresh token", async () => {
    const mine = await server.signIn('partner@acme.example');
    const theirs = await server.signIn('admin@example.com');
    expectEnvelope(await refused(server, () => refreshCall({ token: theirs.token, refreshToken: mine.refreshToken })), 401, apiEn.auth.refreshInvalid);
    expectEnvelope(await refresh(mine), 200);
  });

  it('an unknown or expired refresh token answers 401', async () => {
    const pair = await server.signIn('admin@example.com');
    expectEnvelope(await refused(server, () => refreshCall({ token: pair.token, refreshToken: 'A'.repeat(43) })), 401, apiEn.auth.refreshInvalid);
    await server.built.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashOf(pair.refreshToken)));
    expectEnvelope(await refused(server, () => refresh(pair)), 401, apiEn.auth.refreshInvalid);
  });

  it('missing, wrong-typed and oversized fields answer 400; a missing tenant answers 400', async () => {
    const pair = await server.signIn('admin@example.com');
    expectFieldErrors(await refused(server, () => refreshCall({})), ['token', 'refreshToken']);
    expectFieldErrors(await refused(server, () => refreshCall({ token: pair.token })), ['refreshToken']);
    expectFieldErrors(await refused(server, () => refreshCall({ token: 1, refreshToken: { value: pair.refreshToken } })), ['token', 'refreshToken']);
    expectFieldErrors(await refused(server, () => refreshCall({ token: pair.token, refreshToken: 'x'.repeat(2049) })), ['refreshToken']);
    expectFieldErrors(await refused(server, () => refreshCall({ token: pair.token, refreshToken: pair.refreshToken }, {})), [TENANT_HEADER]);
    expectEnvelope(await refresh(pair), 200);
  });
});

describe('access tokens on a protected route', () => {
  it('an expired access token answers 401 with the expired message', async () => {
    const answer = await refused(server, async () => profile(await expiredAccessToken('partner@acme.example')));
    expectEnvelope(answer, 401, apiEn.api.tokenExpired);
  });

  it('a tampered, alg:none, foreign-secret, HS512 or malformed token answers 401 asking to sign in', async () => {
    const pair = await server.signIn('partner@acme.example');
    const [header, , signature] = pair.token.split('.');
    const claims = jwtPayload(pair.token);
    const adminClaims = { ...claims, sub: await userId('admin@example.com') };
    const tokens = [
      `${header}.${Buffer.from(JSON.stringify(adminClaims)).toString('base64url')}.${signature}`,
      unsignedJwt({ alg: 'none', typ: 'JWT' }, adminClaims),
      unsignedJwt({ alg: 'none' }, claims, signature),
      await new SignJWT(adminClaims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-entirely-32-bytes-long')),
      await new SignJWT(adminClaims).setProtectedHeader({ alg: 'HS512' }).sign(server.config.jwtSecret),
      await new SignJWT({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('5m')
        .sign(server.config.jwtSecret),
      await new SignJWT({ email: 'x' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(server.config.jwtSecret),
      'garbage',
    ];
    for (const token of tokens) {
      const answer = await refused(server, () => server.api('GET', '/api/users', { token }));
      expectEnvelope(answer, 401, apiEn.api.unauthorized);
    }
  });

  it('no Authorization header, another scheme or an empty bearer answers 401', async () => {
    const { token } = await server.signIn('admin@example.com');
    for (const authorization of [undefined, `Basic ${token}`, 'Bearer', 'Bearer ', token]) {
      const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
      expectEnvelope(await refused(server, () => server.api('GET', '/api/users/permissions', { headers })), 401, apiEn.api.unauthorized);
    }
  });
});

describe('a deactivated user', () => {
  it('loses their sessions and refresh tokens and cannot sign in until reactivated', async () => {
    const { email, password, id } = await partnerUser();
    const session = await server.signIn(email, password);
    const secondSession = await server.signIn(email, password);
    const admin = await server.signIn('admin@example.com');

    const off = await server.api<{ isActive: boolean }>('POST', `/api/users/${id}/toggle-status`, { token: admin.token });
    expectEnvelope(off, 200);
    expect(off.body.data!.isActive).toBe(false);
    const rows = await server.built.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.revokedAt).not.toBeNull();

    expectEnvelope(await refused(server, () => profile(session.token)), 401, apiEn.api.unauthorized);
    expectEnvelope(await refused(server, () => refresh(secondSession)), 401, apiEn.auth.refreshInvalid);
    // With the right password too, the answer says nothing of whether the password was right.
    expectEnvelope(await refused(server, () => signInCall({ email, password })), 401, apiEn.auth.invalidCredentials);
    expectEnvelope(await refused(server, () => signInCall({ email, password: 'a-wrong-password' })), 401, apiEn.auth.invalidCredentials);

    expectEnvelope(await server.api('POST', `/api/users/${id}/toggle-status`, { token: admin.token }), 200);
    expectEnvelope(await signInCall({ email, password }), 200);
    expectEnvelope(await refused(server, () => refresh(session)), 401, apiEn.auth.refreshInvalid);
  });
});

describe('token rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ limits: { tokenPerMinute: 3 } });
  });
  afterAll(() => limited.close());

  it('past the limit a client gets a 429 envelope with Retry-After, sign-in and refresh counted together', async () => {
    const call = (urlPath: string) => limited.api('POST', urlPath, { body: {}, headers: rootTenant });
    expectEnvelope(await call('/api/token'), 400);
    expectEnvelope(await call('/api/token/refresh'), 400);
    expectEnvelope(await call('/api/token'), 400);
    const before = await limited.snapshot();
    for (const urlPath of ['/api/token', '/api/token/refresh']) {
      const answer = await limited.api('POST', urlPath, { body: { email: 'admin@example.com', password: DEMO_PASSWORD }, headers: rootTenant });
      expectEnvelope(answer, 429, apiEn.api.tooManyRequests);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await limited.snapshot()).toBe(before);
    // Other calls are not held by the token limit.
    expectEnvelope(await limited.api('POST', '/api/users/forgot-password', { body: { email: 'nobody@example.com' } }), 200);
  });
});
