import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignInSettingsDto, SsoDiscovery } from '../../contract/sso';
import { signInSettingsPath } from '../../contract/sso';
import ssoEn from '../../i18n/sso.en';
import { auditTrails } from '../../server/db/schema';
import { identityProviders, ssoDomains } from '../../server/modules/sso/sso.schema';
import { expectEnvelope } from './expectations';
import { unique, useDemoServer } from './factories';
import { rootTenant } from './harness';

/**
 * Issue 37, an organisation's sign-in settings: staff set its provider and confirm its domains; its partner admin
 * reads them, claims domains, keeps the role mapping within its rank and may require SSO; nobody else sees them.
 */
const { server, partnerIds, roleIds, token, make } = useDemoServer();
const db = () => server.built.database.db;
const ADMIN = 'admin@example.com';
const ACME_ADMIN = 'partner.admin@acme.example';
const ACME = () => partnerIds['Acme Logistics'];
const GLOBEX = () => partnerIds['Globex Trading'];

afterEach(async () => {
  await db()
    .delete(identityProviders)
    .where(sql`${identityProviders.name} like 'settings-test%'`);
  await db()
    .delete(ssoDomains)
    .where(sql`${ssoDomains.domain} like 'settings-test-%'`);
});

const call = <T = SignInSettingsDto>(method: string, who: string, organisation: string, tail = '', body?: unknown) =>
  server.api<T>(method, `${signInSettingsPath(organisation)}${tail}`, { token: token(who), body });
const oidcProvider = {
  kind: 'oidc',
  name: 'settings-test Entra',
  oidcIssuer: 'https://login.example.com/tenant/v2.0',
  oidcClientId: 'portal',
  oidcClientSecret: 'very-secret-value',
};
const newDomain = () => `${unique('settings-test-')}.example`.toLowerCase();

