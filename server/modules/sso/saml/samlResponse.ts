import { SamlStatusError } from '@node-saml/node-saml';
import { parseXml2JsFromString } from '@node-saml/node-saml/lib/xml.js';
import type { AppContext } from '../../../context';
import { ApiError } from '../../../core/errors';
import { FLOW_MINUTES, takeFlow } from '../ssoFlows';
import type { IdentityProviderRow, VerifiedIdentity } from '../verifiedIdentity';
import { checkAssertion, identityOf, SamlRefusal, type XmlNode } from './samlAssertion';
import { takeAssertionOnce } from './samlAssertionsSeen';
import { samlAddresses, samlClient } from './samlSettings';

export interface AcsForm {
  SAMLResponse: string;
  RelayState: string;
}

/** The i18n key a node-saml refusal is shown as (its messages are the library's; the reason is logged). */
function refusalOf(error: unknown): SamlRefusal {
  if (error instanceof SamlRefusal) return error;
  if (error instanceof ApiError) return new SamlRefusal(error.messageKey, error.messageKey);
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof SamlStatusError) return new SamlRefusal('ssoSaml.idpRefused', reason);
  if (/expired|not yet valid|No valid subject confirmation/i.test(reason)) return new SamlRefusal('ssoSaml.expired', reason);
  if (/InResponseTo/i.test(reason)) return new SamlRefusal('ssoSaml.flowExpired', reason);
  return new SamlRefusal('ssoSaml.responseRefused', reason);
}

/** The unsigned Response's Destination, when it has one, must be our ACS (the signed Recipient is checked too). */
async function checkDestination(samlResponse: string, acs: string) {
  const document = (await parseXml2JsFromString(Buffer.from(samlResponse, 'base64'))) as { Response?: XmlNode };
  const destination = document.Response?.$?.Destination;
  if (destination !== undefined && destination !== acs) throw new SamlRefusal('ssoSaml.responseRefused', `Destination ${destination} is not our ACS`);
}

/**
 * The person a POSTed SAMLResponse names, once every check has passed: the flow of its RelayState (taken, one use),
 * node-saml's signature, audience, time (bounded skew) and InResponseTo checks, the issuer, Recipient and
 * Destination, then the assertion's ID taken once. Throws SamlRefusal; the flow's returnTo is given either way.
 */
export async function acceptSamlResponse(
  ctx: AppContext,
  provider: IdentityProviderRow,
  form: AcsForm,
): Promise<{ identity: VerifiedIdentity; returnTo: string | null }> {
  const flow = await takeFlow(ctx.db, provider.id, form.RelayState);
  if (!flow?.samlRequestId) throw new SamlRefusal('ssoSaml.flowExpired', 'no open flow for this RelayState');
  try {
    const saml = samlClient(ctx, provider, {
      expecting: { requestId: flow.samlRequestId, issuedAt: flow.createdAt, withinMs: FLOW_MINUTES * 60_000 },
    });
    const { acs } = samlAddresses(ctx, provider.id);
    await checkDestination(form.SAMLResponse, acs);
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse });
    const assertion = (profile?.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
    if (!assertion) throw new SamlRefusal('ssoSaml.responseRefused', 'no assertion');
    const { id, expiresAt } = checkAssertion(assertion, { idpEntityId: saml.options.idpIssuer!, acs, requestId: flow.samlRequestId });
    const identity = identityOf(assertion);
    const keepUntil = new Date(expiresAt.getTime() + ctx.config.samlClockSkewSeconds * 1000);
    if (!(await takeAssertionOnce(ctx.db, provider.id, id, keepUntil))) throw new SamlRefusal('ssoSaml.replayed', `assertion ${id} was used before`);
    return { identity, returnTo: flow.returnTo };
  } catch (error) {
    const refusal = refusalOf(error);
    refusal.returnTo = flow.returnTo;
    throw refusal;
  }
}
