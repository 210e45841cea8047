import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ssoAssertionsSeen, ssoFlows, ssoHandoffs, users } from '../../server/db/schema';
import { decodeResponse, encodeResponse, makeSigningKey, type AnswerOptions } from './samlIdentityProvider';
import { useSamlTestbed } from './ssoSamlFixtures';

const { server, saml, idp, make, roleIds } = useSamlTestbed();

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const MINUTE = 60_000;

/** The signed assertion of a Response as samlify wrote it (one `saml:Assertion`, prefix and all). */
function assertionIn(xml: string) {
  const start = xml.indexOf('<saml:Assertion');
  const end = xml.indexOf('</saml:Assertion>') + '</saml:Assertion>'.length;
  return { before: xml.slice(0, start), assertion: xml.slice(start, end), after: xml.slice(end) };
}

/** An attacker's copy of a signed assertion: signature gone, another person named, a fresh ID unless told. */
function forged(assertion: string, email: string, id?: string) {
  const unsigned = assertion.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '');
  const renamed = unsigned.replace(/(<saml:NameID[^>]*>)[^<]*(<\/saml:NameID>)/, `$1${email}$2`);
  return id === undefined ? renamed.replace(/ ID="[^"]+"/, ' ID="_forged"') : renamed.replace(/ ID="[^"]+"/, ` ID="${id}"`);
}
const idOf = (element: string) => /ID="([^"]+)"/.exec(element)![1];

/**
 * A new provider's sign-in for `local@` its verified domain (so that only the protocol's checks stand between the
 * answer and a session), the IdP answering as `answer` says.
 */
async function attempt(local: string, answer: Omit<AnswerOptions, 'email'> = {}) {
  const provider = await saml.samlProvider(idp);
  const email = `${local}@${provider.domain}`;
  return { provider, email, ...(await saml.signIn(provider, idp, { ...answer, email })) };
}

/** As `attempt`, the IdP's answer rewritten by an attacker on its way to the ACS. */
async function attemptRewritten(
  local: string,
  answer: Omit<AnswerOptions, 'email'>,
  rewrite: (xml: string, context: { requestId: string; domain: string }) => string,
) {
  const provider = await saml.samlProvider(idp);
  const email = `${local}@${provider.domain}`;
  const started = await saml.begin(provider, idp);
  const xml = decodeResponse(await idp.answer(started.metadata, started.requestId, { ...answer, email }));
  const rewritten = rewrite(xml, { requestId: started.requestId, domain: provider.domain });
  expect(rewritten).not.toBe(xml);
  const landed = await saml.postToAcs(provider.id, { SAMLResponse: encodeResponse(rewritten), RelayState: started.relayState });
  return { provider, email, landed };
}

