import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import { permission } from '../../contract/permissions';
import type { RecoveryCodes, SecondFactorEnrolment, SecondFactorStatus, SecondFactorStep } from '../../contract/secondFactor';
import type { TokenResponse } from '../../contract/tokens';
import apiEn from '../../i18n/api.en';
import { auditTrails, passkeys, roles } from '../../server/db/schema';
import { createSecondFactorService } from '../../server/modules/accounts/secondFactors';
import { findUserByEmail, issueSession } from '../../server/modules/accounts/session';
import { CHALLENGE_ATTEMPTS } from '../../server/modules/accounts/signInChallenges';
import { totpCodeAt } from '../../server/modules/accounts/totp';
import { expectEnvelope } from './expectations';
import { useDemoServer, type MadeUser } from './factories';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness';
import { useTotpStepClock } from './totpClock';

const tenant = { [TENANT_HEADER]: TENANT_ROOT };

const nextStep = useTotpStepClock();
/** The authenticator app's code now; `fresh` first moves to the next step (a code of a step already used is refused). */
const codeOf = (secret: string, fresh = true) => {
  if (fresh) nextStep();
  return totpCodeAt(secret);
};

/** A code that is none of the secret's codes one step either side of now, so it is wrong whatever the drift allowed. */
const wrongCodeOf = (secret: string) => {
  const near = [-30_000, 0, 30_000].map((offset) => totpCodeAt(secret, Date.now() + offset));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
};

/** Answers that say the code was checked and wrong; the others were refused before any check. */
const checkedOf = (answers: { status: number; body: { message?: string } }[]) =>
  answers.filter((a) => a.status === 401 && a.body.message === apiEn.auth.secondFactorInvalid).length;
const refusedUncheckedOf = (answers: { status: number; body: { message?: string } }[]) =>
  answers.filter((a) => (a.status === 401 && a.body.message === apiEn.auth.challengeInvalid) || (a.status === 429 && a.body.message === apiEn.auth.signInHeld))
    .length;

/** Turns TOTP on with the new secret's code of now (the clock stays: the suite's sessions must outlast its steps). */
async function enrol(api: TestServer['api'], token: string) {
  const begun = expectEnvelope(await api<SecondFactorEnrolment>('POST', '/api/account/second-factor/enrolment', { token }), 200).body.data!;
  const confirmed = await api<RecoveryCodes>('POST', '/api/account/second-factor/confirm', { token, body: { code: codeOf(begun.secret, false) } });
  expectEnvelope(confirmed, 200, apiEn.secondFactor.enabled);
  return { secret: begun.secret, recoveryCodes: confirmed.body.data!.codes };
}

