import * as client from 'openid-client';
import type { AppContext } from '../../../context';
import type { IdentityProviderRow, VerifiedIdentity } from '../verifiedIdentity';
import { oidcConfigurationOf, oidcSettingsOf } from './oidcConfiguration';
import { providerMfaOf } from './providerMfa';

/** A provider's answer refused: its i18n key is what the sign-in page shows. */
export class OidcRefusal extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
  }
}

/** What the flow kept for this callback (taken from sso_flows by its state). */
export interface OidcFlow {
  id: string;
  nonce: string | null;
  codeVerifier: string | null;
}

const MAX_GROUPS = 200;

function groupsOf(claim: unknown): string[] {
  const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [];
  return values.filter((group): group is string => typeof group === 'string' && group.length > 0 && group.length <= 255).slice(0, MAX_GROUPS);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The identity a provider's callback vouches for, after openid-client's checks: the state against the flow's, the
 * code exchanged with the PKCE verifier, and the id_token's signature (the provider's JWKS), issuer, audience,
 * expiry and nonce. The email comes from the id_token, or else from userinfo; one the provider says is unverified is
 * refused. Throws an OidcRefusal.
 */
export async function completeOidc(
  ctx: Pick<AppContext, 'config' | 'log'>,
  provider: IdentityProviderRow,
  callbackAddress: URL,
  flow: OidcFlow,
): Promise<VerifiedIdentity> {
  const settings = oidcSettingsOf(ctx, provider);
  if (!settings || !flow.nonce || !flow.codeVerifier) throw new OidcRefusal('ssoOidc.notConfigured');
  const { config, keepKeys } = await oidcConfigurationOf(settings).catch((error: unknown) => {
    ctx.log.warn({ err: error, issuer: settings.issuer }, 'OpenID provider discovery failed');
    throw new OidcRefusal('ssoOidc.providerUnreachable');
  });
  let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
  try {
    tokens = await client.authorizationCodeGrant(config, callbackAddress, {
      expectedState: flow.id,
      expectedNonce: flow.nonce,
      pkceCodeVerifier: flow.codeVerifier,
      idTokenExpected: true,
    });
  } catch (error) {
    throw refusalOf(ctx, settings.issuer, error);
  } finally {
    keepKeys();
  }
  const claims = tokens.claims();
  if (!claims || !tokens.id_token) throw new OidcRefusal('ssoOidc.answerRefused');
  let profile: Record<string, unknown> = claims;
  if (text(claims.email) === undefined) {
    try {
      profile = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
    } catch (error) {
      throw refusalOf(ctx, settings.issuer, error);
    }
  }
  const email = text(profile.email);
  if (!email) throw new OidcRefusal('ssoOidc.emailMissing');
  // A provider that does not say (Entra ID) leaves the check to the domain its organisation verified here.
  if (profile.email_verified === false || profile.email_verified === 'false') throw new OidcRefusal('ssoOidc.emailUnverified');
  return {
    subject: claims.sub,
    email: email.toLowerCase(),
    givenName: text(profile.given_name),
    familyName: text(profile.family_name),
    groups: groupsOf(profile.groups ?? claims.groups),
    mfa: providerMfaOf({ amr: claims.amr, acr: claims.acr }),
    logoutHint: tokens.id_token,
  };
}

function refusalOf(ctx: Pick<AppContext, 'log'>, issuer: string, error: unknown): OidcRefusal {
  if (error instanceof client.AuthorizationResponseError) {
    // The provider refused at its end (the person cancelled, or is not assigned to the application).
    ctx.log.info({ issuer, error: error.error, description: error.error_description }, 'OpenID provider refused the sign-in');
    return new OidcRefusal('ssoOidc.providerRefused');
  }
  ctx.log.warn({ err: error, issuer }, 'OpenID sign-in refused');
  const unreachable =
    (error instanceof TypeError && error.message === 'fetch failed') ||
    (error instanceof client.ClientError && (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT'));
  return new OidcRefusal(unreachable ? 'ssoOidc.providerUnreachable' : 'ssoOidc.answerRefused');
}
