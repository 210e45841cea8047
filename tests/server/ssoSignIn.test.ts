import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { SsoDiscovery } from '../../contract/sso';
import type { SecondFactorStep } from '../../contract/secondFactor';
import type { TokenResponse } from '../../contract/tokens';
import ssoEn from '../../i18n/sso.en';
import { signIns, userRoles, users } from '../../server/db/schema';
import { identityProviders, ssoDomains, ssoRoleMappings } from '../../server/modules/sso/sso.schema';
import { finishSsoSignIn } from '../../server/modules/sso/ssoSignIn';
import { safeReturnTo, ssoLandingAddress } from '../../server/modules/sso/ssoLanding';
import type { IdentityProviderRow, VerifiedIdentity } from '../../server/modules/sso/verifiedIdentity';
import { expectEnvelope, jwtPayload } from './expectations';
import { unique, useDemoServer } from './factories';
import { rootTenant } from './harness';

/**
 * Issue 37, what every protocol shares once its own checks passed: the member a provider's identity names (created,
 * linked or refused), its roles from the organisation's mapping, the one-time code for the session, and the
 * organisation's domains routing and requiring sign-in through it.
 */
const { server, partnerIds, roleIds, userIds, make } = useDemoServer();
const db = () => server.built.database.db;
const ACME = () => partnerIds['Acme Logistics'];
const GLOBEX = () => partnerIds['Globex Trading'];

const madeProviders: string[] = [];
afterEach(async () => {
  for (const id of madeProviders.splice(0)) await db().delete(identityProviders).where(eq(identityProviders.id, id));
  await db()
    .delete(ssoDomains)
    .where(sql`${ssoDomains.domain} like 'sso-test-%'`);
});

/** An enabled provider of `partnerId` (null: staff) with a verified domain of its own. */
async function providerOf(partnerId: string | null, options: Partial<IdentityProviderRow> = {}) {
  const [provider] = await db()
    .insert(identityProviders)
    .values({ partnerId, kind: 'oidc', name: 'Test IdP', oidcIssuer: 'https://idp.example', oidcClientId: 'portal', ...options })
    .returning();
  madeProviders.push(provider!.id);
  const domain = `${unique('sso-test-')}.example`.toLowerCase();
  await db()
    .insert(ssoDomains)
    .values({ partnerId, domain, verificationToken: unique('v'), verifiedAt: new Date() });
  return { provider: provider!, domain };
}

const identity = (email: string, more: Partial<VerifiedIdentity> = {}): VerifiedIdentity => ({
  subject: unique('sub'),
  email,
  groups: [],
  mfa: false,
  ...more,
});
const exchange = (code: string) => server.api<TokenResponse | SecondFactorStep>('POST', '/api/token/sso', { body: { code }, headers: rootTenant });
const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
const rolesOf = async (userId: string) =>
  (await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId);
const ctx = () => server.built.ctx;

async function removeUser(email: string) {
  const row = await userByEmail(email);
  if (row) await db().delete(users).where(eq(users.id, row.id));
}

