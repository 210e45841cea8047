import { eq, like } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { SecondFactorStep } from '../../contract/secondFactor';
import type { TokenResponse } from '../../contract/tokens';
import { identityProviders, ssoDomains, ssoHandoffs, users } from '../../server/db/schema';
import type { IdentityProviderRow } from '../../server/modules/sso/verifiedIdentity';
import { unique, useDemoServer, type Factories } from './factories';
import { rootTenant, type TestServer } from './harness';
import { createSamlIdentityProvider, type AnswerOptions, type SamlIdentityProvider } from './samlIdentityProvider';

export interface AcsAnswer {
  status: number;
  /** Where the browser is sent: the app's landing address. */
  location: URL;
  error: string | null;
  code: string | null;
  returnTo: string | null;
}

/** A partner's SAML provider made by a test, with the email domain verified for that partner. */
export type TestSamlProvider = IdentityProviderRow & { domain: string };

/**
 * A partner whose SAML provider is `idp` (a samlify IdP of the test), and the browser's round trip through it: the
 * portal's AuthnRequest read by the IdP, the IdP's signed answer, the form posted back to the ACS.
 */
export function samlJourneys(server: TestServer, make: Factories) {
  const db = () => server.built.ctx.db;

  async function samlProvider(idp: SamlIdentityProvider, overrides: Partial<IdentityProviderRow> = {}): Promise<TestSamlProvider> {
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
    const domain = `${unique('saml-')}.example`.toLowerCase();
    await db()
      .insert(ssoDomains)
      .values({ partnerId, domain, verificationToken: unique('v'), verifiedAt: new Date() });
    make.onCleanup(async () => {
      await db()
        .delete(users)
        .where(like(users.email, `%@${domain}`));
      await db().delete(ssoDomains).where(eq(ssoDomains.domain, domain));
    });
    return { ...provider, domain };
  }

  async function metadataOf(providerId: string) {
    const response = await fetch(`${server.url}/api/sso/${providerId}/saml/metadata`);
    expect(response.status).toBe(200);
    return response.text();
  }

  /** The sign-in page's link to the provider: the portal's redirect to the IdP, and the IdP's reading of it. */
  async function begin(provider: IdentityProviderRow, idp: SamlIdentityProvider, returnTo: string | null = '/tickets') {
    const query = returnTo === null ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
    const started = await fetch(`${server.url}/api/sso/${provider.id}/start${query}`, { redirect: 'manual' });
    expect(started.status, await started.clone().text()).toBe(302);
    const address = started.headers.get('location')!;
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

  /** The session (or the portal's second step) for the code the ACS handed the browser. */
  async function exchange(code: string) {
    return server.api<TokenResponse | SecondFactorStep>('POST', '/api/token/sso', { body: { code }, headers: rootTenant });
  }

  /** Nothing of a sign-in was left behind for `email` at `provider`: no member, no handoff code. */
  async function expectNothingCreated(provider: IdentityProviderRow, email: string) {
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await db().select().from(ssoHandoffs).where(eq(ssoHandoffs.providerId, provider.id))).toEqual([]);
  }

  return { samlProvider, metadataOf, begin, postToAcs, signIn, exchange, expectNothingCreated };
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
