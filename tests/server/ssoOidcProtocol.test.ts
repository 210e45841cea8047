import crypto from 'node:crypto';
import net from 'node:net';
import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sealSecret } from '../../server/modules/accounts/totp';
import { completeOidc } from '../../server/modules/sso/oidc/oidcCallback';
import { startOidc } from '../../server/modules/sso/oidc/oidcStart';
import { takeFlow } from '../../server/modules/sso/ssoFlows';
import type { IdentityProviderRow } from '../../server/modules/sso/verifiedIdentity';
import { useDemoServer } from './factories';
import { newSigningKey, signInAtProvider, type TestAccount } from './oidcTestProvider';
import { useOidcProvider } from './ssoOidcFixtures';

const { server, make, token } = useDemoServer();
const oidc = useOidcProvider(server, make, () => token('admin@example.com'));

/** Starts a sign-in, signs `account` in at the provider and answers what the portal's callback makes of it. */
async function signIn(provider: IdentityProviderRow, account: TestAccount, options: { state?: (state: string) => string } = {}) {
  const ctx = server.built.ctx;
  const authorization = new URL(await startOidc(ctx, provider, null));
  oidc.idp.nextLogin(account);
  const callback = await signInAtProvider(authorization.href, oidc.callbackAddressOf(provider));
  const state = callback.searchParams.get('state')!;
  const flow = await takeFlow(ctx.db, provider.id, options.state ? options.state(state) : state);
  if (!flow) return { refused: 'ssoOidc.flowInvalid', authorization };
  return completeOidc(ctx, provider, callback, flow).then(
    (identity) => ({ identity, authorization }),
    (error: { messageKey?: string }) => ({ refused: error.messageKey ?? String(error), authorization }),
  );
}

/** The claims of an id_token the real provider would give for this sign-in (issuer, audience, nonce of the flow). */
const claimsFor = (provider: IdentityProviderRow, authorization: URL, account: TestAccount, overrides: Record<string, unknown> = {}) => {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: oidc.idp.issuer,
    aud: provider.oidcClientId ?? undefined,
    sub: account.sub,
    email: account.email,
    email_verified: true,
    nonce: authorization.searchParams.get('nonce') ?? undefined,
    iat: now,
    exp: now + 300,
    ...overrides,
  };
};

/** Has the provider's token endpoint answer an id_token made by `idToken` from the sign-in's authorization address. */
async function signInWithForgedToken(provider: IdentityProviderRow, account: TestAccount, idToken: (authorization: URL) => Promise<string>) {
  let authorization: URL | undefined;
  oidc.idp.forgeTokens(async () => ({ access_token: 'forged', token_type: 'Bearer', expires_in: 300, id_token: await idToken(authorization!) }));
  try {
    const ctx = server.built.ctx;
    authorization = new URL(await startOidc(ctx, provider, null));
    oidc.idp.nextLogin(account);
    const callback = await signInAtProvider(authorization.href, oidc.callbackAddressOf(provider));
    const flow = await takeFlow(ctx.db, provider.id, callback.searchParams.get('state')!);
    return await completeOidc(ctx, provider, callback, flow!).then(
      (identity) => ({ identity }),
      (error: { messageKey?: string }) => ({ refused: error.messageKey ?? String(error) }),
    );
  } finally {
    oidc.idp.forgeTokens(null);
  }
}

