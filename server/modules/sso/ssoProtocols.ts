import type { AppContext } from '../../context';
import { startOidc } from './oidc/oidcStart';
import { startSaml } from './saml/samlStart';
import type { IdentityProviderRow } from './verifiedIdentity';

/** A protocol's first step: the provider's address the browser goes to, the flow recorded to check the answer against. */
export type SsoStart = (ctx: AppContext, provider: IdentityProviderRow, returnTo: string | null) => Promise<string>;

/** Each protocol's start, by the provider's kind (oidc/, saml/). */
export const ssoStarts: Partial<Record<IdentityProviderRow['kind'], SsoStart>> = { oidc: startOidc, saml: startSaml };
