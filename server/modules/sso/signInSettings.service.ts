import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { permission } from '../../../contract/permissions';
import type { IdentityProviderInput } from '../../../contract/schemas/sso';
import { routePaths } from '../../../contract/routePaths';
import { STAFF_ORGANISATION, type SignInSettingsDto, type SsoAddresses } from '../../../contract/sso';
import type { AppContext } from '../../context';
import { writeAudit } from '../../core/audit';
import { conflict, fieldError, forbidden, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import type { Db } from '../../db/client';
import { newOpaqueToken } from '../accounts/secrets';
import { sealSecret } from '../accounts/totp';
import { partners } from '../partners/partners.schema';
import { roles } from '../roles/roles.schema';
import { givableToPartner } from '../roles/partnerRoles';
import { identityProviders, ssoDomains, ssoRoleMappings } from './sso.schema';
import type { IdentityProviderRow } from './verifiedIdentity';

const CONFIGURE = permission('IdentityProviders', 'Configure');
const VIEW = permission('IdentityProviders', 'View');
const UPDATE = permission('IdentityProviders', 'Update');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Addresses a mail provider hands out to anyone: nobody's organisation may claim them. */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'yandex.com',
  'mail.ru',
  'aol.com',
  'zoho.com',
]);

/** Whose settings a request names: a partner (its id) or the staff organisation (`staff`, partnerId null). */
export interface Organisation {
  partnerId: string | null;
}

/**
 * The organisation `segment` names, as far as `principal` may see it: staff holding Configure see every one; a
 * partner's admin sees only its own (another's is 404, as for any record of another partner).
 */
export async function organisationFor(
  db: Pick<Db, 'select'>,
  principal: Principal,
  segment: string,
  need: 'view' | 'update' | 'configure',
): Promise<Organisation> {
  const configures = principal.partnerId === null && principal.permissions.has(CONFIGURE);
  if (segment === STAFF_ORGANISATION) {
    if (!configures) throw notFound();
    return { partnerId: null };
  }
  if (!UUID.test(segment)) throw notFound();
  const own = principal.partnerId === segment;
  if (!configures && !own) throw notFound();
  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.id, segment), isNull(partners.deletedAt)));
  if (!partner) throw notFound();
  if (configures) return { partnerId: segment };
  const needed = need === 'view' ? VIEW : need === 'update' ? UPDATE : CONFIGURE;
  if (!principal.permissions.has(needed)) throw forbidden();
  return { partnerId: segment };
}

const ofOrganisation = (column: typeof identityProviders.partnerId | typeof ssoDomains.partnerId | typeof ssoRoleMappings.partnerId, org: Organisation) =>
  org.partnerId === null ? isNull(column) : eq(column, org.partnerId);

export function addressesOf(ctx: Pick<AppContext, 'config'>, providerId: string): SsoAddresses {
  const base = `${ctx.config.publicUrl}/api/sso/${providerId}`;
  return {
    oidcRedirectUri: `${base}/oidc/callback`,
    oidcPostLogoutRedirectUri: `${ctx.config.publicUrl}${routePaths.signIn}`,
    samlAcsUrl: `${base}/saml/acs`,
    samlEntityId: `${base}/saml/metadata`,
    samlMetadataUrl: `${base}/saml/metadata`,
  };
}

const providerDto = (row: IdentityProviderRow) => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  enabled: row.enabled,
  requireSso: row.requireSso,
  defaultRoleId: row.defaultRoleId,
  oidcIssuer: row.oidcIssuer,
  oidcClientId: row.oidcClientId,
  hasClientSecret: row.oidcClientSecretSealed !== null,
  samlEntryPoint: row.samlEntryPoint,
  samlIdpEntityId: row.samlIdpEntityId,
  samlIdpCertificates: row.samlIdpCertificates,
  updatedAt: row.updatedAt.toISOString(),
});