describe('second factor (TOTP)', () => {
  const { server, make, token, roleIds, partnerIds, userIds } = useDemoServer();
  const passwordStep = (email: string, password: string) =>
    server.api<TokenResponse | SecondFactorStep>('POST', '/api/token', { body: { email, password }, headers: tenant });
  const codeStep = (challenge: string, code: string) =>
    server.api<TokenResponse>('POST', '/api/token/second-factor', { body: { challenge, code }, headers: tenant });
  const challengeOf = async (email: string, password: string) => {
    const answer = expectEnvelope(await passwordStep(email, password), 200);
    expect(answer.body.data).not.toHaveProperty('token');
    return (answer.body.data as SecondFactorStep).secondFactor.challenge;
  };

  let me: MadeUser;
  let secret: string;
  let recoveryCodes: string[];
  beforeEach(async () => {
    me = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    ({ secret, recoveryCodes } = await enrol(server.api, me.token));
  });

  it('turns on only with a valid code of the new secret, and answers ten recovery codes', async () => {
    const other = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    const status = () => server.api<SecondFactorStatus>('GET', '/api/account/second-factor', { token: other.token });
    expectEnvelope(await server.api('POST', '/api/account/second-factor/confirm', { token: other.token, body: { code: '123456' } }), 400);
    const begun = (await server.api<SecondFactorEnrolment>('POST', '/api/account/second-factor/enrolment', { token: other.token })).body.data!;
    expect(begun.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(begun.otpauthUri).toContain(`secret=${begun.secret}`);
    const wrong = String((Number(codeOf(begun.secret)) + 1) % 1_000_000).padStart(6, '0');
    expectEnvelope(
      await server.api('POST', '/api/account/second-factor/confirm', { token: other.token, body: { code: wrong } }),
      400,
      apiEn.secondFactor.codeInvalid,
    );
    expectEnvelope(await server.api('POST', '/api/account/second-factor/confirm', { token: other.token, body: { code: 'abc' } }), 400);
    expect((await status()).body.data).toEqual({ totp: false, recoveryCodesLeft: 0, required: false, pending: false });
    // Not on yet: the password alone still signs in.
    expect((await passwordStep(other.email, other.password)).body.data).toHaveProperty('token');

    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const mine = await server.api<SecondFactorStatus>('GET', '/api/account/second-factor', { token: me.token });
    expect(mine.body.data).toEqual({ totp: true, recoveryCodesLeft: 10, required: false, pending: false });
    expectEnvelope(await server.api('POST', '/api/account/second-factor/enrolment', { token: me.token }), 409);
  });

  it('a right password gives a challenge and no tokens; the code then signs in', async () => {
    const answer = expectEnvelope(await passwordStep(me.email, me.password), 200);
    expect(answer.body.data).toEqual({ secondFactor: { challenge: expect.any(String), methods: ['totp', 'recovery'] } });
    const signedIn = expectEnvelope(await codeStep((answer.body.data as SecondFactorStep).secondFactor.challenge, codeOf(secret)), 200);
    const tokens = signedIn.body.data!;
    expectEnvelope(await server.api('GET', '/api/users/profile', { token: tokens.token }), 200);
  });

  it('a wrong password gives the same answer, and its challenge fails even with the right code', async () => {
    const right = expectEnvelope(await passwordStep(me.email, me.password), 200).body.data as SecondFactorStep;
    const wrong = expectEnvelope(await passwordStep(me.email, 'not the password'), 200).body.data as SecondFactorStep;
    expect(Object.keys(wrong.secondFactor)).toEqual(Object.keys(right.secondFactor));
    expect(wrong.secondFactor.methods).toEqual(right.secondFactor.methods);
    expectEnvelope(await codeStep(wrong.secondFactor.challenge, codeOf(secret)), 401, apiEn.auth.secondFactorInvalid);
  });

  it('a code once used is refused again (replay) as already used, to wait for the next one, also on a new challenge', async () => {
    const code = codeOf(secret);
    expectEnvelope(await codeStep(await challengeOf(me.email, me.password), code), 200);
    expectEnvelope(await codeStep(await challengeOf(me.email, me.password), code), 401, apiEn.auth.secondFactorUsed);
    expect(apiEn.auth.secondFactorUsed).toMatch(/already used.*next/);
    expectEnvelope(await codeStep(await challengeOf(me.email, me.password), codeOf(secret)), 200);
  });

  it('the same code sent at once on five answers is used once (the step is recorded by one conditional update)', async () => {
    const service = createSecondFactorService(server.built.ctx);
    const code = codeOf(secret);
    const used = await Promise.all(Array.from({ length: 5 }, () => service.useCode(me.id, code)));
    expect(used.filter((verdict) => verdict === 'accepted')).toHaveLength(1);
    expect(used.filter((verdict) => verdict === 'used')).toHaveLength(4);
  });

  it('the second step takes a code one step early or late, not two, nor one older than the last used', async () => {
    const signInWith = async (code: string) => codeStep(await challengeOf(me.email, me.password), code);
    // Two steps past enrolment's code, so a code one step late is still after it.
    nextStep();
    nextStep();
    // The authenticator's clock 30 s behind, then 30 s ahead.
    expectEnvelope(await signInWith(totpCodeAt(secret, Date.now() - 30_000)), 200);
    nextStep();
    nextStep();
    expectEnvelope(await signInWith(totpCodeAt(secret, Date.now() + 30_000)), 200);
    // The current step's code comes before the one just used: refused as used (the next one will do); one two steps ahead is wrong.
    expectEnvelope(await signInWith(totpCodeAt(secret)), 401, apiEn.auth.secondFactorUsed);
    expectEnvelope(await signInWith(totpCodeAt(secret, Date.now() + 60_000)), 401, apiEn.auth.secondFactorInvalid);
    nextStep();
    nextStep();
    expectEnvelope(await signInWith(totpCodeAt(secret)), 200);
  });

  it('a code of a factor still being set up does not answer the second step', async () => {
    const other = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    await server.built.database.db.insert(passkeys).values({ userId: other.id, credentialId: `key-${other.id}`, publicKey: 'test-key', name: 'Laptop' });
    const pending = expectEnvelope(await server.api<SecondFactorEnrolment>('POST', '/api/account/second-factor/enrolment', { token: other.token }), 200);
    const step = expectEnvelope(await passwordStep(other.email, other.password), 200).body.data as SecondFactorStep;
    expect(step.secondFactor.methods).toEqual(['passkey']);
    expectEnvelope(await codeStep(step.secondFactor.challenge, codeOf(pending.body.data!.secret, false)), 401, apiEn.auth.secondFactorInvalid);
  });

  it('thirty wrong codes at once over six challenges: the hold lets five be checked in all, then holds', async () => {
    const limit = server.config.limits.failedSignInsBeforeHold;
    const challenges: string[] = [];
    for (let i = 0; i < 6; i++) challenges.push(await challengeOf(me.email, me.password));
    const wrong = wrongCodeOf(secret);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => codeStep(challenges[i % 6], wrong)));
    expect({ checked: checkedOf(answers), refused: refusedUncheckedOf(answers) }).toEqual({ checked: limit, refused: 30 - limit });
    expectEnvelope(await passwordStep(me.email, me.password), 429, apiEn.auth.signInHeld);
    expect(server.outbox().filter((mail) => mail.includes(me.email) && mail.includes('held')).length).toBe(1);
  });

  it('a recovery code signs in once', async () => {
    const [first] = recoveryCodes;
    expectEnvelope(await codeStep(await challengeOf(me.email, me.password), first.toLowerCase()), 200);
    expectEnvelope(await codeStep(await challengeOf(me.email, me.password), first), 401);
    const status = await server.api<SecondFactorStatus>('GET', '/api/account/second-factor', { token: me.token });
    expect(status.body.data!.recoveryCodesLeft).toBe(9);
  });

  it('a challenge is single use, unknown ones and the step without a password fail, and another user cannot use mine', async () => {
    const challenge = await challengeOf(me.email, me.password);
    expectEnvelope(await codeStep('made-up-challenge', codeOf(secret)), 401, apiEn.auth.challengeInvalid);
    expectEnvelope(await codeStep(challenge, codeOf(secret)), 200);
    expectEnvelope(await codeStep(challenge, codeOf(secret)), 401, apiEn.auth.challengeInvalid);

    const other = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    const theirs = await enrol(server.api, other.token);
    // My challenge with their code: the code must be of the challenge's user.
    expectEnvelope(await codeStep(await challengeOf(me.email, me.password), codeOf(theirs.secret)), 401, apiEn.auth.secondFactorInvalid);
    expectEnvelope(await codeStep(await challengeOf(me.email, me.password), theirs.recoveryCodes[0]), 401);
  });

  it('wrong codes kill the challenge and count toward the sign-in hold, which mails the holder', async () => {
    const limit = server.config.limits.failedSignInsBeforeHold;
    const challenge = await challengeOf(me.email, me.password);
    for (let i = 0; i < limit; i++) expectEnvelope(await codeStep(challenge, '000000'), i < limit ? 401 : 429);
    // Held now: the password step answers 429 and the right code on a fresh challenge cannot get in.
    expectEnvelope(await passwordStep(me.email, me.password), 429, apiEn.auth.signInHeld);
    expectEnvelope(await codeStep(challenge, codeOf(secret)), 401, apiEn.auth.challengeInvalid);
    expect(server.outbox().filter((mail) => mail.includes(me.email) && mail.includes('held')).length).toBe(1);
    // An admin lifts the hold; signing in with the code works again.
    expectEnvelope(await server.api('POST', `/api/users/${me.id}/lift-hold`, { token: token('admin@example.com') }), 200);
    expectEnvelope(await codeStep(await challengeOf(me.email, me.password), codeOf(secret)), 200);
  });

  it('regenerating recovery codes needs a current code and voids the old ones; turning off needs a code', async () => {
    const refused = await server.api('POST', '/api/account/second-factor/recovery-codes', { token: me.token, body: { code: '000000' } });
    expectEnvelope(refused, 400, apiEn.secondFactor.codeInvalid);
    const fresh = expectEnvelope(
      await server.api<RecoveryCodes>('POST', '/api/account/second-factor/recovery-codes', { token: me.token, body: { code: codeOf(secret) } }),
      200,
    ).body.data!.codes;
    expect(fresh).toHaveLength(10);
    expectEnvelope(await codeStep(await challengeOf(me.email, me.password), recoveryCodes[1]), 401);
    expectEnvelope(await codeStep(await challengeOf(me.email, me.password), fresh[0]), 200);

    expectEnvelope(await server.api('POST', '/api/account/second-factor/turn-off', { token: me.token, body: { code: '000000' } }), 400);
    expectEnvelope(await server.api('POST', '/api/account/second-factor/turn-off', { token: me.token, body: { code: codeOf(secret) } }), 200);
    expect((await passwordStep(me.email, me.password)).body.data).toHaveProperty('token');
  });

  it('an admin resets a user’s second factor: audited, mailed in both languages; not their own, not above their rank', async () => {
    const admin = token('admin@example.com');
    const reset = (id: string, by = admin) => server.api('POST', `/api/users/${id}/second-factor/reset`, { token: by });
    expectEnvelope(await reset(me.id), 200, apiEn.users.secondFactorReset);
    expect((await passwordStep(me.email, me.password)).body.data).toHaveProperty('token');
    const mail = server
      .outbox()
      .map((m) => m.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replace(/=/g, ''), 'hex').toString('utf8')))
      .filter((m) => m.includes(me.email) && m.includes('reset the second factor'));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('đã đặt lại xác thực hai lớp');
    const [audit] = await server.built.database.db
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'second_factors'), eq(auditTrails.primaryKey, me.id), eq(auditTrails.userId, userIds['admin@example.com'])));
    expect(audit?.newValues).toMatchObject({ reset: true });
    expectEnvelope(await reset(me.id), 200, apiEn.users.noSecondFactor);

    expectEnvelope(await reset(userIds['admin@example.com']), 403, apiEn.users.secondFactorResetSelf);
    const lower = await make.userWith([permission('Users', 'View'), permission('Users', 'Update')], { priority: 20 });
    expectEnvelope(await reset(userIds['support@example.com'], lower.token), 403);
    expectEnvelope(await reset(me.id, token('support@example.com')), 403);
    // A partner's users administrator cannot reach staff or other partners' users through this route (404 or 403).
    expect([403, 404]).toContain((await reset(userIds['admin@example.com'], token('partner.admin@acme.example'))).status);
  });
});

