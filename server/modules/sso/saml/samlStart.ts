import type { AppContext } from '../../../context';
import { openFlow } from '../ssoFlows';
import type { IdentityProviderRow } from '../verifiedIdentity';
import { newSamlId, samlClient } from './samlSettings';

/**
 * SP-initiated sign-in: an AuthnRequest by the HTTP-Redirect binding to the IdP's entry point. Its ID is kept by the
 * flow (the answer's `InResponseTo` must name it) and the flow's id travels as RelayState.
 */
export async function startSaml(ctx: AppContext, provider: IdentityProviderRow, returnTo: string | null): Promise<string> {
  const requestId = newSamlId();
  const saml = samlClient(ctx, provider, { requestId });
  const flowId = await openFlow(ctx.db, provider.id, { samlRequestId: requestId, returnTo });
  return saml.getAuthorizeUrlAsync(flowId, undefined, {});
}
