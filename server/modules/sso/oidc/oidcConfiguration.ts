import * as client from 'openid-client';
import type { AppContext } from '../../../context';
import { unsealSecret } from '../../accounts/totp';
import type { IdentityProviderRow } from '../verifiedIdentity';

/** How long a provider's discovery document is trusted before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** Seconds to wait for the provider's discovery, token, JWKS and userinfo endpoints. */
const PROVIDER_TIMEOUT_SECONDS = 10;

interface Discovered {
  metadata: client.ServerMetadata;
  readAt: number;
  /** The provider's signing keys as last fetched (openid-client's own cache, shared by the sign-ins of this issuer). */
  jwks?: client.ExportedJWKSCache;
}

const discovered = new Map<string, Discovered>();

/** Plain http is for a provider on this machine only (a test's, or a developer's Keycloak); any other needs https. */
function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
}

/** The provider row's OIDC settings, its client secret unsealed; null when the row lacks an issuer or a client id, or the secret cannot be unsealed. */
export function oidcSettingsOf(ctx: Pick<AppContext, 'config' | 'log'>, provider: IdentityProviderRow): OidcSettings | null {
  if (provider.kind !== 'oidc' || !provider.oidcIssuer || !provider.oidcClientId) return null;
  let clientSecret: string | undefined;
  try {
    clientSecret = provider.oidcClientSecretSealed ? unsealSecret(ctx.config.jwtSecret, provider.oidcClientSecretSealed) : undefined;
  } catch (error) {
    // Sealed under another server secret (JWT_SECRET changed since): staff must enter the client secret again.
    ctx.log.error({ err: error, providerId: provider.id }, 'The OpenID client secret cannot be unsealed');
    return null;
  }
  return { issuer: provider.oidcIssuer, clientId: provider.oidcClientId, clientSecret };
}

async function metadataOf(issuer: string): Promise<Discovered> {
  const known = discovered.get(issuer);
  if (known && Date.now() - known.readAt < DISCOVERY_TTL_MS) return known;
  const url = new URL(issuer);
  const found = await client.discovery(url, 'discovery', undefined, undefined, {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    execute: isLoopbackHttp(url) ? [client.allowInsecureRequests] : [],
  });
  const entry: Discovered = { metadata: found.serverMetadata(), readAt: Date.now() };
  discovered.set(issuer, entry);
  return entry;
}

/**
 * A configuration of openid-client for one sign-in: the issuer's discovery document (cached an hour), the client's
 * authentication the provider supports, and id_token signatures checked against the provider's JWKS.
 *
 * The JWKS is cached per issuer for openid-client's five minutes, but handed to each sign-in as older than a minute:
 * openid-client then fetches the JWKS again at once when an id_token names a key it does not hold (a provider that
 * rotated its key, Keycloak does it in one step), rather than refusing the sign-ins of the next minute. Its
 * minute's wait guards against tokens an attacker makes up; an id_token here only ever comes from the provider's own
 * token endpoint.
 */
export async function oidcConfigurationOf(settings: OidcSettings): Promise<{ config: client.Configuration; keepKeys(): void }> {
  const entry = await metadataOf(settings.issuer);
  const { metadata } = entry;
  const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  const authentication = !settings.clientSecret
    ? client.None()
    : methods.includes('client_secret_basic') || !methods.includes('client_secret_post')
      ? client.ClientSecretBasic(settings.clientSecret)
      : client.ClientSecretPost(settings.clientSecret);
  const config = new client.Configuration(metadata, settings.clientId, undefined, authentication);
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  if (isLoopbackHttp(new URL(settings.issuer))) client.allowInsecureRequests(config);
  client.enableNonRepudiationChecks(config);
  if (entry.jwks) client.setJwksCache(config, { ...entry.jwks, uat: Math.min(entry.jwks.uat, Math.floor(Date.now() / 1000) - 60) });
  return {
    config,
    keepKeys() {
      const jwks = client.getJwksCache(config);
      if (jwks && jwks.uat > (entry.jwks?.uat ?? 0)) entry.jwks = jwks;
    },
  };
}