describe('OpenID Connect sign-in', () => {
  it('asks the provider for the code with PKCE S256, a state, a nonce and the scopes it offers', async () => {
    const { provider } = await oidc.oidcPartner();
    const authorization = new URL(await startOidc(server.built.ctx, provider, null));
    expect(authorization.origin).toBe(oidc.idp.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: provider.oidcClientId,
      redirect_uri: oidc.callbackAddressOf(provider),
      response_type: 'code',
      scope: 'openid email profile groups',
      code_challenge_method: 'S256',
    });
    expect(authorization.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(authorization.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('gives the person the provider signed in: email and names from userinfo, groups, the id_token to sign out with', async () => {
    const { provider, domain } = await oidc.oidcPartner();
    const account = oidc.accountAt(domain, { groups: ['sales', 'support'], amr: ['pwd'] });
    const answer = await signIn(provider, account);
    expect(answer).toMatchObject({
      identity: { subject: account.sub, email: account.email, givenName: 'Lan', familyName: 'Nguyen', groups: ['sales', 'support'], mfa: false },
    });
    expect('identity' in answer && answer.identity.logoutHint?.split('.')).toHaveLength(3);
  });

  it("counts the provider's own second factor only when amr or acr says so", async () => {
    const { provider, domain } = await oidc.oidcPartner();
    const cases: [Partial<TestAccount>, boolean][] = [
      [{ amr: ['pwd', 'otp'] }, true],
      [{ amr: ['mfa'] }, true],
      [{ amr: ['otp'] }, false],
      [{ amr: ['pwd'], acr: 'https://refeds.org/profile/mfa' }, true],
      [{ acr: 'urn:example:loa:1' }, false],
    ];
    for (const [how, mfa] of cases) {
      const answer = await signIn(provider, oidc.accountAt(domain, how));
      expect({ how, mfa: 'identity' in answer && answer.identity.mfa }).toEqual({ how, mfa });
    }
  });

  it('refuses an email the provider says is unverified', async () => {
    const { provider, domain } = await oidc.oidcPartner();
    expect(await signIn(provider, oidc.accountAt(domain, { email_verified: false }))).toMatchObject({ refused: 'ssoOidc.emailUnverified' });
  });

  it('says the provider cannot be reached when its discovery or its token endpoint does not answer', async () => {
    const { provider, domain } = await oidc.oidcPartner();
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    await expect(startOidc(server.built.ctx, { ...provider, oidcIssuer: `http://127.0.0.1:${closed}` }, null)).rejects.toMatchObject({
      statusCode: 502,
      messageKey: 'ssoOidc.providerUnreachable',
    });
    oidc.idp.forgeTokens(async () => 'hang up');
    try {
      expect(await signIn(provider, oidc.accountAt(domain))).toMatchObject({ refused: 'ssoOidc.providerUnreachable' });
    } finally {
      oidc.idp.forgeTokens(null);
    }
  });

  it('refuses to start with a client secret sealed under another server secret (staff must enter it again), not a 500', async () => {
    const { provider } = await oidc.oidcPartner();
    const resealed = { ...provider, oidcClientSecretSealed: sealSecret(crypto.randomBytes(32), 'the old secret') };
    await expect(startOidc(server.built.ctx, resealed, null)).rejects.toMatchObject({ statusCode: 400, messageKey: 'ssoOidc.notConfigured' });
  });

  it('refuses a sign-in without an email, neither in the id_token nor from userinfo', async () => {
    const { provider, domain } = await oidc.oidcPartner();
    expect(await signIn(provider, oidc.accountAt(domain, { email: undefined, email_verified: undefined }))).toMatchObject({ refused: 'ssoOidc.emailMissing' });
  });

  it('refuses a callback whose state is not the flow it started', async () => {
    const { provider, domain } = await oidc.oidcPartner();
    expect(await signIn(provider, oidc.accountAt(domain), { state: (state) => `${state}x` })).toMatchObject({ refused: 'ssoOidc.flowInvalid' });
  });

  it('still signs in after the provider rotates its signing key', async () => {
    const { provider, domain } = await oidc.oidcPartner();
    expect(await signIn(provider, oidc.accountAt(domain))).toHaveProperty('identity');
    await oidc.idp.rotateKey();
    const answer = await signIn(provider, oidc.accountAt(domain));
    expect(answer).toHaveProperty('identity');
    const header = 'identity' in answer && JSON.parse(Buffer.from(answer.identity.logoutHint!.split('.')[0], 'base64url').toString());
    expect(header.kid).toBe(oidc.idp.keys[0].kid);
  });

  describe('refuses an id_token', () => {
    it('that the provider signed with its key, as a control', async () => {
      const { provider, domain } = await oidc.oidcPartner();
      const account = oidc.accountAt(domain);
      expect(
        await signInWithForgedToken(provider, account, (authorization) => oidc.idp.signIdToken(claimsFor(provider, authorization, account))),
      ).toMatchObject({
        identity: { email: account.email },
      });
    });

    type Forgery = (provider: IdentityProviderRow, authorization: URL, account: TestAccount) => Promise<string>;
    const hourAgo = () => Math.floor(Date.now() / 1000) - 3600;
    const forgeries: [string, Forgery][] = [
      ['for another client (wrong audience)', (p, a, who) => oidc.idp.signIdToken(claimsFor(p, a, who, { aud: 'another-client' }))],
      ['that has expired', (p, a, who) => oidc.idp.signIdToken(claimsFor(p, a, who, { iat: hourAgo() - 300, exp: hourAgo() }))],
      ['of another sign-in (nonce mismatch)', (p, a, who) => oidc.idp.signIdToken(claimsFor(p, a, who, { nonce: 'a-nonce-of-another-sign-in' }))],
      ['from another issuer', (p, a, who) => oidc.idp.signIdToken(claimsFor(p, a, who, { iss: 'https://evil.example' }))],
      ['unsigned (alg none)', async (p, a, who) => new UnsecuredJWT(claimsFor(p, a, who)).encode()],
      [
        "signed with another key under the provider's key id",
        async (p, a, who) => oidc.idp.signIdToken(claimsFor(p, a, who), await newSigningKey(oidc.idp.keys[0].kid)),
      ],
      ['signed with a key the provider never published', async (p, a, who) => oidc.idp.signIdToken(claimsFor(p, a, who), await newSigningKey('unpublished'))],
    ];
    it.each(forgeries)('%s', async (_name, forge) => {
      const { provider, domain } = await oidc.oidcPartner();
      const account = oidc.accountAt(domain);
      expect(await signInWithForgedToken(provider, account, (authorization) => forge(provider, authorization, account))).toEqual({
        refused: 'ssoOidc.answerRefused',
      });
    });
  });
});
