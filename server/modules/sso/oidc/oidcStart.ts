import * as client from 'openid-client';
import type { AppContext } from '../../../context';
import { ApiError, badRequest } from '../../../core/errors';
import { addressesOf } from '../signInSettings.service';
import { openFlow } from '../ssoFlows';
import { safeReturnTo } from '../ssoLanding';
import type { IdentityProviderRow } from '../verifiedIdentity';
import { oidcConfigurationOf, oidcSettingsOf } from './oidcConfiguration';

/**
 * The provider's authorization address for a new sign-in: authorization code with PKCE (S256), a new state and
 * nonce kept in the flow with the verifier and the (safe) return path.
 */
export async function startOidc(ctx: Pick<AppContext, 'config' | 'db' | 'log'>, provider: IdentityProviderRow, returnTo: unknown): Promise<string> {
  const settings = oidcSettingsOf(ctx, provider);
  if (!settings) throw badRequest('ssoOidc.notConfigured');
  const { config } = await oidcConfigurationOf(settings).catch((error: unknown) => {
    ctx.log.warn({ err: error, issuer: settings.issuer }, 'OpenID provider discovery failed');
    throw new ApiError(502, 'ssoOidc.providerUnreachable');
  });
  const offered = config.serverMetadata().scopes_supported ?? [];
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = await openFlow(ctx.db, provider.id, { nonce, codeVerifier, returnTo: safeReturnTo(returnTo) });
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: addressesOf(ctx, provider.id).oidcRedirectUri,
      response_type: 'code',
      scope: ['openid', 'email', 'profile', ...(offered.includes('groups') ? ['groups'] : [])].join(' '),
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString();
}
