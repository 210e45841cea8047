import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { sealSecret } from '../../server/modules/accounts/totp';
import { identityProviders, ssoDomains } from '../../server/modules/sso/sso.schema';
import type { IdentityProviderRow } from '../../server/modules/sso/verifiedIdentity';
import type { Factories } from './factories';
import { startTestProvider, type TestAccount, type TestProvider } from './oidcTestProvider';
import type { TestServer } from './harness';

/**
 * A real OpenID provider for a server test file, and partners whose identity provider it is: each partner with a
 * verified domain, an identity_providers row (its client secret sealed as the settings API seals it) and the
 * portal registered as a client at the provider with its redirect and post-logout addresses.
 */
export function useOidcProvider(server: TestServer, make: Factories) {
  let started: TestProvider | undefined;
  const idp = () => {
    if (!started) throw new Error('the OpenID provider has not started');
    return started;
  };
  beforeAll(async () => {
    started = await startTestProvider();
  });
  afterAll(() => started?.close());

  /** A partner signing in with the test provider: its provider row and its verified domain. */
  async function oidcPartner(options: { defaultRoleId?: string | null } = {}): Promise<{ provider: IdentityProviderRow; domain: string; partnerId: string }> {
    const partner = await make.partner();
    const id = crypto.randomUUID();
    const domain = `${id.slice(0, 8)}.oidc.example`;
    const clientSecret = crypto.randomBytes(24).toString('base64url');
    const db = server.built.database.db;
    await db.insert(ssoDomains).values({ partnerId: partner.id, domain, verificationToken: crypto.randomUUID(), verifiedAt: new Date() });
    const [provider] = await db
      .insert(identityProviders)
      .values({
        id,
        partnerId: partner.id,
        kind: 'oidc',
        name: `Test IdP ${id.slice(0, 8)}`,
        oidcIssuer: idp().issuer,
        oidcClientId: `portal-${id}`,
        oidcClientSecretSealed: sealSecret(server.config.jwtSecret, clientSecret),
        defaultRoleId: options.defaultRoleId ?? null,
      })
      .returning();
    make.onCleanup(() => db.delete(identityProviders).where(eq(identityProviders.id, id)));
    make.onCleanup(() => db.delete(ssoDomains).where(eq(ssoDomains.domain, domain)));
    idp().registerClient({
      clientId: `portal-${id}`,
      clientSecret,
      redirectUri: callbackAddressOf(provider),
      postLogoutRedirectUri: `${server.config.publicUrl}/login`,
    });
    return { provider, domain, partnerId: partner.id };
  }

  const callbackAddressOf = (provider: IdentityProviderRow) => `${server.config.publicUrl}/api/sso/${provider.id}/oidc/callback`;

  /** A person of `domain` as the provider knows them. */
  const accountAt = (domain: string, claims: Partial<TestAccount> = {}): TestAccount => {
    const local = `p${crypto.randomBytes(4).toString('hex')}`;
    return { sub: `sub-${local}`, email: `${local}@${domain}`, email_verified: true, given_name: 'Lan', family_name: 'Nguyen', ...claims };
  };

  /** The address the provider sent the browser back to, as the portal's own server answers it (the test server's port). */
  const onServer = (callback: URL) => new URL(callback.pathname + callback.search, server.url);

  return {
    get idp() {
      return idp();
    },
    oidcPartner,
    accountAt,
    callbackAddressOf,
    onServer,
  };
}
