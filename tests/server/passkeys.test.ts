import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import type { PasskeyDto } from '../../contract/schemas/passkeys';
import type { TokenResponse } from '../../contract/tokens';
import { auditTrails } from '../../server/db/schema';
import { PASSKEYS_PER_USER_MAX } from '../../server/modules/passkeys/passkeys.service';
import { clientDataOf, relyingPartyOf } from '../../server/modules/passkeys/relyingParty';
import { expectEnvelope, jwtPayload, refused } from './expectations';
import { useDemoServer, type MadeUser } from './factories';
import { createSoftwareAuthenticator } from './softwareAuthenticator';

const { server, make, roleIds, partnerIds } = useDemoServer({ limits: { failedSignInsBeforeHold: 4 } });
/** The app as a browser opens it on this machine: any port of localhost is the RP `localhost`'s origin. */
const ORIGIN = 'http://localhost:5173';
const tenant = { [TENANT_HEADER]: TENANT_ROOT };

let me: MadeUser;
beforeEach(async () => {
  me = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
});

const account = {
  list: (token = me.token) => server.api<PasskeyDto[]>('GET', '/api/account/passkeys', { token }),
  options: (token = me.token) => server.api<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/v1/account/passkeys/options', { token }),
  register: (body: unknown, token = me.token) => server.api<PasskeyDto>('POST', '/api/v1/account/passkeys', { token, body }),
};
const signInOptions = (body: unknown = {}) =>
  server.api<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/token/passkey/options', { body, headers: tenant });
const signInWith = (body: unknown) => server.api<TokenResponse>('POST', '/api/token/passkey', { body, headers: tenant });

/** Enrols a passkey for `user` through the routes, as the Security tab does. */
async function enrol(user: MadeUser, authenticator = createSoftwareAuthenticator(ORIGIN), name = 'Laptop') {
  const options = expectEnvelope(await account.options(user.token), 200).body.data!;
  const created = expectEnvelope(await account.register({ name, response: authenticator.register(options) }, user.token), 201).body.data!;
  return { authenticator, passkey: created };
}

async function freshSignInOptions() {
  return expectEnvelope(await signInOptions(), 200).body.data!;
}

