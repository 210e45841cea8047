import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ssoAssertionsSeen, ssoFlows } from '../../server/db/schema';
import { decodeResponse, encodeResponse, makeSigningKey, type AnswerOptions } from './samlIdentityProvider';
import { useSamlTestbed } from './ssoSamlFixtures';

const { server, saml, idp } = useSamlTestbed();

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

/** The IdP's answer to a new flow of a new provider, rewritten by an attacker on its way to the ACS. */
async function postRewritten(answer: AnswerOptions, rewrite: (xml: string, requestId: string) => string) {
  const provider = await saml.samlProvider(idp);
  const started = await saml.begin(provider, idp);
  const xml = decodeResponse(await idp.answer(started.metadata, started.requestId, answer));
  const rewritten = rewrite(xml, started.requestId);
  expect(rewritten).not.toBe(xml);
  const landed = await saml.postToAcs(provider.id, { SAMLResponse: encodeResponse(rewritten), RelayState: started.relayState });
  return { provider, landed };
}

describe('a SAML answer is refused, and nothing is created, when', () => {
  it('its audience is another service provider', async () => {
    const provider = await saml.samlProvider(idp);
    const { landed } = await saml.signIn(provider, idp, { email: 'aud@example.com', tags: { Audience: 'https://other-sp.example/metadata' } });
    expect(landed.error).toBe('ssoSaml.responseRefused');
    expect(landed.returnTo).toBe('/tickets');
    await saml.expectNothingCreated(provider, 'aud@example.com');
  });

  it('it expired more than the allowed clock skew ago', async () => {
    const provider = await saml.samlProvider(idp);
    const times = { IssueInstant: at(-10 * MINUTE), ConditionsNotBefore: at(-10 * MINUTE) };
    const expiry = at(-server.config.samlClockSkewSeconds * 1000 - MINUTE);
    const { landed } = await saml.signIn(provider, idp, {
      email: 'late@example.com',
      tags: { ...times, ConditionsNotOnOrAfter: expiry, SubjectConfirmationDataNotOnOrAfter: expiry },
    });
    expect(landed.error).toBe('ssoSaml.expired');
    await saml.expectNothingCreated(provider, 'late@example.com');
  });

  it('it is not valid yet by more than the allowed clock skew (the IdP clock ahead)', async () => {
    const provider = await saml.samlProvider(idp);
    const ahead = at(server.config.samlClockSkewSeconds * 1000 + 2 * MINUTE);
    const { landed } = await saml.signIn(provider, idp, { email: 'early@example.com', tags: { IssueInstant: ahead, ConditionsNotBefore: ahead } });
    expect(landed.error).toBe('ssoSaml.expired');
  });

  it('it is posted a second time (the flow is used up)', async () => {
    const provider = await saml.samlProvider(idp);
    const first = await saml.signIn(provider, idp, { email: 'twice@example.com' });
    expect(first.landed.error).not.toBe('ssoSaml.flowExpired');
    const again = await saml.postToAcs(provider.id, { SAMLResponse: first.samlResponse, RelayState: first.relayState });
    expect(again.error).toBe('ssoSaml.flowExpired');
  });

  it('its assertion ID was accepted before, even in a new flow the IdP answered', async () => {
    const provider = await saml.samlProvider(idp);
    const first = await saml.signIn(provider, idp, { email: 'replay@example.com' });
    expect(first.landed.error ?? '').not.toMatch(/^ssoSaml\./);
    const assertionId = idOf(assertionIn(decodeResponse(first.samlResponse)).assertion);
    const { landed } = await saml.signIn(provider, idp, { email: 'replay@example.com', tags: { AssertionID: assertionId } });
    expect(landed.error).toBe('ssoSaml.replayed');
    expect(await server.built.ctx.db.select().from(ssoAssertionsSeen).where(eq(ssoAssertionsSeen.providerId, provider.id))).toHaveLength(1);
  });

  it('it is unsigned (the signature stripped)', async () => {
    const { provider, landed } = await postRewritten({ email: 'nosig@example.com' }, (xml) => xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, ''));
    expect(landed.error).toBe('ssoSaml.responseRefused');
    await saml.expectNothingCreated(provider, 'nosig@example.com');
  });

  it('it is signed by a key that is not among the provider’s certificates', async () => {
    const provider = await saml.samlProvider(idp);
    const { landed } = await saml.signIn(provider, idp, { email: 'otherkey@example.com', signingKey: makeSigningKey('Evil IdP') });
    expect(landed.error).toBe('ssoSaml.responseRefused');
    await saml.expectNothingCreated(provider, 'otherkey@example.com');
  });

  it('its issuer is another IdP, with the right key', async () => {
    const provider = await saml.samlProvider(idp);
    const { landed } = await saml.signIn(provider, idp, { email: 'issuer@example.com', tags: { Issuer: 'https://another-idp.example' } });
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });

  it('it answers another request of ours (InResponseTo)', async () => {
    const provider = await saml.samlProvider(idp);
    const mine = await saml.begin(provider, idp);
    const other = await saml.begin(provider, idp);
    const answer = await idp.answer(other.metadata, other.requestId, { email: 'irt@example.com' });
    const landed = await saml.postToAcs(provider.id, { SAMLResponse: answer, RelayState: mine.relayState });
    expect(landed.error).toBe('ssoSaml.flowExpired');
    await saml.expectNothingCreated(provider, 'irt@example.com');
  });

  it('its signed assertion answers no request, whatever the unsigned Response around it says', async () => {
    // An IdP-initiated assertion (no InResponseTo anywhere), then the Response claims our request.
    const { provider, landed } = await postRewritten({ email: 'unsolicited@example.com', tags: { InResponseTo: null } }, (xml, requestId) => {
      expect(xml).not.toContain('InResponseTo');
      return xml.replace('<samlp:Response ', `<samlp:Response InResponseTo="${requestId}" `);
    });
    expect(landed.error).toBe('ssoSaml.flowExpired');
    await saml.expectNothingCreated(provider, 'unsolicited@example.com');
  });

  it('no flow has its RelayState', async () => {
    const provider = await saml.samlProvider(idp);
    const started = await saml.begin(provider, idp);
    const answer = await idp.answer(started.metadata, started.requestId, { email: 'noflow@example.com' });
    const landed = await saml.postToAcs(provider.id, { SAMLResponse: answer, RelayState: 'not-a-flow' });
    expect(landed.error).toBe('ssoSaml.flowExpired');
    expect(landed.returnTo).toBeNull();
    // The flow the RelayState did not name is still there: a guess takes nothing.
    expect(await server.built.ctx.db.select().from(ssoFlows).where(eq(ssoFlows.id, started.relayState))).toHaveLength(1);
  });

  it('it was made for another provider’s flow (posted to the wrong ACS)', async () => {
    const mine = await saml.samlProvider(idp);
    const other = await saml.samlProvider(idp);
    const started = await saml.begin(other, idp);
    const answer = await idp.answer(started.metadata, started.requestId, { email: 'crossed@example.com' });
    const landed = await saml.postToAcs(mine.id, { SAMLResponse: answer, RelayState: started.relayState });
    expect(landed.error).toBe('ssoSaml.flowExpired');
  });

  it('its Recipient is not our ACS', async () => {
    const provider = await saml.samlProvider(idp);
    const { landed } = await saml.signIn(provider, idp, { email: 'recipient@example.com', tags: { SubjectRecipient: 'https://other-sp.example/acs' } });
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });

  it('its signed Response is addressed (Destination) to another ACS', async () => {
    const provider = await saml.samlProvider(idp);
    const { landed } = await saml.signIn(provider, idp, {
      email: 'destination@example.com',
      sign: 'response',
      tags: { Destination: 'https://other-sp.example/acs' },
    });
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });
});

