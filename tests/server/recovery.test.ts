import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../contract/tokens';
import type { UserDto } from '../../contract/users';
import apiEn from '../../i18n/api.en';
import validationEn from '../../i18n/validation.en';
import { mailTokens, users } from '../../server/db/schema';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { unique, useDemoServer } from './factories';
import { DEMO_PASSWORD, linkIn, rootTenant, startServer, type TestServer } from './harness';

const { server, make, token: tokenOf, roleIds, partnerIds } = useDemoServer();
const adminToken = () => tokenOf('admin@example.com');
/** A Partner user of Acme made for one test: resets and deactivations never touch a demo account. */
const acmeUser = () => make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });

const forgot = (email: unknown, prefix = '/api') => server.api('POST', `${prefix}/users/forgot-password`, { body: { email } });
const verifyReset = (body: unknown) => server.api<boolean>('POST', '/api/users/verify-token/forgot-password', { body });
const verifyActivation = (body: unknown) => server.api<boolean>('POST', '/api/users/verify-token/email-active', { body });
const reset = (body: unknown, prefix = '/api') => server.api('POST', `${prefix}/users/reset-password`, { body });
const confirmMail = (body: unknown) => server.api('POST', '/api/users/confirm-mail', { body });
const signInCall = (email: string, password: string) => server.api<TokenResponse>('POST', '/api/token', { body: { email, password }, headers: rootTenant });

/** Asks for a reset of `email` and returns the link of the mail it sent. */
async function resetLink(email: string) {
  const count = server.outbox().length;
  expectEnvelope(await forgot(email), 200, apiEn.auth.forgotSent);
  const mails = server.outbox();
  expect(mails.length).toBe(count + 1);
  return linkIn(mails[mails.length - 1]);
}

describe('forgot password (POST /api/users/forgot-password)', () => {
  it('answers the same neutral message for a known and an unknown email; only the known one gets a mail', async () => {
    const count = server.outbox().length;
    const known = await forgot('partner@acme.example');
    expect(server.outbox().length).toBe(count + 1);

    const before = await server.snapshot();
    const unknown = await forgot('nobody@example.com');
    expect(await server.snapshot()).toBe(before);
    expect(server.outbox().length).toBe(count + 1);

    expectEnvelope(known, 200, apiEn.auth.forgotSent);
    expect(unknown.text).toBe(known.text);
    expect(known.body.data).toBeNull();
  });

  it('a deactivated account gets the neutral answer and no mail', async () => {
    const user = await acmeUser();
    expectEnvelope(await server.api('POST', `/api/users/${user.id}/toggle-status`, { token: adminToken() }), 200);
    const count = server.outbox().length;
    const before = await server.snapshot();
    expectEnvelope(await forgot(user.email), 200, apiEn.auth.forgotSent);
    expect(await server.snapshot()).toBe(before);
    expect(server.outbox().length).toBe(count);
  });

  it('the mail goes to the account and links /forgot-password?token&email', async () => {
    const link = await resetLink('  PARTNER@Acme.example ');
    const mail = server.outbox().at(-1)!;
    expect(mail).toMatch(/^To: partner@acme\.example$/m);
    expect(link.pathname).toBe('/forgot-password');
    expect([...link.searchParams.keys()].sort()).toEqual(['email', 'token']);
    expect(link.searchParams.get('email')).toBe('partner@acme.example');
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(40);
    expect(mail).not.toMatch(/password_hash|\$argon2/);
  });

  it('a missing, wrong-typed or malformed email answers 400 on the email field and changes nothing', async () => {
    for (const body of [
      {},
      { email: '' },
      { email: 'not-an-email' },
      { email: 42 },
      { email: ['partner@acme.example'] },
      { email: `${'a'.repeat(250)}@example.com` },
    ]) {
      const answer = await refused(server, () => server.api('POST', '/api/users/forgot-password', { body }));
      expectFieldErrors(answer, ['email']);
    }
    const malformed = await refused(server, () => forgot('partner@acme'));
    expect(fieldMessage(malformed, 'email')).toBe(validationEn.validation.email);
  });
});

