import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ROLE_NAMES } from '../../../contract/roles';
import { writeAudit } from '../../core/audit';
import { forbidden } from '../../core/errors';
import type { Db } from '../../db/client';
import { roles } from '../roles/roles.schema';
import { givableToPartner } from '../roles/partnerRoles';
import { userRoles, users } from '../users/users.schema';
import { ssoDomains, ssoRoleMappings } from './sso.schema';
import type { IdentityProviderRow, VerifiedIdentity } from './verifiedIdentity';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type UserRow = typeof users.$inferSelect;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/;
const refuse = (key: string) => forbidden(key);

/** The organisation's verified domain of `email`, or a refusal: an IdP speaks only for its own organisation's domains. */
export async function assertDomainOfOrganisation(db: Pick<Db, 'select' | 'selectDistinct'>, provider: IdentityProviderRow, email: string) {
  if (!EMAIL.test(email) || email.length > 255) throw refuse('sso.emailInvalid');
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const [owner] = await db
    .select({ partnerId: ssoDomains.partnerId })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), sql`${ssoDomains.verifiedAt} is not null`));
  if (!owner || owner.partnerId !== provider.partnerId) throw refuse('sso.domainNotVerified');
}

/**
 * The roles the provider's groups give through the organisation's mapping table. For a partner, a role holding a
 * staff-only permission or ranked above PartnerAdmin is never given, whatever the table says (it is checked when the
 * table is kept too; this is the last line).
 */
export async function mappedRoleIds(tx: Pick<Db, 'select' | 'selectDistinct'>, provider: IdentityProviderRow, groups: readonly string[]): Promise<string[]> {
  const claims = [...new Set(groups.filter((g) => typeof g === 'string' && g.length > 0 && g.length <= 255))].slice(0, 500);
  if (!claims.length) return [];
  const organisation = provider.partnerId === null ? isNull(ssoRoleMappings.partnerId) : eq(ssoRoleMappings.partnerId, provider.partnerId);
  const rows = await tx
    .selectDistinct({ id: roles.id, priority: roles.priority })
    .from(ssoRoleMappings)
    .innerJoin(roles, eq(roles.id, ssoRoleMappings.roleId))
    .where(and(organisation, inArray(ssoRoleMappings.claimValue, claims)));
  if (provider.partnerId === null) return rows.map((r) => r.id);
  return allowedForPartner(tx, rows);
}

async function allowedForPartner(tx: Pick<Db, 'select' | 'selectDistinct'>, candidates: { id: string; priority: number }[]) {
  if (!candidates.length) return [];
  const allowed = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        inArray(
          roles.id,
          candidates.map((r) => r.id),
        ),
        givableToPartner(),
      ),
    );
  return candidates.filter((r) => allowed.some((a) => a.id === r.id)).map((r) => r.id);
}

/** The role a new member gets when no mapping gives one: the provider's default, else the seeded Partner role (partners only). */
async function defaultRoleIds(tx: Pick<Db, 'select' | 'selectDistinct'>, provider: IdentityProviderRow): Promise<string[]> {
  if (provider.defaultRoleId) {
    const allowed = provider.partnerId === null ? [provider.defaultRoleId] : await allowedForPartner(tx, await rolesByIds(tx, [provider.defaultRoleId]));
    if (allowed.length) return allowed;
  }
  if (provider.partnerId === null) return [];
  const [partner] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ROLE_NAMES.partner));
  return partner ? [partner.id] : [];
}

const rolesByIds = (tx: Pick<Db, 'select' | 'selectDistinct'>, ids: string[]) =>
  tx.select({ id: roles.id, priority: roles.priority }).from(roles).where(inArray(roles.id, ids));

/**
 * The member the identity names: an existing user of the provider's organisation with that email (an invited one not
 * yet activated becomes active: the provider proved the address), or a new active one. A user of another
 * organisation with that email is refused, never moved; a deactivated or removed one is refused.
 */
export interface Membership {
  member: UserRow;
  created: boolean;
  /** Activated, or its roles changed: the principal caches and open connections must hear of it. */
  changed: boolean;
}

export async function memberOf(tx: Tx, provider: IdentityProviderRow, identity: VerifiedIdentity, email: string): Promise<Membership> {
  const [existing] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .for('update');
  const mapped = await mappedRoleIds(tx, provider, identity.groups);
  if (existing) {
    if (existing.partnerId !== provider.partnerId) throw refuse('sso.otherOrganisation');
    if (existing.deletedAt) throw refuse('sso.accountInactive');
    if (!existing.isActive && existing.emailConfirmed) throw refuse('sso.accountInactive');
    let member = existing;
    if (!existing.isActive) {
      [member] = await tx.update(users).set({ isActive: true, emailConfirmed: true, updatedAt: new Date() }).where(eq(users.id, existing.id)).returning();
      await writeAudit(tx, { userId: existing.id, type: 'Update', table: 'users', key: existing.id, before: existing, after: member });
    }
    const rolesChanged = mapped.length ? await replaceRoles(tx, member!.id, mapped) : false;
    return { member: member!, created: false, changed: rolesChanged || !existing.isActive };
  }
  const local = email.slice(0, email.lastIndexOf('@'));
  const [created] = await tx
    .insert(users)
    .values({
      firstName: (identity.givenName?.trim() || local).slice(0, 100),
      lastName: (identity.familyName?.trim() ?? '').slice(0, 100),
      userName: email.slice(0, 100),
      email,
      isActive: true,
      emailConfirmed: true,
      partnerId: provider.partnerId,
    })
    .returning();
  await writeAudit(tx, { userId: created!.id, type: 'Create', table: 'users', key: created!.id, after: created });
  await replaceRoles(tx, created!.id, mapped.length ? mapped : await defaultRoleIds(tx, provider));
  return { member: created!, created: true, changed: true };
}

/** The provider's groups decide the member's roles whenever the mapping gives any: the provider is the source of truth. */
async function replaceRoles(tx: Tx, userId: string, roleIds: string[]): Promise<boolean> {
  const before = (await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId).sort();
  const after = [...new Set(roleIds)].sort();
  if (before.join() === after.join()) return false;
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (after.length) await tx.insert(userRoles).values(after.map((roleId) => ({ userId, roleId })));
  await writeAudit(tx, { userId, type: 'Update', table: 'user_roles', key: userId, before: { roles: before }, after: { roles: after } });
  return true;
}
