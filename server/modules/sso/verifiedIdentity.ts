import type { identityProviders } from './sso.schema';

export type IdentityProviderRow = typeof identityProviders.$inferSelect;

/** What a provider's answer says about the person once the protocol's checks (OIDC or SAML) have all passed. */
export interface VerifiedIdentity {
  /** The provider's stable id for the person (OIDC `sub`, SAML NameID). */
  subject: string;
  email: string;
  givenName?: string;
  familyName?: string;
  /** Group or role claims as the provider sends them (OIDC `groups`, SAML's groups attribute); mapped by sso_role_mappings. */
  groups: string[];
  /** The provider vouches for its own multi-factor check (OIDC `amr` holding `mfa`/`otp`/`hwk`…, or an `acr` so named; SAML's AuthnContextClassRef). */
  mfa: boolean;
  /** What signing out at the provider needs (OIDC's id_token for `id_token_hint`; SAML's NameID and SessionIndex as JSON). */
  logoutHint?: string;
}