describe('a member at first sign-in', () => {
  it('a first sign-in creates an active user of the partner with its default role, and the code gives a session once, listed as sso', async () => {
    const { provider, domain } = await providerOf(ACME());
    const email = `new.member@${domain}`;
    try {
      const code = await finishSsoSignIn(ctx(), provider, identity(email, { givenName: 'Lan', familyName: 'Nguyen' }));
      const member = await userByEmail(email);
      expect(member).toMatchObject({ partnerId: ACME(), isActive: true, emailConfirmed: true, firstName: 'Lan', lastName: 'Nguyen', passwordHash: null });
      expect(await rolesOf(member!.id)).toEqual([roleIds.Partner]);

      const tokens = expectEnvelope(await exchange(code), 200).body.data as TokenResponse;
      expect(jwtPayload(tokens.token)).toMatchObject({ sub: member!.id, partnerId: ACME() });
      const [row] = await db().select().from(signIns).where(eq(signIns.userId, member!.id));
      expect(row).toMatchObject({ method: 'sso', identityProviderId: provider.id, providerMfa: false });
      expect((await server.api('GET', '/api/users/profile', { token: tokens.token })).status).toBe(200);

      expectEnvelope(await exchange(code), 401, ssoEn.sso.codeInvalid);
    } finally {
      await removeUser(email);
    }
  });

  it("groups mapped by the partner's table decide the roles, but never a staff role nor one above PartnerAdmin", async () => {
    const { provider, domain } = await providerOf(ACME());
    // Ranked above PartnerAdmin without any staff-only permission: refused by its rank alone.
    const senior = await make.role({ priority: 20, permissions: ['Permissions.Tickets.View'] });
    await db()
      .insert(ssoRoleMappings)
      .values([
        { partnerId: ACME(), claimValue: 'seniors', roleId: senior.id },
        { partnerId: ACME(), claimValue: 'portal-admins', roleId: roleIds.PartnerAdmin },
        { partnerId: ACME(), claimValue: 'it', roleId: roleIds.Admin },
        { partnerId: ACME(), claimValue: 'helpdesk', roleId: roleIds.Support },
        { partnerId: GLOBEX(), claimValue: 'everyone', roleId: roleIds.PartnerAdmin },
      ]);
    const admin = `lead@${domain}`;
    const other = `someone@${domain}`;
    try {
      await finishSsoSignIn(ctx(), provider, identity(admin, { groups: ['portal-admins', 'it', 'helpdesk', 'seniors'] }));
      expect(await rolesOf((await userByEmail(admin))!.id)).toEqual([roleIds.PartnerAdmin]);
      // Only staff-ranked groups (and another partner's mapping): nothing maps, so the default role.
      await finishSsoSignIn(ctx(), provider, identity(other, { groups: ['it', 'helpdesk', 'everyone', 'seniors'] }));
      expect(await rolesOf((await userByEmail(other))!.id)).toEqual([roleIds.Partner]);
    } finally {
      await db()
        .delete(ssoRoleMappings)
        .where(sql`${ssoRoleMappings.claimValue} in ('portal-admins', 'it', 'helpdesk', 'everyone', 'seniors')`);
      await removeUser(admin);
      await removeUser(other);
    }
  });

  it('an invited user of the partner with that email is linked and activated; a deactivated one is refused', async () => {
    const { provider, domain } = await providerOf(ACME());
    const invited = await make.user({ roleId: roleIds.PartnerAdmin, partnerId: ACME(), email: `invited@${domain}`, active: false });
    await finishSsoSignIn(ctx(), provider, identity(invited.email));
    expect(await userByEmail(invited.email)).toMatchObject({ id: invited.id, isActive: true });
    expect(await rolesOf(invited.id)).toEqual([roleIds.PartnerAdmin]);

    await db().update(users).set({ isActive: false }).where(eq(users.id, invited.id));
    await expect(finishSsoSignIn(ctx(), provider, identity(invited.email))).rejects.toMatchObject({ statusCode: 403, messageKey: 'sso.accountInactive' });
  });

  it("a user of another partner with that email is refused and never moved; an address of another partner's domain is refused and nobody is made", async () => {
    const acme = await providerOf(ACME());
    const globex = await providerOf(GLOBEX());
    const globexUser = await make.user({ roleId: roleIds.Partner, partnerId: GLOBEX(), email: `moved@${acme.domain}` });
    await expect(finishSsoSignIn(ctx(), acme.provider, identity(globexUser.email))).rejects.toMatchObject({
      statusCode: 403,
      messageKey: 'sso.otherOrganisation',
    });
    expect(await userByEmail(globexUser.email)).toMatchObject({ partnerId: GLOBEX() });

    // Acme's IdP asserting an address of Globex's verified domain.
    const email = `victim@${globex.domain}`;
    await expect(finishSsoSignIn(ctx(), acme.provider, identity(email))).rejects.toMatchObject({ statusCode: 403, messageKey: 'sso.domainNotVerified' });
    expect(await userByEmail(email)).toBeUndefined();
    // A domain nobody verified, and a staff address asserted by a partner's IdP.
    await expect(finishSsoSignIn(ctx(), acme.provider, identity('x@unverified.example'))).rejects.toMatchObject({ messageKey: 'sso.domainNotVerified' });
    await expect(finishSsoSignIn(ctx(), acme.provider, identity('admin@example.com'))).rejects.toMatchObject({ messageKey: 'sso.domainNotVerified' });
  });
});