describe('guessing codes in parallel', () => {
  // The hold is far off here, so only the challenge's own limit is in play.
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ limits: { failedSignInsBeforeHold: 1000 } });
  });
  afterAll(() => server?.close());

  it('thirty wrong codes at once on one challenge: at most five are checked, the rest refused, then the right code too', async () => {
    const signedIn = await server.signIn('partner@acme.example');
    const { secret } = await enrol(server.api, signedIn.token);
    const step = await server.api<SecondFactorStep>('POST', '/api/token', {
      body: { email: 'partner@acme.example', password: DEMO_PASSWORD },
      headers: tenant,
    });
    const challenge = expectEnvelope(step, 200).body.data!.secondFactor.challenge;
    const wrong = wrongCodeOf(secret);
    const answer = (code: string) => server.api<TokenResponse>('POST', '/api/token/second-factor', { body: { challenge, code }, headers: tenant });
    const answers = await Promise.all(Array.from({ length: 30 }, () => answer(wrong)));
    expect({ checked: checkedOf(answers), refused: refusedUncheckedOf(answers) }).toEqual({ checked: CHALLENGE_ATTEMPTS, refused: 30 - CHALLENGE_ATTEMPTS });
    expectEnvelope(await answer(codeOf(secret)), 401, apiEn.auth.challengeInvalid);
  });
});

