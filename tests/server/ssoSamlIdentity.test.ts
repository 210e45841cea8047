import { describe, expect, it } from 'vitest';
import { acceptSamlResponse } from '../../server/modules/sso/saml/samlResponse';
import { decodeResponse, encodeResponse, ENTRA_MFA_CLASS, NAME_ID_PERSISTENT, PASSWORD_CLASS, type AnswerOptions } from './samlIdentityProvider';
import { useSamlTestbed } from './ssoSamlFixtures';

const { server, saml, idp } = useSamlTestbed();

const ENTRA_EMAIL = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';
const ENTRA_GROUPS = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups';

/** The VerifiedIdentity the portal reads from the IdP's answer (what finishSsoSignIn is then given). */
async function identityFrom(answer: AnswerOptions, rewrite: (xml: string) => string = (xml) => xml) {
  const provider = await saml.samlProvider(idp);
  const started = await saml.begin(provider, idp);
  const samlResponse = encodeResponse(rewrite(decodeResponse(await idp.answer(started.metadata, started.requestId, answer))));
  const { identity } = await acceptSamlResponse(server.built.ctx, provider, { SAMLResponse: samlResponse, RelayState: started.relayState });
  return identity;
}

describe('the person a SAML answer names', () => {
  it('has the email of an emailAddress NameID (lower case), the groups attribute, the names and the logout hint', async () => {
    const identity = await identityFrom({
      email: 'Mai.Tran@Partner.Example',
      attributes: { groups: ['Support', 'Admins'], givenName: ['Mai'], sn: ['Tran'] },
    });
    expect(identity).toMatchObject({ subject: 'Mai.Tran@Partner.Example', email: 'mai.tran@partner.example', givenName: 'Mai', familyName: 'Tran' });
    expect(identity.groups).toEqual(['Support', 'Admins']);
    expect(JSON.parse(identity.logoutHint!)).toMatchObject({ nameId: 'Mai.Tran@Partner.Example', sessionIndex: expect.stringMatching(/^_session/) });
  });

  it('has the email of the mail attribute when the NameID is an opaque id (Entra ID’s claim names)', async () => {
    const identity = await identityFrom({
      nameId: 'b2f1c0de-opaque',
      nameIdFormat: NAME_ID_PERSISTENT,
      attributes: { [ENTRA_EMAIL]: ['lan@partner.example'], [ENTRA_GROUPS]: ['5c0f-group-id'] },
    });
    expect(identity).toMatchObject({ subject: 'b2f1c0de-opaque', email: 'lan@partner.example', groups: ['5c0f-group-id'] });
  });

  it('is refused when neither the NameID nor an attribute gives an email', async () => {
    await expect(identityFrom({ nameId: 'opaque-only', nameIdFormat: NAME_ID_PERSISTENT })).rejects.toMatchObject({ key: 'ssoSaml.noEmail' });
  });

  it('passed the IdP’s multi-factor check only when its AuthnContextClassRef says so', async () => {
    expect((await identityFrom({ authnContextClassRef: ENTRA_MFA_CLASS })).mfa).toBe(true);
    expect((await identityFrom({ authnContextClassRef: 'https://refeds.org/profile/mfa' })).mfa).toBe(true);
    expect((await identityFrom({ authnContextClassRef: PASSWORD_CLASS })).mfa).toBe(false);
  });

  it('is the whole signed NameID when a comment is injected in it (user@evil.com<!---->.example.com)', async () => {
    const signed = 'user@evil.com.example.com';
    const identity = await identityFrom({ email: signed }, (xml) => {
      const injected = xml.replace(`>${signed}<`, '>user@evil.com<!---->.example.com<');
      expect(injected).not.toBe(xml);
      return injected;
    });
    expect(identity.email).toBe(signed);
    expect(identity.subject).toBe(signed);
  });
});