describe('verify a reset token (POST /api/users/verify-token/forgot-password)', () => {
  it('a live token with its email is valid; any other pairing is 400 on the token field, changing nothing', async () => {
    const link = await resetLink('partner@acme.example');
    const token = link.searchParams.get('token')!;
    const ok = await verifyReset({ email: 'partner@acme.example', token });
    expectEnvelope(ok, 200, apiEn.auth.tokenValid);
    expect(ok.body.data).toBe(true);

    for (const body of [
      { email: 'partner@acme.example', token: `${token.slice(0, -2)}xx` },
      { email: 'partner@globex.example', token },
      { email: 'nobody@example.com', token },
      { email: 'partner@acme.example', token: 'A'.repeat(43) },
    ]) {
      const answer = await refused(server, () => verifyReset(body));
      expectFieldErrors(answer, ['token']);
      expect(answer.body.message).toBe(apiEn.auth.tokenInvalid);
    }
    // A reset token is not an activation token.
    expectFieldErrors(await refused(server, () => verifyActivation({ email: 'partner@acme.example', token })), ['token']);
  });

  it('missing and wrong-typed fields answer 400 naming them', async () => {
    expectFieldErrors(await refused(server, () => verifyReset({})), ['email', 'token']);
    expectFieldErrors(await refused(server, () => verifyReset({ email: 'partner@acme.example', token: 12345 })), ['token']);
    expectFieldErrors(await refused(server, () => verifyReset({ email: 'partner@acme.example', token: 'x'.repeat(2049) })), ['token']);
  });

  it('a newer request makes the earlier token stop working', async () => {
    const first = (await resetLink('partner@acme.example')).searchParams.get('token')!;
    const second = (await resetLink('partner@acme.example')).searchParams.get('token')!;
    expectEnvelope(await refused(server, () => verifyReset({ email: 'partner@acme.example', token: first })), 400, apiEn.auth.tokenInvalid);
    expectEnvelope(await verifyReset({ email: 'partner@acme.example', token: second }), 200);
  });

  it('a token older than an hour is refused', async () => {
    const link = await resetLink('support@example.com');
    const token = link.searchParams.get('token')!;
    const [user] = await server.built.database.db.select().from(users).where(eq(users.email, 'support@example.com'));
    await server.built.database.db
      .update(mailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(mailTokens.userId, user.id), eq(mailTokens.purpose, 'reset')));
    expectEnvelope(await refused(server, () => verifyReset({ email: 'support@example.com', token })), 400, apiEn.auth.tokenInvalid);
    expectEnvelope(await refused(server, () => reset({ email: 'support@example.com', token, password: 'Expired-but-tried-1' })), 400, apiEn.auth.tokenInvalid);
    expectEnvelope(await signInCall('support@example.com', DEMO_PASSWORD), 200);
  });
});

describe('reset password (POST /api/users/reset-password)', () => {
  it('refuses a short password and the email as password, keeping the token usable', async () => {
    const token = (await resetLink('partner@acme.example')).searchParams.get('token')!;
    const short = await refused(server, () => reset({ email: 'partner@acme.example', token, password: 'Ab1!' }));
    expectFieldErrors(short, ['password']);
    expect(fieldMessage(short, 'password')).toBe(validationEn.validation.minLength.replace('%{min}', '8'));
    const isEmail = await refused(server, () => reset({ email: 'partner@acme.example', token, password: 'Partner@Acme.example' }));
    expectFieldErrors(isEmail, ['password']);
    expect(fieldMessage(isEmail, 'password')).toBe(validationEn.validation.passwordIsEmail);
    expectFieldErrors(await refused(server, () => reset({ email: 'partner@acme.example', token })), ['password']);
    expectFieldErrors(await refused(server, () => reset({})), ['email', 'token', 'password']);
    expectFieldErrors(await refused(server, () => reset({ email: 'partner@acme.example', token, password: 123456789 })), ['password']);
    expectFieldErrors(await refused(server, () => reset({ email: 'partner@acme.example', token, password: 'p'.repeat(129) })), ['password']);
    expectEnvelope(await verifyReset({ email: 'partner@acme.example', token }), 200);
  });

  it('sets the password once: the token is single-use, the old password and old sessions stop working', async () => {
    const user = await acmeUser();
    const session = user.session;
    const link = await resetLink(user.email);
    const token = link.searchParams.get('token')!;
    const email = link.searchParams.get('email')!;

    const answer = await reset({ email, token, password: 'Reset-Pass-2024' });
    expectEnvelope(answer, 200, apiEn.auth.passwordReset);

    const again = await refused(server, () => reset({ email, token, password: 'Another-Pass-2024' }, '/api/v1'));
    expectFieldErrors(again, ['token']);
    expect(again.body.message).toBe(apiEn.auth.tokenInvalid);
    expectEnvelope(await refused(server, () => verifyReset({ email, token })), 400);

    expectEnvelope(await signInCall(email, user.password), 401, apiEn.auth.invalidCredentials);
    expectEnvelope(await signInCall(email, 'Another-Pass-2024'), 401);
    expectEnvelope(await signInCall(email, 'Reset-Pass-2024'), 200);
    const refreshed = await server.api('POST', '/api/token/refresh', { body: session, headers: rootTenant });
    expectEnvelope(refreshed, 401, apiEn.auth.refreshInvalid);
  });

  it("a token used with another account's email is refused and that account keeps its password", async () => {
    const token = (await resetLink('partner.admin@acme.example')).searchParams.get('token')!;
    expectEnvelope(await refused(server, () => reset({ email: 'admin@example.com', token, password: 'Took-over-admin-1' })), 400, apiEn.auth.tokenInvalid);
    expectEnvelope(await signInCall('admin@example.com', DEMO_PASSWORD), 200);
    // A reset token does not activate either.
    expectEnvelope(
      await refused(server, () => confirmMail({ email: 'partner.admin@acme.example', token, password: 'Took-over-1' })),
      400,
      apiEn.auth.tokenInvalid,
    );
  });
});