describe('a role that requires a second factor', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ secondFactorEnrolment: 'required' });
  });
  afterAll(() => server?.close());

  it('is seeded on for Admin and Support only', async () => {
    const rows = await server.built.database.db.select({ name: roles.name, required: roles.requireSecondFactor }).from(roles);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.required]))).toMatchObject({ Admin: true, Support: true, PartnerAdmin: false, Partner: false });
  });

  it('leads its user to enrol: everything else is refused until then, and the factor cannot be turned off', async () => {
    const tokens = await server.signIn('support@example.com', DEMO_PASSWORD);
    const get = (path: string) => server.api('GET', path, { token: tokens.token });
    expectEnvelope(await get('/api/dashboard'), 403, apiEn.auth.secondFactorEnrolmentRequired);
    const changePassword = await server.api('POST', '/api/users/change-password', { token: tokens.token, body: {} });
    expectEnvelope(changePassword, 403, apiEn.auth.secondFactorEnrolmentRequired);
    expectEnvelope(await get('/api/users/permissions'), 200);
    expectEnvelope(await get('/api/users/profile'), 200);
    expect((await get('/api/account/second-factor')).body.data).toEqual({ totp: false, recoveryCodesLeft: 0, required: true, pending: true });

    const { secret } = await enrol(server.api, tokens.token);
    expectEnvelope(await get('/api/dashboard'), 200);
    const off = await server.api('POST', '/api/account/second-factor/turn-off', { token: tokens.token, body: { code: codeOf(secret) } });
    expectEnvelope(off, 403, apiEn.secondFactor.requiredByRole);
    // Signing out stays open (public), and the next sign-in asks for the code.
    expectEnvelope(
      await server.api('POST', '/api/token/revoke', { body: { refreshToken: tokens.refreshToken }, headers: { [TENANT_HEADER]: TENANT_ROOT } }),
      200,
    );
    const step = await server.api<SecondFactorStep>('POST', '/api/token', { body: { email: 'support@example.com', password: DEMO_PASSWORD }, headers: tenant });
    expect(step.body.data!.secondFactor.methods).toContain('totp');
  });

  it('counts a passkey as the second factor it requires', async () => {
    const db = server.built.database.db;
    const admin = (await findUserByEmail(db, 'admin@example.com'))!;
    const session = await issueSession(db, server.config.jwtSecret, admin, { userAgent: null, address: null, method: 'password' });
    expectEnvelope(await server.api('GET', '/api/dashboard', { token: session.token }), 403, apiEn.auth.secondFactorEnrolmentRequired);
    await db.insert(passkeys).values({ userId: admin.id, credentialId: 'test-credential', publicKey: 'test-key', name: 'Laptop' });
    await server.built.ctx.events.publish({ type: 'UserChanged', userId: admin.id, partnerId: null });
    expectEnvelope(await server.api('GET', '/api/dashboard', { token: session.token }), 200);
    expect((await server.api<SecondFactorStatus>('GET', '/api/account/second-factor', { token: session.token })).body.data!.pending).toBe(false);
  });
});
