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

export const SSO_KINDS = ['oidc', 'saml'] as const;
export type SsoKind = (typeof SSO_KINDS)[number];

/** An organisation's identity provider as its settings show it: the client secret never leaves the server. */
export interface IdentityProviderDto {
  id: string;
  kind: SsoKind;
  name: string;
  enabled: boolean;
  requireSso: boolean;
  defaultRoleId: string | null;
  oidcIssuer: string | null;
  oidcClientId: string | null;
  hasClientSecret: boolean;
  samlEntryPoint: string | null;
  samlIdpEntityId: string | null;
  samlIdpCertificates: string | null;
  updatedAt: string;
}

export interface SsoDomainDto {
  id: string;
  domain: string;
  /** What the partner admin may publish (e.g. as a DNS TXT record) for staff to check before confirming. */
  verificationToken: string;
  verifiedAt: string | null;
}

export interface SsoRoleMappingDto {
  claimValue: string;
  roleId: string;
}

/** The addresses an organisation's IdP admin registers for the portal (redirect URIs, SAML ACS and entity id). */
export interface SsoAddresses {
  oidcRedirectUri: string;
  oidcPostLogoutRedirectUri: string;
  samlAcsUrl: string;
  samlEntityId: string;
  samlMetadataUrl: string;
}

/** `GET /api/v1/sign-in-settings/:organisation` (a partner's id, or `staff`). */
export interface SignInSettingsDto {
  partnerId: string | null;
  provider: IdentityProviderDto | null;
  domains: SsoDomainDto[];
  roleMappings: SsoRoleMappingDto[];
  /** Once a provider exists: its addresses to copy. */
  addresses: SsoAddresses | null;
  /** The roles the reader may give through this organisation's provider (its mapping and default role), by rank. */
  givableRoles: { id: string; name: string }[];
}

/** The organisation segment of the settings' path for the staff organisation. */
export const STAFF_ORGANISATION = 'staff';
export const signInSettingsPath = (organisation: string) => `/api/v1/sign-in-settings/${encodeURIComponent(organisation)}`;
export const ROLE_MAPPINGS_MAX = 200;

/**
 * A path of this app to land on after signing in, or null: never an absolute address, a scheme, a protocol-relative
 * `//host` or a backslash a browser reads as one (an open redirect), never a control character. The server checks
 * every returnTo it accepts with it; the app checks the one it navigates to.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value) || /^\/[^/?#]*:/.test(value)) return null;
  return value;
}