describe('activation after register (verify-token/email-active, confirm-mail)', () => {
  it('the activation link is valid, sets the password once and activates the account', async () => {
    const email = `new.${unique()}@acme.example`;
    const count = server.outbox().length;
    const registered = await server.api<UserDto>('POST', '/api/v1/users/register', {
      token: adminToken(),
      body: { firstName: 'Mới', lastName: 'Đối Tác', email, partnerId: partnerIds['Acme Logistics'] },
    });
    expectEnvelope(registered, 201);
    make.onCleanup(() => server.api('DELETE', `/api/v1/users/${registered.body.data!.id}`, { token: adminToken() }));
    expect(server.outbox().length).toBe(count + 1);
    const link = linkIn(server.outbox().at(-1)!);
    expect(link.pathname).toBe('/active');
    const code = link.searchParams.get('code')!;
    expect(link.searchParams.get('email')).toBe(email);

    expectEnvelope(await refused(server, () => signInCall(email, 'Any-password-1')), 401, apiEn.auth.invalidCredentials);
    expectEnvelope(await verifyActivation({ email, token: code }), 200, apiEn.auth.tokenValid);
    expectFieldErrors(await refused(server, () => verifyReset({ email, token: code })), ['token']);
    expectFieldErrors(await refused(server, () => verifyActivation({ email: 'partner@acme.example', token: code })), ['token']);

    expectFieldErrors(await refused(server, () => confirmMail({ email, token: code, password: 'short' })), ['password']);
    expectFieldErrors(await refused(server, () => confirmMail({ email, token: code, password: email })), ['password']);
    expectFieldErrors(await refused(server, () => confirmMail({ email, token: 'wrong', password: 'Welcome-harbour-2024' })), ['token']);

    expectEnvelope(await confirmMail({ email, token: code, password: 'Welcome-harbour-2024' }), 200, apiEn.auth.mailConfirmed);
    const [row] = await server.built.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isActive: true, emailConfirmed: true });
    expectEnvelope(await signInCall(email, 'Welcome-harbour-2024'), 200);

    expectEnvelope(await refused(server, () => confirmMail({ email, token: code, password: 'Second-try-2024' })), 400, apiEn.auth.tokenInvalid);
    expectEnvelope(await refused(server, () => verifyActivation({ email, token: code })), 400, apiEn.auth.tokenInvalid);
  });
});

describe('forgot-password rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ limits: { forgotPasswordPerHour: 2 } });
  });
  afterAll(() => limited.close());

  it('past the limit an address gets a 429 envelope, and /api and /api/v1 count together', async () => {
    const call = (prefix: string, email: string) => limited.api('POST', `${prefix}/users/forgot-password`, { body: { email } });
    expectEnvelope(await call('/api', 'partner@acme.example'), 200);
    expectEnvelope(await call('/api', 'nobody@example.com'), 200);
    const mails = limited.outbox().length;
    const before = await limited.snapshot();
    for (const prefix of ['/api/v1', '/api']) {
      const answer = await call(prefix, 'partner@globex.example');
      expectEnvelope(answer, 429, apiEn.api.tooManyRequests);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await limited.snapshot()).toBe(before);
    expect(limited.outbox().length).toBe(mails);
    // The limit is on forgot-password alone: the other recovery calls still answer.
    expectEnvelope(await limited.api('POST', '/api/users/verify-token/forgot-password', { body: { email: 'partner@acme.example', token: 'x' } }), 400);
  });
});
