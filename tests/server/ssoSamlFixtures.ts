import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { identityProviders, ssoHandoffs, users } from '../../server/db/schema';
import { startSaml } from '../../server/modules/sso/saml/samlStart';
import type { IdentityProviderRow } from '../../server/modules/sso/verifiedIdentity';
import { useDemoServer, type Factories } from './factories';
import type { TestServer } from './harness';
import { createSamlIdentityProvider, type AnswerOptions, type SamlIdentityProvider } from './samlIdentityProvider';

export interface AcsAnswer {
  status: number;
  /** Where the browser is sent: the app's landing address. */
  location: URL;
  error: string | null;
  code: string | null;
  returnTo: string | null;
}

/**
 * A partner whose SAML provider is `idp` (a samlify IdP of the test), and the browser's round trip through it: the
 * portal's AuthnRequest read by the IdP, the IdP's signed answer, the form posted back to the ACS.
 */
export function samlJourneys(server: TestServer, make: Factories) {
  const db = () => server.built.ctx.db;

  async function samlProvider(idp: SamlIdentityProvider, overrides: Partial<IdentityProviderRow> = {}): Promise<IdentityProviderRow> {
    const partnerId = overrides.partnerId === undefined ? (await make.partner()).id : overrides.partnerId;
    const [provider] = await db()
      .insert(identityProviders)
      .values({
        kind: 'saml',
        name: 'Test SAML IdP',
        samlEntryPoint: idp.ssoUrl,
        samlIdpEntityId: idp.entityId,
        samlIdpCertificates: idp.certificate,
        ...overrides,
        partnerId,
      })
      .returning();
    make.onCleanup(() => db().delete(identityProviders).where(eq(identityProviders.id, provider.id)));
    return provider;
  }

  async function metadataOf(providerId: string) {
    const response = await fetch(`${server.url}/api/sso/${providerId}/saml/metadata`);
    expect(response.status).toBe(200);
    return response.text();
  }

  /** The portal's redirect to the IdP and the IdP's reading of it. */
  async function begin(provider: IdentityProviderRow, idp: SamlIdentityProvider, returnTo: string | null = '/tickets') {
    const address = await startSaml(server.built.ctx, provider, returnTo);
    const metadata = await metadataOf(provider.id);
    const request = await idp.readRequest(address, metadata);
    return { address, metadata, requestId: request.id, relayState: request.relayState, request };
  }

  /** Posts the form the IdP's page posts (HTTP-POST binding) and reads where the portal sends the browser. */
  async function postToAcs(providerId: string, form: Record<string, string>): Promise<AcsAnswer> {
    const response = await fetch(`${server.url}/api/sso/${providerId}/saml/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
    const body = await response.text();
    expect(response.status, body).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    return {
      status: response.status,
      location,
      error: location.searchParams.get('error'),
      code: location.searchParams.get('code'),
      returnTo: location.searchParams.get('returnTo'),
    };
  }

  /** The whole round trip, the IdP answering as `answer` says. */
  async function signIn(provider: IdentityProviderRow, idp: SamlIdentityProvider, answer: AnswerOptions = {}, returnTo: string | null = '/tickets') {
    const started = await begin(provider, idp, returnTo);
    const samlResponse = await idp.answer(started.metadata, started.requestId, answer);
    const landed = await postToAcs(provider.id, { SAMLResponse: samlResponse, RelayState: started.relayState });
    return { ...started, samlResponse, landed };
  }

  /** Nothing of a sign-in was left behind for `email` at `provider`: no member, no handoff code. */
  async function expectNothingCreated(provider: IdentityProviderRow, email: string) {
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await db().select().from(ssoHandoffs).where(eq(ssoHandoffs.providerId, provider.id))).toEqual([]);
  }

  return { samlProvider, metadataOf, begin, postToAcs, signIn, expectNothingCreated };
}

/** A SAML test file's preamble: the demo server, the journeys through it, and one samlify IdP (its key made once). */
export function useSamlTestbed() {
  const demo = useDemoServer();
  const idp = {} as SamlIdentityProvider;
  beforeAll(async () => {
    Object.assign(idp, await createSamlIdentityProvider());
  });
  return { ...demo, idp, saml: samlJourneys(demo.server, demo.make) };
}