export async function readSettings(ctx: Pick<AppContext, 'db' | 'config'>, principal: Principal, org: Organisation): Promise<SignInSettingsDto> {
  const { db } = ctx;
  const [[provider], domains, mappings, givableRoles] = await Promise.all([
    db.select().from(identityProviders).where(ofOrganisation(identityProviders.partnerId, org)),
    db.select().from(ssoDomains).where(ofOrganisation(ssoDomains.partnerId, org)).orderBy(ssoDomains.domain),
    db
      .select({ claimValue: ssoRoleMappings.claimValue, roleId: ssoRoleMappings.roleId })
      .from(ssoRoleMappings)
      .where(ofOrganisation(ssoRoleMappings.partnerId, org))
      .orderBy(ssoRoleMappings.claimValue, ssoRoleMappings.roleId),
    givableRolesOf(db, principal, org),
  ]);
  return {
    partnerId: org.partnerId,
    provider: provider ? providerDto(provider) : null,
    domains: domains.map((d) => ({ id: d.id, domain: d.domain, verificationToken: d.verificationToken, verifiedAt: d.verifiedAt?.toISOString() ?? null })),
    roleMappings: mappings,
    addresses: provider ? addressesOf(ctx, provider.id) : null,
    givableRoles,
  };
}

/**
 * The roles `principal` may give in the organisation: none ranked above the principal; for a partner, none above
 * PartnerAdmin nor holding a staff-only permission. The same rule `assertGivable` enforces on a write.
 */
async function givableRolesOf(db: Pick<Db, 'select'>, principal: Principal, org: Organisation) {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(gte(roles.priority, principal.rank), org.partnerId === null ? undefined : givableToPartner()))
    .orderBy(roles.priority, roles.name);
}

/**
 * Roles the organisation may give through its provider, for `principal` keeping the table: never above the
 * principal's own rank; for a partner, never above PartnerAdmin nor holding a staff-only permission.
 */
async function assertGivable(db: Pick<Db, 'select' | 'selectDistinct'>, principal: Principal, org: Organisation, roleIds: string[], field: string) {
  const ids = [...new Set(roleIds)];
  if (!ids.length) return;
  const found = await db.select({ id: roles.id, priority: roles.priority }).from(roles).where(inArray(roles.id, ids));
  if (found.length !== ids.length) throw fieldError(field, 'sso.roleNotGivable');
  if (found.some((r) => r.priority < principal.rank)) throw fieldError(field, 'sso.roleNotGivable');
  if (org.partnerId === null) return;
  const givable = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, ids), givableToPartner()));
  if (givable.length !== ids.length) throw fieldError(field, 'sso.roleNotGivable');
}