describe('a SAML answer is refused, and nothing is created, when', () => {
  it('its audience is another service provider', async () => {
    const { provider, email, landed } = await attempt('aud', { tags: { Audience: 'https://other-sp.example/metadata' } });
    expect(landed.error).toBe('ssoSaml.responseRefused');
    expect(landed.returnTo).toBe('/tickets');
    await saml.expectNothingCreated(provider, email);
  });

  it('it expired more than the allowed clock skew ago', async () => {
    const times = { IssueInstant: at(-10 * MINUTE), ConditionsNotBefore: at(-10 * MINUTE) };
    const expiry = at(-server.config.samlClockSkewSeconds * 1000 - MINUTE);
    const { provider, email, landed } = await attempt('late', {
      tags: { ...times, ConditionsNotOnOrAfter: expiry, SubjectConfirmationDataNotOnOrAfter: expiry },
    });
    expect(landed.error).toBe('ssoSaml.expired');
    await saml.expectNothingCreated(provider, email);
  });

  it('it is not valid yet by more than the allowed clock skew (the IdP clock ahead)', async () => {
    const ahead = at(server.config.samlClockSkewSeconds * 1000 + 2 * MINUTE);
    const { provider, email, landed } = await attempt('early', { tags: { IssueInstant: ahead, ConditionsNotBefore: ahead } });
    expect(landed.error).toBe('ssoSaml.expired');
    await saml.expectNothingCreated(provider, email);
  });

  it('it is posted a second time (the flow is used up)', async () => {
    const first = await attempt('twice');
    expect(first.landed.code).toBeTruthy();
    const again = await saml.postToAcs(first.provider.id, { SAMLResponse: first.samlResponse, RelayState: first.relayState });
    expect(again.error).toBe('ssoSaml.flowExpired');
    expect(again.code).toBeNull();
  });

  it('its assertion ID was accepted before, even in a new flow the IdP answered', async () => {
    const { provider, email, ...first } = await attempt('replay');
    expect(first.landed.code).toBeTruthy();
    const assertionId = idOf(assertionIn(decodeResponse(first.samlResponse)).assertion);
    const { landed } = await saml.signIn(provider, idp, { email, tags: { AssertionID: assertionId } });
    expect(landed.error).toBe('ssoSaml.replayed');
    expect(landed.code).toBeNull();
    expect(await server.built.ctx.db.select().from(ssoAssertionsSeen).where(eq(ssoAssertionsSeen.providerId, provider.id))).toHaveLength(1);
  });

  it('one assertion ID posted twice at once (two flows) signs in once', async () => {
    const provider = await saml.samlProvider(idp);
    const email = `race@${provider.domain}`;
    const flows = [await saml.begin(provider, idp), await saml.begin(provider, idp)];
    const assertionId = `_race${Date.now()}`;
    const answers = await Promise.all(flows.map((flow) => idp.answer(flow.metadata, flow.requestId, { email, tags: { AssertionID: assertionId } })));
    const landed = await Promise.all(flows.map((flow, i) => saml.postToAcs(provider.id, { SAMLResponse: answers[i], RelayState: flow.relayState })));
    expect(landed.filter((one) => one.code).length).toBe(1);
    expect(landed.map((one) => one.error).filter(Boolean)).toEqual(['ssoSaml.replayed']);
  });

  it.each(['assertion', 'response'] as const)('it is unsigned (the %s’s signature stripped)', async (sign) => {
    const { provider, email, landed } = await attemptRewritten('nosig', { sign }, (xml) => xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, ''));
    expect(landed.error).toBe('ssoSaml.responseRefused');
    await saml.expectNothingCreated(provider, email);
  });

  it('it is signed by a key that is not among the provider’s certificates', async () => {
    const { provider, email, landed } = await attempt('otherkey', { signingKey: makeSigningKey('Evil IdP') });
    expect(landed.error).toBe('ssoSaml.responseRefused');
    await saml.expectNothingCreated(provider, email);
  });

  it('its issuer is another IdP, with the right key', async () => {
    const { provider, email, landed } = await attempt('issuer', { tags: { Issuer: 'https://another-idp.example' } });
    expect(landed.error).toBe('ssoSaml.responseRefused');
    await saml.expectNothingCreated(provider, email);
  });

  it('it answers another request of ours (InResponseTo)', async () => {
    const provider = await saml.samlProvider(idp);
    const mine = await saml.begin(provider, idp);
    const other = await saml.begin(provider, idp);
    const email = `irt@${provider.domain}`;
    const answer = await idp.answer(other.metadata, other.requestId, { email });
    const landed = await saml.postToAcs(provider.id, { SAMLResponse: answer, RelayState: mine.relayState });
    expect(landed.error).toBe('ssoSaml.flowExpired');
    await saml.expectNothingCreated(provider, email);
  });

  it('its signed assertion answers no request, whatever the unsigned Response around it says', async () => {
    // An IdP-initiated assertion (no InResponseTo anywhere), then the Response claims our request.
    const { provider, email, landed } = await attemptRewritten('unsolicited', { tags: { InResponseTo: null } }, (xml, { requestId }) => {
      expect(xml).not.toContain('InResponseTo');
      return xml.replace('<samlp:Response ', `<samlp:Response InResponseTo="${requestId}" `);
    });
    expect(landed.error).toBe('ssoSaml.flowExpired');
    await saml.expectNothingCreated(provider, email);
  });

  it('no flow has its RelayState', async () => {
    const provider = await saml.samlProvider(idp);
    const started = await saml.begin(provider, idp);
    const email = `noflow@${provider.domain}`;
    const answer = await idp.answer(started.metadata, started.requestId, { email });
    const landed = await saml.postToAcs(provider.id, { SAMLResponse: answer, RelayState: 'not-a-flow' });
    expect(landed.error).toBe('ssoSaml.flowExpired');
    await saml.expectNothingCreated(provider, email);
    expect(landed.returnTo).toBeNull();
    // The flow the RelayState did not name is still there: a guess takes nothing.
    expect(await server.built.ctx.db.select().from(ssoFlows).where(eq(ssoFlows.id, started.relayState))).toHaveLength(1);
  });

  it('it was made for another provider’s flow (posted to the wrong ACS)', async () => {
    const mine = await saml.samlProvider(idp);
    const other = await saml.samlProvider(idp);
    const started = await saml.begin(other, idp);
    const email = `crossed@${mine.domain}`;
    const answer = await idp.answer(started.metadata, started.requestId, { email });
    const landed = await saml.postToAcs(mine.id, { SAMLResponse: answer, RelayState: started.relayState });
    expect(landed.error).toBe('ssoSaml.flowExpired');
    await saml.expectNothingCreated(mine, email);
  });

  it('partner A’s IdP names a person of partner B’s verified domain (B’s member is neither signed in nor moved)', async () => {
    const partnerA = await saml.samlProvider(idp);
    const partnerB = await saml.samlProvider(idp);
    const memberOfB = await make.user({ roleId: roleIds.Partner, partnerId: partnerB.partnerId!, email: `someone@${partnerB.domain}` });
    const { landed } = await saml.signIn(partnerA, idp, { email: memberOfB.email });
    expect(landed.error).toBe('sso.domainNotVerified');
    expect(landed.code).toBeNull();
    const [after] = await server.built.ctx.db.select().from(users).where(eq(users.id, memberOfB.id));
    expect(after.partnerId).toBe(partnerB.partnerId);
    expect(await server.built.ctx.db.select().from(ssoHandoffs).where(eq(ssoHandoffs.userId, memberOfB.id))).toEqual([]);
  });

  it('its Recipient is not our ACS', async () => {
    const { provider, email, landed } = await attempt('recipient', { tags: { SubjectRecipient: 'https://other-sp.example/acs' } });
    expect(landed.error).toBe('ssoSaml.responseRefused');
    await saml.expectNothingCreated(provider, email);
  });

  it('its signed Response is addressed (Destination) to another ACS', async () => {
    const { provider, email, landed } = await attempt('destination', { sign: 'response', tags: { Destination: 'https://other-sp.example/acs' } });
    expect(landed.error).toBe('ssoSaml.responseRefused');
    await saml.expectNothingCreated(provider, email);
  });
});