describe('staff sign-in through the staff organisation', () => {
  it('a second factor of the portal is still asked unless the provider vouched for its own MFA, which then stands for it', async () => {
    const { provider, domain } = await providerOf(null);
    const staff = await make.user({ roleId: roleIds.Support, email: `agent@${domain}` });
    await server.api('POST', '/api/account/second-factor/enrolment', { token: staff.token });
    await db().execute(sql`update second_factors set confirmed_at = now() where user_id = ${staff.id}`);

    const asked = expectEnvelope(await exchange(await finishSsoSignIn(ctx(), provider, identity(staff.email, { mfa: false }))), 200).body.data;
    expect(asked).toHaveProperty('secondFactor.methods', ['totp', 'recovery']);

    const tokens = expectEnvelope(await exchange(await finishSsoSignIn(ctx(), provider, identity(staff.email, { mfa: true }))), 200).body.data as TokenResponse;
    expect(jwtPayload(tokens.token)).toMatchObject({ sub: staff.id, amr: ['mfa'] });
    expect(userIds['admin@example.com']).toBeTruthy();
  });
});

describe('the email-first sign-in and an organisation that requires its provider', () => {
  it("discovery names the provider of the address's verified domain and nothing for others; a required provider refuses the password", async () => {
    const { provider, domain } = await providerOf(ACME(), { requireSso: true, name: 'Acme Entra' });
    const member = await make.user({ roleId: roleIds.Partner, partnerId: ACME(), email: `pw@${domain}` });
    const discover = (email: string) => server.api<SsoDiscovery>('POST', '/api/sso/discover', { body: { email }, headers: rootTenant });

    expect(expectEnvelope(await discover(`Someone@${domain.toUpperCase()}`), 200).body.data).toEqual({
      provider: { id: provider.id, name: 'Acme Entra', kind: 'oidc' },
      required: true,
    });
    expect(expectEnvelope(await discover('partner@globex.example'), 200).body.data).toEqual({ provider: null, required: false });
    expectEnvelope(await discover('not-an-address'), 400);

    const refused = await server.api('POST', '/api/token', { body: { email: member.email, password: member.password }, headers: rootTenant });
    expectEnvelope(refused, 403, ssoEn.sso.required);
    await db().update(identityProviders).set({ requireSso: false }).where(eq(identityProviders.id, provider.id));
    expect((await server.api('POST', '/api/token', { body: { email: member.email, password: member.password }, headers: rootTenant })).status).toBe(200);
  });
});

describe('where the browser lands', () => {
  it.each([['//evil.example/x'], ['https://evil.example'], ['/\\evil.example'], ['javascript:alert(1)'], ['/ok\u0000'], ['/a:b'], [`/${'a'.repeat(600)}`]])(
    'a return address %j that would leave the app is dropped',
    (value) => {
      expect(safeReturnTo(value)).toBeNull();
      expect(ssoLandingAddress(ctx(), { code: 'c' }, value)).toBe(`${server.config.publicUrl}/sso/complete?code=c`);
    },
  );

  it('a path of the app is kept', () => {
    expect(safeReturnTo('/tickets/1?tab=chat#x')).toBe('/tickets/1?tab=chat#x');
    expect(ssoLandingAddress(ctx(), { error: 'sso.refused' }, '/tickets')).toBe(
      `${server.config.publicUrl}/sso/complete?error=sso.refused&returnTo=%2Ftickets`,
    );
  });
});
