/**
 * SCIM provisioning tokens (issue 37, point 5): bearer tokens a partner admin makes for their identity provider
 * (Entra ID, Okta) to create, update and deactivate the partner's users at `/scim/v2/`. Shown once, kept hashed.
 */

export const SCIM_TOKEN_NAME_MAX = 100;
/** Live tokens a partner may hold at once (one per provider, and a spare while rotating, is the usual need). */
export const SCIM_TOKENS_PER_PARTNER_MAX = 10;
/** The base address a provider is given, under the portal's public address. */
export const SCIM_BASE_PATH = '/scim/v2';

export interface ScimTokenDto {
  id: string;
  partnerId: string;
  name: string;
  /** Who made it (null once that user is gone). */
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to a creation: the token itself, this once and never again. */
export interface CreatedScimTokenDto extends ScimTokenDto {
  token: string;
}
