import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { signInSettingsPath, type SignInSettingsDto } from '../../contract/sso';
import { identityProviders, ssoDomains } from '../../server/modules/sso/sso.schema';
import type { IdentityProviderRow } from '../../server/modules/sso/verifiedIdentity';
import type { Factories } from './factories';
import { startTestProvider, type TestAccount, type TestProvider } from './oidcTestProvider';
import type { TestServer } from './harness';

/**
 * A real OpenID provider for a server test file, and partners whose identity provider it is.
 */
export function useOidcProvider(server: TestServer, make: Factories, adminToken: () => string) {
  let started: TestProvider | undefined;
  const idp = () => {
    if (!started) throw new Error('the OpenID provider has not started');
    return started;
  };
  beforeAll(async () => {
    started = await startTestProvider();
  });
  afterAll(() => started?.close());

  /**
   * A partner signing in with the test provider, set up as staff do it through the sign-in settings API (the client
   * secret sealed there), and the portal registered at the provider with the addresses those settings show.
   */
  async function oidcPartner(options: { defaultRoleId?: string | null } = {}): Promise<{ provider: IdentityProviderRow; domain: string; partnerId: string }> {
    const partner = await make.partner();
    const tag = crypto.randomBytes(4).toString('hex');
    const domain = `${tag}.oidc.example`;
    const clientId = `portal-${tag}`;
    const clientSecret = crypto.randomBytes(24).toString('base64url');
    const call = async (method: string, tail: string, body?: unknown) => {
      const answer = await server.api<SignInSettingsDto>(method, `${signInSettingsPath(partner.id)}${tail}`, { token: adminToken(), body });
      if (answer.status !== 200) throw new Error(`sign-in settings ${method} ${tail}: ${answer.status} ${answer.text}`);
      return answer.body.data!;
    };
    const saved = await call('PUT', '/provider', {
      kind: 'oidc',
      name: `Test IdP ${tag}`,
      oidcIssuer: idp().issuer,
      oidcClientId: clientId,
      oidcClientSecret: clientSecret,
      defaultRoleId: options.defaultRoleId ?? null,
    });
    const claimed = (await call('POST', '/domains', { domain })).domains.find((d) => d.domain === domain)!;
    await call('POST', `/domains/${claimed.id}/verify`);
    const db = server.built.database.db;
    const [provider] = await db.select().from(identityProviders).where(eq(identityProviders.id, saved.provider!.id));
    make.onCleanup(() => db.delete(identityProviders).where(eq(identityProviders.id, provider.id)));
    make.onCleanup(() => db.delete(ssoDomains).where(eq(ssoDomains.domain, domain)));
    idp().registerClient({
      clientId,
      clientSecret,
      redirectUri: saved.addresses!.oidcRedirectUri,
      postLogoutRedirectUri: saved.addresses!.oidcPostLogoutRedirectUri,
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
