import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AccessTokenClaims, TokenResponse } from '../../contract/tokens';
import { signIns } from '../../server/modules/accounts/signIns.schema';
import { ssoFlows } from '../../server/modules/sso/sso.schema';
import type { IdentityProviderRow } from '../../server/modules/sso/verifiedIdentity';
import { users } from '../../server/modules/users/users.schema';
import { useDemoServer } from './factories';
import { rootTenant, snapshotBeside } from './harness';
import { signInAtProvider, type TestAccount } from './oidcTestProvider';
import { useOidcProvider } from './ssoOidcFixtures';

const { server, make, token } = useDemoServer();
const oidc = useOidcProvider(server, make, () => token('admin@example.com'));

/** The browser's walk: the portal's start, the provider's login, the portal's callback; answers where the callback sends it. */
async function walk(provider: IdentityProviderRow, account: TestAccount, returnTo = '/tickets') {
  const start = await fetch(`${server.url}/api/sso/${provider.id}/start?returnTo=${encodeURIComponent(returnTo)}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  oidc.idp.nextLogin(account);
  const callback = await signInAtProvider(start.headers.get('location')!, oidc.callbackAddressOf(provider));
  return { callback, landing: await callBack(callback) };
}

/** The portal's answer to the provider's redirect back: where it sends the browser. */
async function callBack(callback: URL) {
  const answer = await fetch(oidc.onServer(callback), { redirect: 'manual' });
  expect(answer.status).toBe(303);
  const landing = new URL(answer.headers.get('location')!);
  expect(landing.origin + landing.pathname).toBe(`${server.config.publicUrl}/sso/complete`);
  return landing;
}

async function exchange(landing: URL) {
  const answer = await server.api<TokenResponse>('POST', '/api/token/sso', { body: { code: landing.searchParams.get('code') }, headers: rootTenant });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data!;
}

/** Every table as it is, but the flows (a refused callback still takes its flow, so that it cannot be tried again). */
const everythingButFlows = () => snapshotBeside(server, 'sso_flows');

describe('signing in through a partner’s OpenID provider', () => {
  it('creates the member at the first sign-in and lands on the return path with a code for the session', async () => {
    const { provider, domain, partnerId } = await oidc.oidcPartner();
    const account = oidc.accountAt(domain);
    const { landing } = await walk(provider, account, '/tickets?status=open');
    expect(landing.searchParams.get('returnTo')).toBe('/tickets?status=open');
    const session = await exchange(landing);
    const claims = decodeJwt(session.token) as unknown as AccessTokenClaims;
    expect({ email: claims.email, partnerId: claims.partnerId, fullName: claims.fullName }).toEqual({
      email: account.email,
      partnerId,
      fullName: 'Lan Nguyen',
    });
    const [signIn] = await server.built.database.db.select().from(signIns).where(eq(signIns.id, claims.sid!));
    expect({ method: signIn.method, provider: signIn.identityProviderId, mfa: signIn.providerMfa }).toEqual({
      method: 'sso',
      provider: provider.id,
      mfa: false,
    });
  });

  it("records the provider's own second factor on the sign-in when its amr says so", async () => {
    const { provider, domain } = await oidc.oidcPartner();
    const { landing } = await walk(provider, oidc.accountAt(domain, { amr: ['pwd', 'hwk'] }));
    const claims = decodeJwt((await exchange(landing)).token) as unknown as AccessTokenClaims;
    const [signIn] = await server.built.database.db.select().from(signIns).where(eq(signIns.id, claims.sid!));
    expect(signIn.providerMfa).toBe(true);
  });

  it('refuses the same callback a second time, creating nothing more', async () => {
    const { provider, domain } = await oidc.oidcPartner();
    const { callback, landing } = await walk(provider, oidc.accountAt(domain));
    expect(landing.searchParams.has('code')).toBe(true);
    const before = await server.snapshot();
    expect((await callBack(callback)).searchParams.get('error')).toBe('ssoOidc.flowInvalid');
    expect(await server.snapshot()).toBe(before);
  });

  describe('lands on the sign-in page with the reason and creates nothing', () => {
    const refusals: [string, (callback: URL, provider: IdentityProviderRow) => Promise<URL>, string][] = [
      ['a state of no flow', async (callback) => withParam(callback, 'state', `${callback.searchParams.get('state')}x`), 'ssoOidc.flowInvalid'],
      ['no state at all', async (callback) => withParam(callback, 'state', null), 'ssoOidc.flowInvalid'],
      [
        'a flow that has expired',
        async (callback) => {
          const state = callback.searchParams.get('state')!;
          await server.built.database.db
            .update(ssoFlows)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(ssoFlows.id, state));
          return callback;
        },
        'ssoOidc.flowInvalid',
      ],
      [
        'a state of another provider',
        async (callback) => new URL(callback.href.replace(/\/sso\/[^/]+\//, `/sso/${crypto.randomUUID()}/`)),
        'sso.providerUnknown',
      ],
      ['a code the provider never gave', async (callback) => withParam(callback, 'code', 'made-up-code'), 'ssoOidc.answerRefused'],
      [
        'the provider’s own refusal',
        async (callback) => {
          const refused = withParam(withParam(callback, 'code', null), 'error', 'access_denied');
          return refused;
        },
        'ssoOidc.providerRefused',
      ],
    ];
    it.each(refusals)('%s', async (_name, tamper, reason) => {
      const { provider, domain } = await oidc.oidcPartner();
      const start = await fetch(`${server.url}/api/sso/${provider.id}/start?returnTo=/tickets`, { redirect: 'manual' });
      oidc.idp.nextLogin(oidc.accountAt(domain));
      const callback = await signInAtProvider(start.headers.get('location')!, oidc.callbackAddressOf(provider));
      const tampered = await tamper(callback, provider);
      const before = await everythingButFlows();
      const landing = await callBack(tampered);
      expect(Object.fromEntries(landing.searchParams)).toMatchObject({ error: reason });
      expect(landing.searchParams.has('code')).toBe(false);
      expect(await everythingButFlows()).toBe(before);
    });
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'never sends the browser to %s after signing in',
    async (returnTo) => {
      const { provider, domain } = await oidc.oidcPartner();
      const { landing } = await walk(provider, oidc.accountAt(domain), returnTo);
      expect(landing.origin).toBe(new URL(server.config.publicUrl).origin);
      expect(landing.searchParams.has('returnTo')).toBe(false);
      expect(landing.searchParams.has('code')).toBe(true);
    },
  );

  it("refuses an email of another partner's verified domain asserted by this partner's provider", async () => {
    const partnerA = await oidc.oidcPartner();
    const partnerB = await oidc.oidcPartner();
    const before = await everythingButFlows();
    const { landing } = await walk(partnerA.provider, oidc.accountAt(partnerB.domain));
    expect(landing.searchParams.get('error')).toBe('sso.domainNotVerified');
    expect(await everythingButFlows()).toBe(before);
    const found = await server.built.database.db.select().from(users).where(eq(users.partnerId, partnerB.partnerId));
    expect(found).toEqual([]);
  });

  it("signing out of an SSO sign-in answers the provider's sign-out address, back to the portal's sign-in page; a password sign-in's does not", async () => {
    const { provider, domain } = await oidc.oidcPartner();
    const account = oidc.accountAt(domain);
    oidc.idp.nextLogin(account);
    const { landing } = await walk(provider, account);
    const session = await exchange(landing);
    expect(decodeJwt(session.token)).toMatchObject({ idp: provider.id });
    const signedOut = await server.api<{ providerSignOutUrl: string } | null>('POST', '/api/token/revoke', {
      body: { refreshToken: session.refreshToken },
      headers: rootTenant,
    });
    const address = new URL(signedOut.body.data!.providerSignOutUrl);
    expect(address.origin).toBe(oidc.idp.issuer);
    expect(Object.fromEntries(address.searchParams)).toMatchObject({
      client_id: provider.oidcClientId,
      post_logout_redirect_uri: `${server.config.publicUrl}/sign-in`,
    });
    expect(decodeJwt(address.searchParams.get('id_token_hint')!)).toMatchObject({ sub: account.sub, aud: provider.oidcClientId });
    // The provider accepts it (its confirmation page), as it would not an unknown client's or an unregistered return.
    const atProvider = await fetch(address, { redirect: 'manual' });
    expect(atProvider.status).toBe(200);
    expect(await atProvider.text()).toContain('logout');
    // A sign-out whose answer was lost, tried again, still says where to sign out at the provider.
    const retried = await server.api<{ providerSignOutUrl: string } | null>('POST', '/api/token/revoke', {
      body: { refreshToken: session.refreshToken },
      headers: rootTenant,
    });
    expect(retried.body.data).toEqual(signedOut.body.data);

    const password = await server.signIn('partner@acme.example');
    expect(decodeJwt(password.token)).not.toHaveProperty('idp');
    expect((await server.api('POST', '/api/token/revoke', { body: { refreshToken: password.refreshToken }, headers: rootTenant })).body.data).toBeNull();
  });
});

function withParam(url: URL, name: string, value: string | null) {
  const changed = new URL(url);
  if (value === null) changed.searchParams.delete(name);
  else changed.searchParams.set(name, value);
  return changed;
}
