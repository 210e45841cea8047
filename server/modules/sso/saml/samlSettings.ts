import crypto from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';
import type { AppContext } from '../../../context';
import { ApiError } from '../../../core/errors';
import type { IdentityProviderRow } from '../verifiedIdentity';

export const NAME_ID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** Our side of one provider: the SP entity id (also where our metadata is read), the ACS. */
export function samlAddresses(ctx: AppContext, providerId: string) {
  const base = `${ctx.config.publicUrl}/api/sso/${providerId}/saml`;
  return { entityId: `${base}/metadata`, metadata: `${base}/metadata`, acs: `${base}/acs` };
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The IdP's signing certificates as stored (PEM blocks, several during a rotation; bare base64 bodies one a paragraph). */
export function idpCertificatesOf(text: string | null): string[] {
  if (!text) return [];
  const blocks = text.match(PEM_CERTIFICATE);
  if (blocks) return blocks;
  return text
    .split(/\n\s*\n/)
    .map((body) => body.replace(/\s+/g, ''))
    .filter((body) => /^[A-Za-z0-9+/]+={0,2}$/.test(body));
}

/** A SAML message ID: an XML NCName (a letter or underscore first), random. */
export const newSamlId = () => `_${crypto.randomBytes(20).toString('hex')}`;

/** The one request `InResponseTo` may name: the flow's own, issued at `issuedAt` (node-saml asks its cache). */
function onlyRequest(requestId: string, issuedAt: Date): CacheProvider {
  return {
    saveAsync: async () => null,
    getAsync: async (key) => (key === requestId ? issuedAt.toISOString() : null),
    removeAsync: async () => null,
  };
}

function requireSamlSettings(provider: IdentityProviderRow) {
  const certificates = idpCertificatesOf(provider.samlIdpCertificates);
  if (provider.kind !== 'saml' || !provider.samlEntryPoint || !provider.samlIdpEntityId || certificates.length === 0)
    throw new ApiError(400, 'ssoSaml.providerIncomplete');
  return { entryPoint: provider.samlEntryPoint, idpEntityId: provider.samlIdpEntityId, certificates };
}

/**
 * node-saml for one provider. Either a signed Response or a signed Assertion is enough (node-saml then reads only
 * what the signature covers); `expecting` names the one request whose answer is accepted.
 */
export function samlClient(
  ctx: AppContext,
  provider: IdentityProviderRow,
  options: { requestId?: string; expecting?: { requestId: string; issuedAt: Date; withinMs: number } } = {},
) {
  const settings = requireSamlSettings(provider);
  const addresses = samlAddresses(ctx, provider.id);
  return new SAML({
    entryPoint: settings.entryPoint,
    issuer: addresses.entityId,
    audience: addresses.entityId,
    callbackUrl: addresses.acs,
    idpCert: settings.certificates,
    idpIssuer: settings.idpEntityId,
    // The IdP's own NameID format is taken (the email may come as an attribute): no Format asked in the request.
    identifierFormat: null,
    // No RequestedAuthnContext: asking for PasswordProtectedTransport (node-saml's default) makes Entra ID refuse
    // people who signed in another way; the class the IdP reports is read instead (mfa).
    disableRequestedAuthnContext: true,
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: ctx.config.samlClockSkewSeconds * 1000,
    validateInResponseTo: ValidateInResponseTo.always,
    ...(options.expecting
      ? {
          cacheProvider: onlyRequest(options.expecting.requestId, options.expecting.issuedAt),
          requestIdExpirationPeriodMs: options.expecting.withinMs,
        }
      : { cacheProvider: onlyRequest('', new Date(0)) }),
    ...(options.requestId ? { generateUniqueId: () => options.requestId! } : {}),
  });
}
