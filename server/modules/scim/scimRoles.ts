import { and, eq, or } from 'drizzle-orm';
import { ROLE_NAMES } from '../../../contract/roles';
import { writeAudit } from '../../core/audit';
import type { Db } from '../../db/client';
import { identityProviders, roles, ssoRoleMappings, userRoles } from '../../db/schema';
import { givableToPartner } from '../roles/partnerRoles';
import { scimGroupMembers, scimGroups } from './scim.schema';

const grantable = givableToPartner;

/** Whether the partner maps any group to a role: without a mapping, SCIM groups leave roles as they are. */
async function mapsGroups(tx: Db, partnerId: string) {
  const [row] = await tx.select({ id: ssoRoleMappings.id }).from(ssoRoleMappings).where(eq(ssoRoleMappings.partnerId, partnerId)).limit(1);
  return !!row;
}

/**
 * Gives each user the roles their groups map to (sso_role_mappings: a group's displayName or externalId as the
 * claim value), in place of the roles they held, as a sign-in through the provider does. When none of their groups
 * maps, a role the partner's mappings give is taken away (they left the group that gave it; the partner's default
 * role when nothing is left) and any other role is kept. A mapping to a role above PartnerAdmin or carrying a
 * staff-only permission gives nothing. Audited per user whose roles changed; returns them. Nothing changes for a
 * partner that maps no group (its admin keeps roles by hand).
 */
export async function applyGroupRoles(
  tx: Db,
  { partnerId, userIds, actorId, defaultRoleId }: { partnerId: string; userIds: string[]; actorId: string | null; defaultRoleId: string },
) {
  if (!userIds.length || !(await mapsGroups(tx, partnerId))) return [];
  const mappable = (await tx.selectDistinct({ id: ssoRoleMappings.roleId }).from(ssoRoleMappings).where(eq(ssoRoleMappings.partnerId, partnerId))).map(
    (r) => r.id,
  );
  const changed: string[] = [];
  for (const userId of [...new Set(userIds)]) {
    const mapped = await tx
      .selectDistinct({ id: roles.id, name: roles.name })
      .from(scimGroupMembers)
      .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
      .innerJoin(
        ssoRoleMappings,
        and(
          eq(ssoRoleMappings.partnerId, scimGroups.partnerId),
          or(eq(ssoRoleMappings.claimValue, scimGroups.displayName), eq(ssoRoleMappings.claimValue, scimGroups.externalId)),
        ),
      )
      .innerJoin(roles, eq(roles.id, ssoRoleMappings.roleId))
      .where(and(eq(scimGroupMembers.userId, userId), eq(scimGroups.partnerId, partnerId), grantable()));
    const held = (await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId);
    const kept = held.filter((id) => !mappable.includes(id));
    const wanted = mapped.length ? mapped.map((r) => r.id) : kept.length ? kept : [defaultRoleId];
    if (wanted.length === held.length && wanted.every((id) => held.includes(id))) continue;
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values(wanted.map((roleId) => ({ userId, roleId })));
    await writeAudit(tx, {
      userId: actorId,
      type: 'Update',
      table: 'user_roles',
      key: userId,
      before: { roleIds: held.sort() },
      after: { roleIds: [...wanted].sort(), via: 'scim' },
    });
    changed.push(userId);
  }
  return changed;
}

/** The role a provisioned user starts with: the partner's provider's default role when it may be given, else Partner. */
export async function defaultRoleOf(tx: Db, partnerId: string): Promise<string> {
  const [fromProvider] = await tx
    .select({ id: roles.id })
    .from(identityProviders)
    .innerJoin(roles, eq(roles.id, identityProviders.defaultRoleId))
    .where(and(eq(identityProviders.partnerId, partnerId), grantable()));
  if (fromProvider) return fromProvider.id;
  const [partner] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ROLE_NAMES.partner));
  return partner.id;
}
