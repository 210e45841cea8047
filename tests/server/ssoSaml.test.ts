import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../contract/tokens';
import ssoSamlEn from '../../i18n/ssoSaml.en';
import { signIns, ssoFlows, ssoRoleMappings, userRoles, users } from '../../server/db/schema';
import { expectEnvelope, jwtPayload } from './expectations';
import { ENTRA_MFA_CLASS, makeSigningKey, NAME_ID_EMAIL, PASSWORD_CLASS } from './samlIdentityProvider';
import { useSamlTestbed } from './ssoSamlFixtures';

const { server, saml, idp, roleIds, make } = useSamlTestbed();

const acsOf = (providerId: string) => `${server.config.publicUrl}/api/sso/${providerId}/saml/acs`;
const db = () => server.built.ctx.db;
const entityIdOf = (providerId: string) => `${server.config.publicUrl}/api/sso/${providerId}/saml/metadata`;

describe('our SP metadata', () => {
  it('gives the IdP’s admin our entity id, the ACS (HTTP-POST), an email NameID and signed assertions asked for', async () => {
    const provider = await saml.samlProvider(idp, { enabled: false });
    const response = await fetch(`${server.url}/api/sso/${provider.id}/saml/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/samlmetadata\+xml/);
    const xml = await response.text();
    expect(xml).toContain(`entityID="${entityIdOf(provider.id)}"`);
    expect(xml).toContain(`<NameIDFormat>${NAME_ID_EMAIL}</NameIDFormat>`);
    expect(xml).toMatch(new RegExp(`<AssertionConsumerService [^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${acsOf(provider.id)}"`));
    expect(xml).toContain('WantAssertionsSigned="true"');
  });

  it('is not found for an unknown provider, an OIDC one or something not an id', async () => {
    const oidc = await saml.samlProvider(idp, { kind: 'oidc', samlEntryPoint: null, samlIdpEntityId: null, samlIdpCertificates: null });
    for (const id of ['00000000-0000-4000-8000-000000000000', oidc.id, 'not-an-id']) {
      const response = await fetch(`${server.url}/api/sso/${id}/saml/metadata`);
      expect(response.status, id).toBe(404);
    }
  });
});

describe('the AuthnRequest', () => {
  it('goes by HTTP-Redirect to the entry point, from our entity id, for our ACS; its ID is kept by the flow named by RelayState', async () => {
    const provider = await saml.samlProvider(idp);
    const { address, request, relayState } = await saml.begin(provider, idp, '/tickets?status=open');
    expect(address.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
    expect(request.issuer).toBe(entityIdOf(provider.id));
    expect(request.xml).toContain(`AssertionConsumerServiceURL="${acsOf(provider.id)}"`);
    expect(request.xml).toContain(`Destination="${idp.ssoUrl}"`);
    // No authentication class asked for: the IdP's own choice is read from its answer.
    expect(request.xml).not.toContain('RequestedAuthnContext');
    const [flow] = await server.built.ctx.db.select().from(ssoFlows).where(eq(ssoFlows.id, relayState));
    expect(flow).toMatchObject({ providerId: provider.id, samlRequestId: request.id, returnTo: '/tickets?status=open' });
  });

  it('is not made for a provider not fully set up (no certificate), and no flow is opened', async () => {
    const provider = await saml.samlProvider(idp, { samlIdpCertificates: null });
    const answer = await server.api('GET', `/api/sso/${provider.id}/start`);
    expectEnvelope(answer, 400, ssoSamlEn.ssoSaml.providerIncomplete);
    expect(await server.built.ctx.db.select().from(ssoFlows).where(eq(ssoFlows.providerId, provider.id))).toEqual([]);
  });
});

describe('the ACS', () => {
  it('signs a new member in from an answer whose assertion is signed, and lands where the person was going', async () => {
    const provider = await saml.samlProvider(idp);
    const email = `mai.tran@${provider.domain}`;
    const { landed } = await saml.signIn(provider, idp, { email, attributes: { givenName: ['Mai'], sn: ['Tran'] } }, '/tickets');
    expect(landed.error).toBeNull();
    expect(landed.returnTo).toBe('/tickets');
    expect(`${landed.location.origin}${landed.location.pathname}`).toBe(`${server.config.publicUrl}/sso/complete`);
    const tokens = expectEnvelope(await saml.exchange(landed.code!), 200).body.data as TokenResponse;
    const [member] = await db().select().from(users).where(eq(users.email, email));
    expect(member).toMatchObject({ partnerId: provider.partnerId, isActive: true, firstName: 'Mai', lastName: 'Tran' });
    expect(jwtPayload(tokens.token)).toMatchObject({ sub: member.id, partnerId: provider.partnerId });
    const [signIn] = await db().select().from(signIns).where(eq(signIns.userId, member.id));
    expect(signIn).toMatchObject({ method: 'sso', identityProviderId: provider.id, providerMfa: false });
  });

  it('maps the groups attribute to the partner’s roles, and passes on the IdP’s multi-factor check (AuthnContextClassRef)', async () => {
    const provider = await saml.samlProvider(idp);
    await db().insert(ssoRoleMappings).values({ partnerId: provider.partnerId, claimValue: 'portal-admins', roleId: roleIds.PartnerAdmin });
    const email = `lead@${provider.domain}`;
    const { landed } = await saml.signIn(provider, idp, {
      email,
      attributes: { groups: ['portal-admins', 'unmapped'] },
      authnContextClassRef: ENTRA_MFA_CLASS,
    });
    const tokens = expectEnvelope(await saml.exchange(landed.code!), 200).body.data as TokenResponse;
    expect(jwtPayload(tokens.token)).toMatchObject({ amr: ['mfa'] });
    const [member] = await db().select().from(users).where(eq(users.email, email));
    expect((await db().select().from(userRoles).where(eq(userRoles.userId, member.id))).map((r) => r.roleId)).toEqual([roleIds.PartnerAdmin]);
    const [signIn] = await db().select().from(signIns).where(eq(signIns.userId, member.id));
    expect(signIn).toMatchObject({ method: 'sso', providerMfa: true });
  });

  it('lets staff through the staff organisation’s IdP: the portal’s second factor still asked unless AuthnContextClassRef vouches for MFA', async () => {
    const provider = await saml.samlProvider(idp, { partnerId: null });
    const staff = await make.user({ roleId: roleIds.Support, email: `agent@${provider.domain}` });
    await server.api('POST', '/api/account/second-factor/enrolment', { token: staff.token });
    await db().execute(sql`update second_factors set confirmed_at = now() where user_id = ${staff.id}`);

    const withPassword = await saml.signIn(provider, idp, { email: staff.email, authnContextClassRef: PASSWORD_CLASS });
    expect(expectEnvelope(await saml.exchange(withPassword.landed.code!), 200).body.data).toHaveProperty('secondFactor.methods', ['totp', 'recovery']);

    const withMfa = await saml.signIn(provider, idp, { email: staff.email, authnContextClassRef: ENTRA_MFA_CLASS });
    const tokens = expectEnvelope(await saml.exchange(withMfa.landed.code!), 200).body.data as TokenResponse;
    expect(jwtPayload(tokens.token)).toMatchObject({ sub: staff.id, amr: ['mfa'] });
  });

  it('takes an answer whose Response alone is signed', async () => {
    const provider = await saml.samlProvider(idp);
    const { landed } = await saml.signIn(provider, idp, { email: `response@${provider.domain}`, sign: 'response' });
    expect(landed.error).toBeNull();
    expect(landed.code).toBeTruthy();
  });

  it('takes an answer signed by the next certificate during a rotation (both listed)', async () => {
    const next = makeSigningKey('Next IdP key');
    const provider = await saml.samlProvider(idp, { samlIdpCertificates: `${idp.certificate}\n${next.certificate}` });
    const { landed } = await saml.signIn(provider, idp, { email: `rotated@${provider.domain}`, signingKey: next });
    expect(landed.error).toBeNull();
    expect(landed.code).toBeTruthy();
  });

  it('takes an answer from an IdP whose clock is behind ours by less than the allowed skew', async () => {
    const provider = await saml.samlProvider(idp);
    const expiry = new Date(Date.now() - (server.config.samlClockSkewSeconds * 1000) / 2).toISOString();
    const before = new Date(Date.now() - 5 * 60_000).toISOString();
    const { landed } = await saml.signIn(provider, idp, {
      email: `skewed@${provider.domain}`,
      tags: { IssueInstant: before, ConditionsNotBefore: before, ConditionsNotOnOrAfter: expiry, SubjectConfirmationDataNotOnOrAfter: expiry },
    });
    expect(landed.error).toBeNull();
  });

  it('sends the person back with a reason for a disabled provider, a form without its fields, or no form at all', async () => {
    const disabled = await saml.samlProvider(idp, { enabled: false });
    expect((await saml.postToAcs(disabled.id, { SAMLResponse: 'x', RelayState: 'y' })).error).toBe('sso.providerUnknown');
    expect((await saml.postToAcs('not-an-id', { SAMLResponse: 'x', RelayState: 'y' })).error).toBe('sso.providerUnknown');
    const provider = await saml.samlProvider(idp);
    expect((await saml.postToAcs(provider.id, { RelayState: 'y' })).error).toBe('ssoSaml.flowExpired');
    const bare = await fetch(`${server.url}/api/sso/${provider.id}/saml/acs`, { method: 'POST', redirect: 'manual' });
    expect(bare.status).toBe(303);
    expect(new URL(bare.headers.get('location')!).searchParams.get('error')).toBe('ssoSaml.flowExpired');
  });

  it('sends the person back with a reason for a SAMLResponse that is not XML, without a stack trace', async () => {
    const provider = await saml.samlProvider(idp);
    const { relayState } = await saml.begin(provider, idp);
    const landed = await saml.postToAcs(provider.id, { SAMLResponse: Buffer.from('<not xml').toString('base64'), RelayState: relayState });
    expect(landed.error).toBe('ssoSaml.responseRefused');
    expect(landed.returnTo).toBe('/tickets');
  });

  it('refuses a form larger than any SAMLResponse (413) without reading it', async () => {
    const provider = await saml.samlProvider(idp);
    const response = await fetch(`${server.url}/api/sso/${provider.id}/saml/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `SAMLResponse=${'A'.repeat(300 * 1024)}&RelayState=x`,
      redirect: 'manual',
    });
    expect(response.status).toBe(413);
    expect(await response.text()).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});