describe("an organisation's sign-in settings", () => {
  it("staff set a partner's provider; the client secret is sealed and never sent back; the change is audited", async () => {
    const saved = expectEnvelope(await call('PUT', ADMIN, ACME(), '/provider', oidcProvider), 200, ssoEn.sso.saved);
    expect(saved.text).not.toContain('very-secret-value');
    const provider = saved.body.data!.provider!;
    expect(provider).toMatchObject({ kind: 'oidc', name: oidcProvider.name, hasClientSecret: true, oidcIssuer: 'https://login.example.com/tenant/v2.0' });
    expect(saved.body.data!.addresses!.oidcRedirectUri).toBe(`${server.config.publicUrl}/api/sso/${provider.id}/oidc/callback`);
    const [row] = await db().select().from(identityProviders).where(eq(identityProviders.id, provider.id));
    expect(row!.oidcClientSecretSealed).toBeTruthy();
    expect(row!.oidcClientSecretSealed).not.toContain('very-secret-value');
    const audit = await db().select().from(auditTrails).where(eq(auditTrails.primaryKey, provider.id));
    expect(audit.map((a) => a.type)).toEqual(['Create']);
    expect(JSON.stringify(audit)).not.toContain('very-secret-value');

    // Saved again without a secret: the stored one stays.
    const again = expectEnvelope(
      await call('PUT', ADMIN, ACME(), '/provider', { ...oidcProvider, oidcClientSecret: undefined, name: 'settings-test Entra 2' }),
      200,
    );
    expect(again.body.data!.provider).toMatchObject({ id: provider.id, hasClientSecret: true, name: 'settings-test Entra 2' });
  });

  it("a partner's admin reads its own settings but not another's nor staff's, and cannot set the provider nor confirm a domain", async () => {
    expectEnvelope(await call('PUT', ADMIN, ACME(), '/provider', oidcProvider), 200);
    expect(expectEnvelope(await call('GET', ACME_ADMIN, ACME()), 200).body.data!.provider).toMatchObject({ name: oidcProvider.name });
    for (const organisation of [GLOBEX(), 'staff', '__proto__', 'toString', crypto.randomUUID()])
      expectEnvelope(await call('GET', ACME_ADMIN, organisation), 404);
    expectEnvelope(await call('PUT', ACME_ADMIN, ACME(), '/provider', { ...oidcProvider, name: 'settings-test hijack' }), 403);
    expectEnvelope(await call('GET', 'partner@acme.example', ACME()), 403);

    const claimed = expectEnvelope(await call('POST', ACME_ADMIN, ACME(), '/domains', { domain: newDomain() }), 200).body.data!.domains[0]!;
    expect(claimed.verifiedAt).toBeNull();
    expect(claimed.verificationToken).toMatch(/^partner-portal-verification=/);
    expectEnvelope(await call('POST', ACME_ADMIN, ACME(), `/domains/${claimed.id}/verify`), 403);
    expectEnvelope(await call('POST', ADMIN, GLOBEX(), `/domains/${claimed.id}/verify`), 404);
  });

  it('a domain routes sign-in only once staff confirmed it; one organisation per domain; public mail domains refused', async () => {
    expectEnvelope(await call('PUT', ADMIN, ACME(), '/provider', oidcProvider), 200);
    const domain = newDomain();
    const discover = async () =>
      expectEnvelope(await server.api<SsoDiscovery>('POST', '/api/sso/discover', { body: { email: `a@${domain}` }, headers: rootTenant }), 200).body.data!;
    const claimed = expectEnvelope(await call('POST', ACME_ADMIN, ACME(), '/domains', { domain: ` ${domain.toUpperCase()} ` }), 200).body.data!.domains[0]!;
    expect(claimed.domain).toBe(domain);
    expect((await discover()).provider).toBeNull();

    expectEnvelope(await call('POST', ADMIN, ACME(), `/domains/${claimed.id}/verify`), 200);
    expect((await discover()).provider).toMatchObject({ name: oidcProvider.name });

    expectEnvelope(await call('POST', ADMIN, GLOBEX(), '/domains', { domain }), 409, ssoEn.sso.domainTaken);
    expectEnvelope(await call('POST', ACME_ADMIN, ACME(), '/domains', { domain: 'gmail.com' }), 400);
    for (const bad of ['localhost', 'a..b.example', '-x.example', `${'a'.repeat(64)}.example`, 'exa mple.com', 'x.example\u0000']) {
      expectEnvelope(await call('POST', ACME_ADMIN, ACME(), '/domains', { domain: bad }), 400);
    }
    expect(expectEnvelope(await call('GET', ACME_ADMIN, ACME()), 200).body.data!.domains.map((d) => d.domain)).toEqual([domain]);

    expectEnvelope(await call('DELETE', ACME_ADMIN, ACME(), `/domains/${claimed.id}`), 200);
    expect((await discover()).provider).toBeNull();
  });

  it("the role mapping gives only roles within the keeper's rank and a partner's reach; a refused table changes nothing", async () => {
    // What each keeper is offered is what each may save: a partner admin cannot list roles herself.
    const offered = async (who: string, organisation: string) =>
      expectEnvelope(await call('GET', who, organisation), 200).body.data!.givableRoles.map((r) => r.id);
    expect(await offered(ACME_ADMIN, ACME())).toEqual(expect.arrayContaining([roleIds.PartnerAdmin, roleIds.Partner]));
    expect(await offered(ACME_ADMIN, ACME())).not.toContain(roleIds.Admin);
    expect(await offered(ADMIN, ACME())).not.toContain(roleIds.Support);
    // Ranked low enough for a partner, but holding a staff-only permission.
    const notes = await make.role({ priority: 55, permissions: ['Permissions.TicketNotes.View'] });
    expect(await offered(ADMIN, ACME())).not.toContain(notes.id);
    expect(await offered(ADMIN, 'staff')).toContain(notes.id);
    expect(await offered(ADMIN, 'staff')).toEqual(expect.arrayContaining([roleIds.Admin, roleIds.Support, roleIds.PartnerAdmin]));
    const good = [
      { claimValue: 'portal-admins', roleId: roleIds.PartnerAdmin },
      { claimValue: 'staff', roleId: roleIds.Partner },
    ];
    expect(expectEnvelope(await call('PUT', ACME_ADMIN, ACME(), '/role-mappings', { roleMappings: good }), 200).body.data!.roleMappings).toEqual(good);
    for (const roleId of [roleIds.Admin, roleIds.Support, crypto.randomUUID()]) {
      expectEnvelope(await call('PUT', ACME_ADMIN, ACME(), '/role-mappings', { roleMappings: [{ claimValue: 'x', roleId }] }), 400);
      expectEnvelope(await call('PUT', ADMIN, ACME(), '/role-mappings', { roleMappings: [{ claimValue: 'x', roleId }] }), 400);
    }
    const huge = Array.from({ length: 201 }, (_, i) => ({ claimValue: `g${i}`, roleId: roleIds.Partner }));
    expectEnvelope(await call('PUT', ACME_ADMIN, ACME(), '/role-mappings', { roleMappings: huge }), 400);
    expectEnvelope(
      await call('PUT', ACME_ADMIN, ACME(), '/role-mappings', {
        roleMappings: [{ claimValue: 'x', roleId: roleIds.Partner }],
      }),
      200,
    );
    expect(expectEnvelope(await call('GET', ACME_ADMIN, ACME()), 200).body.data!.roleMappings).toEqual([{ claimValue: 'x', roleId: roleIds.Partner }]);
    // Staff map their own organisation's groups to staff roles.
    expectEnvelope(await call('PUT', ADMIN, 'staff', '/role-mappings', { roleMappings: [{ claimValue: 'helpdesk', roleId: roleIds.Support }] }), 200);
    expectEnvelope(await call('PUT', ADMIN, 'staff', '/role-mappings', { roleMappings: [] }), 200);
    expectEnvelope(await call('PUT', ACME_ADMIN, ACME(), '/role-mappings', { roleMappings: [] }), 200);
  });

  it('a partner admin requires SSO for its people once a provider exists', async () => {
    expectEnvelope(await call('PUT', ACME_ADMIN, ACME(), '/require-sso', { requireSso: true }), 404);
    expectEnvelope(await call('PUT', ADMIN, ACME(), '/provider', oidcProvider), 200);
    expect(expectEnvelope(await call('PUT', ACME_ADMIN, ACME(), '/require-sso', { requireSso: true }), 200).body.data!.provider!.requireSso).toBe(true);
    expectEnvelope(await call('PUT', ACME_ADMIN, ACME(), '/require-sso', { requireSso: 'yes please' }), 400);
  });

  it('a SAML provider needs its entry point, entity id and a PEM certificate', async () => {
    const saml = { kind: 'saml', name: 'settings-test Okta', samlEntryPoint: 'https://idp.example/sso', samlIdpEntityId: 'https://idp.example' };
    const refused = expectEnvelope(await call('PUT', ADMIN, ACME(), '/provider', { ...saml, samlIdpCertificates: 'not a certificate' }), 400);
    expect(JSON.stringify(refused.body.errors)).toContain('samlIdpCertificates');
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    expect(expectEnvelope(await call('PUT', ADMIN, ACME(), '/provider', { ...saml, samlIdpCertificates: pem }), 200).body.data!.provider).toMatchObject({
      kind: 'saml',
      hasClientSecret: false,
    });
  });
});
