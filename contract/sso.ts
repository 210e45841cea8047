/** Issue 37: what `POST /api/sso/discover` answers for an address. */
export interface SsoDiscovery {
  /** The identity provider of the organisation that verified the address's domain, or null (password and passkey then). */
  provider: { id: string; name: string; kind: 'oidc' | 'saml' } | null;
  /** The organisation signs its people in only through it: the password is refused. */
  required: boolean;
}

/** The address that starts a sign-in through `providerId`, returning to `returnTo` (a path of the app) after. */
export const ssoStartPath = (providerId: string, returnTo?: string) =>
  `/api/sso/${encodeURIComponent(providerId)}/start${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