export function createSignInSettings(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db } = ctx;

  async function saveProvider(principal: Principal, org: Organisation, input: IdentityProviderInput) {
    if (input.defaultRoleId) await assertGivable(db, principal, org, [input.defaultRoleId], 'defaultRoleId');
    const oidc = input.kind === 'oidc';
    const values = {
      kind: input.kind,
      name: input.name,
      enabled: input.enabled,
      requireSso: input.requireSso,
      defaultRoleId: input.defaultRoleId ?? null,
      oidcIssuer: oidc ? input.oidcIssuer!.replace(/\/$/, '') : null,
      oidcClientId: oidc ? input.oidcClientId! : null,
      samlEntryPoint: oidc ? null : input.samlEntryPoint!,
      samlIdpEntityId: oidc ? null : input.samlIdpEntityId!,
      samlIdpCertificates: oidc ? null : input.samlIdpCertificates!,
      updatedAt: new Date(),
      ...(oidc && input.oidcClientSecret ? { oidcClientSecretSealed: sealSecret(ctx.config.jwtSecret, input.oidcClientSecret) } : {}),
      ...(!oidc ? { oidcClientSecretSealed: null } : {}),
    };
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(identityProviders).where(ofOrganisation(identityProviders.partnerId, org)).for('update');
      const [after] = before
        ? await tx.update(identityProviders).set(values).where(eq(identityProviders.id, before.id)).returning()
        : await tx
            .insert(identityProviders)
            .values({ partnerId: org.partnerId, ...values })
            .onConflictDoUpdate({ target: identityProviders.partnerId, set: values })
            .returning();
      await writeAudit(tx, {
        userId: principal.id,
        type: before ? 'Update' : 'Create',
        table: 'identity_providers',
        key: after!.id,
        before: before && providerDto(before),
        after: providerDto(after!),
      });
    });
    return readSettings(ctx, principal, org);
  }

  async function removeProvider(principal: Principal, org: Organisation) {
    await db.transaction(async (tx) => {
      const [gone] = await tx.delete(identityProviders).where(ofOrganisation(identityProviders.partnerId, org)).returning();
      if (!gone) throw notFound();
      await writeAudit(tx, { userId: principal.id, type: 'Delete', table: 'identity_providers', key: gone.id, before: providerDto(gone) });
    });
    return readSettings(ctx, principal, org);
  }

  async function setRequireSso(principal: Principal, org: Organisation, requireSso: boolean) {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(identityProviders).where(ofOrganisation(identityProviders.partnerId, org)).for('update');
      if (!before) throw notFound();
      const [after] = await tx.update(identityProviders).set({ requireSso, updatedAt: new Date() }).where(eq(identityProviders.id, before.id)).returning();
      await writeAudit(tx, {
        userId: principal.id,
        type: 'Update',
        table: 'identity_providers',
        key: before.id,
        before: providerDto(before),
        after: providerDto(after!),
      });
    });
    return readSettings(ctx, principal, org);
  }

  async function addDomain(principal: Principal, org: Organisation, domain: string) {
    const name = domain.replace(/\.$/, '');
    if (PUBLIC_MAIL_DOMAINS.has(name)) throw fieldError('domain', 'sso.domainPublic');
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ssoDomains)
        .values({ partnerId: org.partnerId, domain: name, verificationToken: `partner-portal-verification=${newOpaqueToken().slice(0, 32)}` })
        .onConflictDoNothing({ target: ssoDomains.domain })
        .returning();
      if (!row) throw conflict('sso.domainTaken');
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'sso_domains', key: row.id, after: row });
    });
    return readSettings(ctx, principal, org);
  }

  /** Staff confirm a domain (after checking its token out of band); only then does sign-in route by it. */
  async function verifyDomain(principal: Principal, org: Organisation, id: string) {
    if (!UUID.test(id)) throw notFound();
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(ssoDomains)
        .where(and(eq(ssoDomains.id, id), ofOrganisation(ssoDomains.partnerId, org)))
        .for('update');
      if (!before) throw notFound();
      if (before.verifiedAt) return;
      const [after] = await tx.update(ssoDomains).set({ verifiedAt: new Date(), verifiedBy: principal.id }).where(eq(ssoDomains.id, id)).returning();
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'sso_domains', key: id, before, after });
    });
    return readSettings(ctx, principal, org);
  }

  async function removeDomain(principal: Principal, org: Organisation, id: string) {
    if (!UUID.test(id)) throw notFound();
    await db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(ssoDomains)
        .where(and(eq(ssoDomains.id, id), ofOrganisation(ssoDomains.partnerId, org)))
        .returning();
      if (!gone) throw notFound();
      await writeAudit(tx, { userId: principal.id, type: 'Delete', table: 'sso_domains', key: id, before: gone });
    });
    return readSettings(ctx, principal, org);
  }

  async function replaceRoleMappings(principal: Principal, org: Organisation, mappings: { claimValue: string; roleId: string }[]) {
    const unique = [...new Map(mappings.map((m) => [`${m.claimValue}\u0000${m.roleId}`, m])).values()];
    await assertGivable(
      db,
      principal,
      org,
      unique.map((m) => m.roleId),
      'roleMappings',
    );
    await db.transaction(async (tx) => {
      // One writer at a time per organisation: two admins saving at once leave one table, not a mix.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sso-role-mappings:${org.partnerId ?? STAFF_ORGANISATION}`}))`);
      const before = await tx
        .delete(ssoRoleMappings)
        .where(ofOrganisation(ssoRoleMappings.partnerId, org))
        .returning({ claimValue: ssoRoleMappings.claimValue, roleId: ssoRoleMappings.roleId });
      if (unique.length) await tx.insert(ssoRoleMappings).values(unique.map((m) => ({ partnerId: org.partnerId, ...m })));
      await writeAudit(tx, {
        userId: principal.id,
        type: 'Update',
        table: 'sso_role_mappings',
        key: org.partnerId ?? STAFF_ORGANISATION,
        before: { roleMappings: before },
        after: { roleMappings: unique },
      });
    });
    return readSettings(ctx, principal, org);
  }

  return { saveProvider, removeProvider, setRequireSso, addDomain, verifyDomain, removeDomain, replaceRoleMappings };
}