describe('XML signature wrapping is refused', () => {
  /** A Response signed on its assertion for `attacker@example.com`, rewritten by `wrap` to name the victim. */
  async function wrapped(wrap: (parts: ReturnType<typeof assertionIn>) => string, sign: AnswerOptions['sign'] = 'assertion') {
    const { provider, landed } = await postRewritten({ email: 'attacker@example.com', sign }, (xml) => wrap(assertionIn(xml)));
    await saml.expectNothingCreated(provider, 'victim@example.com');
    return landed;
  }

  it('a second, unsigned assertion inserted before the signed one', async () => {
    const landed = await wrapped(({ before, assertion, after }) => before + forged(assertion, 'victim@example.com') + assertion + after);
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });

  it('a second, unsigned assertion inserted after the signed one', async () => {
    const landed = await wrapped(({ before, assertion, after }) => before + assertion + forged(assertion, 'victim@example.com') + after);
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });

  it('the signed assertion moved into the Response’s Extensions, a forged one with its ID and signature in its place', async () => {
    const landed = await wrapped(({ before, assertion, after }) => {
      const signature = /<ds:Signature[\s\S]*?<\/ds:Signature>/.exec(assertion)![0];
      const impostor = forged(assertion, 'victim@example.com', idOf(assertion)).replace('</saml:Issuer>', `</saml:Issuer>${signature}`);
      const withExtensions = before.replace('<samlp:Status>', `<samlp:Extensions>${assertion}</samlp:Extensions><samlp:Status>`);
      return withExtensions + impostor + after;
    });
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });

  it('the signed assertion moved into the signature’s Object, a forged one carrying that signature in its place', async () => {
    const landed = await wrapped(({ before, assertion, after }) => {
      const signature = /<ds:Signature[\s\S]*?<\/ds:Signature>/.exec(assertion)![0];
      // What the enveloped signature covers: the assertion without its signature.
      const covered = assertion.replace(signature, '');
      const withObject = signature.replace('</ds:Signature>', `<ds:Object>${covered}</ds:Object></ds:Signature>`);
      const impostor = forged(assertion, 'victim@example.com', idOf(assertion)).replace('</saml:Issuer>', `</saml:Issuer>${withObject}`);
      return before + impostor + after;
    });
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });

  it('a signed Response moved into a forged Response’s Extensions', async () => {
    const landed = await wrapped(({ before, assertion, after }) => {
      const signedResponse = before + assertion + after;
      const forgedOuter = (before + forged(assertion, 'victim@example.com', idOf(assertion)) + after)
        .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '')
        .replace(/<samlp:Response ([^>]*?)ID="[^"]+"/, '<samlp:Response $1ID="_outer"');
      return forgedOuter.replace('<samlp:Status>', `<samlp:Extensions>${signedResponse}</samlp:Extensions><samlp:Status>`);
    }, 'response');
    expect(landed.error).toBe('ssoSaml.responseRefused');
  });
});