describe('XML signature wrapping is refused', () => {
  /** A Response signed for `attacker@` the provider's domain, rewritten by `wrap` to name `victim` of that domain. */
  async function wrapped(wrap: (parts: ReturnType<typeof assertionIn>, victim: string) => string, sign: AnswerOptions['sign'] = 'assertion') {
    const { provider, landed } = await attemptRewritten('attacker', { sign }, (xml, { domain }) => wrap(assertionIn(xml), `victim@${domain}`));
    await saml.expectNothingCreated(provider, `victim@${provider.domain}`);
    await saml.expectNothingCreated(provider, `attacker@${provider.domain}`);
    return landed;
  }

  it('a second, unsigned assertion inserted before the signed one', async () => {
    const landed = await wrapped(({ before, assertion, after }, victim) => before + forged(assertion, victim) + assertion + after);
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });

  it('a second, unsigned assertion inserted after the signed one', async () => {
    const landed = await wrapped(({ before, assertion, after }, victim) => before + assertion + forged(assertion, victim) + after);
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });

  it('the signed assertion moved into the Response’s Extensions, a forged one with its ID and signature in its place', async () => {
    const landed = await wrapped(({ before, assertion, after }, victim) => {
      const signature = /<ds:Signature[\s\S]*?<\/ds:Signature>/.exec(assertion)![0];
      const impostor = forged(assertion, victim, idOf(assertion)).replace('</saml:Issuer>', `</saml:Issuer>${signature}`);
      const withExtensions = before.replace('<samlp:Status>', `<samlp:Extensions>${assertion}</samlp:Extensions><samlp:Status>`);
      return withExtensions + impostor + after;
    });
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });

  it('the signed assertion moved into the signature’s Object, a forged one carrying that signature in its place', async () => {
    const landed = await wrapped(({ before, assertion, after }, victim) => {
      const signature = /<ds:Signature[\s\S]*?<\/ds:Signature>/.exec(assertion)![0];
      // What the enveloped signature covers: the assertion without its signature.
      const covered = assertion.replace(signature, '');
      const withObject = signature.replace('</ds:Signature>', `<ds:Object>${covered}</ds:Object></ds:Signature>`);
      const impostor = forged(assertion, victim, idOf(assertion)).replace('</saml:Issuer>', `</saml:Issuer>${withObject}`);
      return before + impostor + after;
    });
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });

  it('a signed Response moved into a forged Response’s Extensions', async () => {
    const landed = await wrapped(({ before, assertion, after }, victim) => {
      const signedResponse = before + assertion + after;
      const forgedOuter = (before + forged(assertion, victim, idOf(assertion)) + after)
        .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '')
        .replace(/<samlp:Response ([^>]*?)ID="[^"]+"/, '<samlp:Response $1ID="_outer"');
      return forgedOuter.replace('<samlp:Status>', `<samlp:Extensions>${signedResponse}</samlp:Extensions><samlp:Status>`);
    }, 'response');
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });
});
