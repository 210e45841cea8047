import * as client from 'openid-client';
import type { AppContext } from '../../../context';
import { addressesOf } from '../signInSettings.service';
import type { IdentityProviderRow } from '../verifiedIdentity';
import { oidcConfigurationOf, oidcSettingsOf } from './oidcConfiguration';

/**
 * The provider's RP-initiated logout address for a sign-in (its id_token as `id_token_hint`), or null when the
 * provider offers no `end_session_endpoint`, cannot be reached, or the sign-in kept no id_token.
 */
export async function oidcLogoutAddress(
  ctx: Pick<AppContext, 'config' | 'log'>,
  provider: IdentityProviderRow,
  logoutHint: string | null | undefined,
): Promise<string | null> {
  const settings = oidcSettingsOf(ctx, provider);
  if (!settings || !logoutHint) return null;
  try {
    const { config } = await oidcConfigurationOf(settings);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client
      .buildEndSessionUrl(config, { id_token_hint: logoutHint, post_logout_redirect_uri: addressesOf(ctx, provider.id).oidcPostLogoutRedirectUri })
      .toString();
  } catch (error) {
    ctx.log.warn({ err: error, issuer: settings.issuer }, 'OpenID provider discovery failed: signing out here only');
    return null;
  }
}
