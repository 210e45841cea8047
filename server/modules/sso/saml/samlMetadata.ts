import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import type { AppContext } from '../../../context';
import { NAME_ID_EMAIL, samlAddresses } from './samlSettings';

/**
 * Our SP metadata for one provider, for the IdP's admin: entity id, the ACS (HTTP-POST), an email NameID, and
 * signed assertions asked for (a signed Response alone is accepted too). We sign nothing ourselves: no key listed.
 */
export function samlMetadataOf(ctx: AppContext, providerId: string): string {
  const { entityId, acs } = samlAddresses(ctx, providerId);
  return generateServiceProviderMetadata({ issuer: entityId, callbackUrl: acs, identifierFormat: NAME_ID_EMAIL, wantAssertionsSigned: true });
}