describe('enrolment', () => {
  it('enrols several named passkeys, lists them with created and last used, renames and removes one, each audited', async () => {
    const { passkey } = await enrol(me);
    await enrol(me, undefined, 'Phone');
    const listed = expectEnvelope(await account.list(), 200).body.data!;
    expect(listed.map((p) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(listed[0]).toMatchObject({ id: passkey.id, lastUsedAt: null });
    expect(Date.parse(listed[0].createdAt)).not.toBeNaN();

    const renamed = await server.api<PasskeyDto>('PUT', `/api/account/passkeys/${passkey.id}`, { token: me.token, body: { name: '  Work laptop ' } });
    expect(expectEnvelope(renamed, 200).body.data!.name).toBe('Work laptop');
    expectEnvelope(await server.api('DELETE', `/api/account/passkeys/${passkey.id}`, { token: me.token }), 200);
    expect(expectEnvelope(await account.list(), 200).body.data!.map((p) => p.name)).toEqual(['Phone']);

    const audit = await server.built.database.db
      .select({ type: auditTrails.type, newValues: auditTrails.newValues })
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'passkeys'), eq(auditTrails.primaryKey, passkey.id)));
    expect(audit.map((a) => a.type).sort()).toEqual(['Create', 'Delete', 'Update']);
    expect(JSON.stringify(audit)).not.toMatch(/publicKey/);
  });

  it("a registration answer made for another user's options is refused and changes nothing", async () => {
    const other = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    const optionsOfOther = expectEnvelope(await account.options(other.token), 200).body.data!;
    const response = createSoftwareAuthenticator(ORIGIN).register(optionsOfOther);
    const answer = await refused(server, () => account.register({ name: 'Not mine', response }, me.token));
    expectEnvelope(answer, 400);
    expect(answer.body.errors?.map((e) => e.field)).toEqual(['response']);
    // The options stay the other user's: they enrol with them.
    expectEnvelope(await account.register({ name: 'Mine', response }, other.token), 201);
    expect(expectEnvelope(await account.list(me.token), 200).body.data).toEqual([]);
  });

  it('an answer is taken once: the same registration sent again is refused', async () => {
    const options = expectEnvelope(await account.options(), 200).body.data!;
    const response = createSoftwareAuthenticator(ORIGIN).register(options);
    expectEnvelope(await account.register({ name: 'Laptop', response }), 201);
    expectEnvelope(await refused(server, () => account.register({ name: 'Again', response })), 400);
  });

  it('refuses an answer made on another origin, for another RP ID, or without user verification', async () => {
    for (const bend of [{ origin: 'https://portal.evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const options = expectEnvelope(await account.options(), 200).body.data!;
      const response = createSoftwareAuthenticator(ORIGIN).register(options, bend);
      expectEnvelope(await account.register({ name: 'Bent', response }), 400);
    }
    expect(expectEnvelope(await account.list(), 200).body.data).toEqual([]);
  });

  it("another user's passkey can be neither renamed nor removed (404), and stays", async () => {
    const other = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Globex Trading'] });
    const { passkey } = await enrol(other);
    expectEnvelope(await refused(server, () => server.api('PUT', `/api/account/passkeys/${passkey.id}`, { token: me.token, body: { name: 'Mine now' } })), 404);
    expectEnvelope(await refused(server, () => server.api('DELETE', `/api/account/passkeys/${passkey.id}`, { token: me.token })), 404);
    expect(expectEnvelope(await account.list(other.token), 200).body.data!.map((p) => p.name)).toEqual(['Laptop']);
  });

  it('nobody impersonating the user can change their passkeys: options, enrolment, rename and removal are refused', async () => {
    const { passkey } = await enrol(me);
    const adminToken = (await server.signIn('admin@example.com')).token;
    const impersonation = await server.api<TokenResponse>('POST', `/api/v1/users/${me.id}/impersonate`, {
      token: adminToken,
      body: { reason: 'Passkeys probe', minutes: 5 },
    });
    const acting = expectEnvelope(impersonation, 200).body.data!.token;
    // Each refusal is audited as an impersonated request (both users named); the passkeys stay as they were.
    expectEnvelope(await account.options(acting), 403);
    const response = createSoftwareAuthenticator(ORIGIN).register(expectEnvelope(await account.options(), 200).body.data!);
    expectEnvelope(await account.register({ name: 'Planted', response }, acting), 403);
    expectEnvelope(await server.api('PUT', `/api/account/passkeys/${passkey.id}`, { token: acting, body: { name: 'x' } }), 403);
    expectEnvelope(await server.api('DELETE', `/api/account/passkeys/${passkey.id}`, { token: acting }), 403);
    expect(expectEnvelope(await account.list(), 200).body.data!.map((p) => p.name)).toEqual(['Laptop']);
  });

  it('holds at most PASSKEYS_PER_USER_MAX passkeys: the next options are refused with the limit', async () => {
    const authenticator = createSoftwareAuthenticator(ORIGIN);
    for (let i = 0; i < PASSKEYS_PER_USER_MAX; i++) await enrol(me, authenticator, `Key ${i + 1}`);
    const answer = expectEnvelope(await account.options(), 409);
    expect(answer.body.message).toContain(String(PASSKEYS_PER_USER_MAX));
  });

  it('needs a signed-in user', async () => {
    expectEnvelope(await server.api('GET', '/api/account/passkeys'), 401);
    expectEnvelope(await server.api('POST', '/api/account/passkeys/options'), 401);
  });
});

describe('password-less sign-in', () => {
  it('signs in with a passkey: a session of its user, and the passkey shows when it was last used', async () => {
    const { authenticator, passkey } = await enrol(me);
    const options = await freshSignInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const answer = expectEnvelope(await signInWith({ response: authenticator.authenticate(options) }), 200);
    const profile = await server.api<{ email: string }>('GET', '/api/users/profile', { token: answer.body.data!.token });
    expect(expectEnvelope(profile, 200).body.data!.email).toBe(me.email);
    const [listed] = expectEnvelope(await account.list(), 200).body.data!;
    expect(listed.id).toBe(passkey.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('a replayed assertion is refused: the same answer again, and a new challenge signed with a counter that did not move', async () => {
    const { authenticator } = await enrol(me);
    const assertion = authenticator.authenticate(await freshSignInOptions());
    expectEnvelope(await signInWith({ response: assertion }), 200);
    expectEnvelope(await signInWith({ response: assertion }), 401);
    const stale = authenticator.authenticate(await freshSignInOptions(), { counter: authenticator.credentials[0].counter });
    expectEnvelope(await signInWith({ response: stale }), 401);
  });

  it('two answers to one challenge sent at once sign in once', async () => {
    const { authenticator } = await enrol(me);
    const assertion = authenticator.authenticate(await freshSignInOptions());
    const answers = await Promise.all([signInWith({ response: assertion }), signInWith({ response: assertion })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('a removed passkey no longer signs in', async () => {
    const { authenticator, passkey } = await enrol(me);
    expectEnvelope(await server.api('DELETE', `/api/account/passkeys/${passkey.id}`, { token: me.token }), 200);
    expectEnvelope(await signInWith({ response: authenticator.authenticate(await freshSignInOptions()) }), 401);
  });

  it('refuses an assertion without user verification, from another origin, or over a challenge it was not given', async () => {
    const { authenticator } = await enrol(me);
    expectEnvelope(await signInWith({ response: authenticator.authenticate(await freshSignInOptions(), { userVerified: false }) }), 401);
    expectEnvelope(await signInWith({ response: authenticator.authenticate(await freshSignInOptions(), { origin: 'https://evil.example' }) }), 401);
    const made = Buffer.from('a challenge nobody handed out').toString('base64url');
    expectEnvelope(await signInWith({ response: authenticator.authenticate(await freshSignInOptions(), { challenge: made }) }), 401);
    // After all that, a proper answer still signs in.
    expectEnvelope(await signInWith({ response: authenticator.authenticate(await freshSignInOptions()) }), 200);
  });

  it('an inactive user signs in no more with a passkey', async () => {
    const { authenticator } = await enrol(me);
    expectEnvelope(await server.api('POST', `/api/v1/users/${me.id}/toggle-status`, { token: (await server.signIn('admin@example.com')).token }), 200);
    expectEnvelope(await signInWith({ response: authenticator.authenticate(await freshSignInOptions()) }), 401);
  });

  it("failed passkey sign-ins count toward the account's hold, which then holds the password and the passkey alike", async () => {
    const { authenticator } = await enrol(me);
    for (let i = 0; i < 4; i++) {
      expectEnvelope(await signInWith({ response: authenticator.authenticate(await freshSignInOptions(), { userVerified: false }) }), 401);
    }
    const password = await server.api('POST', '/api/token', { body: { email: me.email, password: me.password }, headers: tenant });
    expectEnvelope(password, 429);
    expectEnvelope(await signInWith({ response: authenticator.authenticate(await freshSignInOptions()) }), 429);
  });
});

describe('the second step after the password', () => {
  const passwordStep = (user: MadeUser, password = user.password) =>
    server.api<{ secondFactor?: { challenge: string; methods: string[] } }>('POST', '/api/token', { body: { email: user.email, password }, headers: tenant });
  const challengeOf = async (user: MadeUser, password?: string) => {
    const answer = expectEnvelope(await passwordStep(user, password), 200).body.data!;
    expect(answer.secondFactor?.methods).toEqual(['passkey']);
    return answer.secondFactor!.challenge;
  };
  const stepOptions = async (challenge: string) => expectEnvelope(await signInOptions({ challenge }), 200).body.data!;

  it('a user with a passkey and no TOTP is asked for it after the password, and signs in with it', async () => {
    const { authenticator } = await enrol(me);
    const challenge = await challengeOf(me);
    const answer = expectEnvelope(await signInWith({ challenge, response: authenticator.authenticate(await stepOptions(challenge)) }), 200);
    expect(jwtPayload(answer.body.data!.token).sub).toBe(me.id);
    // The challenge is used up: the step cannot be taken again.
    expectEnvelope(await signInWith({ challenge, response: authenticator.authenticate(await freshSignInOptions()) }), 401);
  });

  it('after a wrong password the step never succeeds, though it looks the same', async () => {
    const { authenticator } = await enrol(me);
    const challenge = await challengeOf(me, 'not the password at all');
    expectEnvelope(await signInWith({ challenge, response: authenticator.authenticate(await stepOptions(challenge)) }), 401);
  });

  it("another user's passkey does not answer the step, nor does a password-less challenge", async () => {
    await enrol(me);
    const other = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    const { authenticator: othersAuthenticator } = await enrol(other);
    const challenge = await challengeOf(me);
    expectEnvelope(await signInWith({ challenge, response: othersAuthenticator.authenticate(await stepOptions(challenge)) }), 401);
    const mine = await challengeOf(me);
    const { authenticator } = await enrol(me, undefined, 'Second');
    expectEnvelope(await signInWith({ challenge: mine, response: authenticator.authenticate(await freshSignInOptions()) }), 401);
  });
});

describe('odd inputs', () => {
  const assertionParts = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {} };
  const odd: [string, unknown][] = [
    ['no body', undefined],
    ['an empty body', {}],
    ['a text for the response', { response: 'x' }],
    ['a response without parts', { response: { ...assertionParts } }],
    ['another type', { response: { ...assertionParts, type: 'password', response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' } } }],
    ['not base64url', { response: { ...assertionParts, id: '<script>', response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' } } }],
    ['a huge part', { response: { ...assertionParts, response: { clientDataJSON: 'A'.repeat(100_000), authenticatorData: 'AA', signature: 'AA' } } }],
    ['numbers for texts', { response: { ...assertionParts, id: 5, response: { clientDataJSON: 5, authenticatorData: [], signature: {} } } }],
    ['a challenge that is not a text', { challenge: { $gt: '' }, response: { ...assertionParts } }],
  ];
  it.each(odd)('a sign-in with %s is a 400', async (_name, body) => {
    expectEnvelope(await server.api('POST', '/api/token/passkey', { body, headers: tenant }), 400);
  });

  it('well-formed nonsense (base64url that decodes to garbage) is a 401, never a 500', async () => {
    const { authenticator } = await enrol(me);
    const options = await freshSignInOptions();
    const good = authenticator.authenticate(options);
    const garbage = Buffer.from('garbage').toString('base64url');
    for (const part of ['clientDataJSON', 'authenticatorData', 'signature', 'userHandle'] as const) {
      const bent = { ...good, response: { ...good.response, [part]: garbage } };
      expectEnvelope(await signInWith({ response: bent }), 401);
    }
    expectEnvelope(await signInWith({ response: { ...good, id: garbage, rawId: garbage } }), 401);
  });

  it('an enrolment with odd inputs is a 400 that enrols nothing', async () => {
    const options = expectEnvelope(await account.options(), 200).body.data!;
    const good = createSoftwareAuthenticator(ORIGIN).register(options);
    const garbage = Buffer.from('garbage').toString('base64url');
    for (const body of [{}, { name: '', response: good }, { name: 'x'.repeat(101), response: good }, { name: 'Laptop', response: 'nonsense' }]) {
      expectEnvelope(await refused(server, () => account.register(body)), 400);
    }
    // Well-formed nonsense spends the challenge it names (single use, whatever the verdict) and enrols nothing.
    for (const part of ['attestationObject', 'clientDataJSON'] as const) {
      const fresh = createSoftwareAuthenticator(ORIGIN).register(expectEnvelope(await account.options(), 200).body.data!);
      expectEnvelope(await account.register({ name: 'Laptop', response: { ...fresh, response: { ...fresh.response, [part]: garbage } } }), 400);
    }
    expect(expectEnvelope(await account.list(), 200).body.data).toEqual([]);
    expectEnvelope(await refused(server, () => server.api('PUT', '/api/account/passkeys/not-an-id', { token: me.token, body: { name: 'x' } })), 400);
    expectEnvelope(await refused(server, () => server.api('DELETE', '/api/account/passkeys/00000000-0000-0000-0000-000000000000', { token: me.token })), 404);
  });

  it('the second step with an unknown challenge is a 401', async () => {
    expectEnvelope(await signInOptions({ challenge: 'no-such-challenge' }), 401);
  });
});

describe('the relying party, from PUBLIC_URL only', () => {
  it('takes answers made on the public origin, and on localhost on any port, and no other', () => {
    const site = relyingPartyOf({ publicUrl: 'https://portal.example.com' });
    expect(site.id).toBe('portal.example.com');
    expect(site.acceptsOrigin('https://portal.example.com')).toBe(true);
    for (const origin of ['http://portal.example.com', 'https://portal.example.com:8443', 'https://evil.example', 'http://localhost:5173', 'null', ''])
      expect(site.acceptsOrigin(origin), origin).toBe(false);

    const local = relyingPartyOf({ publicUrl: 'http://localhost:0' });
    expect(local.id).toBe('localhost');
    for (const origin of ['http://localhost:5173', 'http://localhost', 'https://localhost:8443']) expect(local.acceptsOrigin(origin), origin).toBe(true);
    for (const origin of ['http://localhost.evil.example', 'http://127.0.0.1:5173', 'http://localhost:5173/path', 'ftp://localhost', 'not a url'])
      expect(local.acceptsOrigin(origin), origin).toBe(false);
  });

  it('reads the origin and challenge of an answer, or nothing from garbage', () => {
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(clientDataOf(encoded({ origin: 'http://localhost:1', challenge: 'abc', type: 'webauthn.get' }))).toEqual({
      origin: 'http://localhost:1',
      challenge: 'abc',
    });
    for (const garbage of ['', 'garbage', encoded(null), encoded([1]), encoded({ origin: 5, challenge: 'x' })]) expect(clientDataOf(garbage)).toBeNull();
  });
});
