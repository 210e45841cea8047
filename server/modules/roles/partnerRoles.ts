import { and, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { ACTIONS, permission } from '../../../contract/permissions';
import { ROLE_NAMES } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { userRoles, users } from '../users/users.schema';
import { refuse } from './roleRules';
import { rolePermissions, roles } from './roles.schema';

/** Permissions a partner's user never holds, whatever role they are given (issue 26, point 5). */
export const STAFF_ONLY_PERMISSIONS: readonly string[] = [
  permission('Users', 'Impersonate'),
  // Issue 25: internal notes and canned responses are the support desk's own.
  ...ACTIONS.flatMap((action) => [permission('TicketNotes', action), permission('CannedResponses', action)]),
  // Issue 25: merging tickets is the support desk's too.
  ...ACTIONS.map((action) => permission('TicketMerges', action)),
  // Issue 25: who handles a ticket is the support desk's business.
  ...ACTIONS.map((action) => permission('TicketAssignments', action)),
  // Issue 37: configuring identity providers (any organisation's) is staff's.
  permission('IdentityProviders', 'Configure'),
  // Issue 39: writing the help center is staff's; partners read what is published for them without a permission.
  ...ACTIONS.flatMap((action) => [permission('HelpArticles', action), permission('HelpCategories', action)]),
  // Issue 40: writing agreements and publishing their versions is staff's; a partner's user may be let read its own partner's acceptances.
  ...(['Create', 'Update', 'Delete', 'Export', 'AdminUpdate', 'Configure'] as const).map((action) => permission('Agreements', action)),
];

/**
 * A role a partner's identity provider or SCIM may give (issue 37): not ranked above PartnerAdmin, holding no staff-only
 * permission. One SQL condition on `roles`, for the sign-in, the settings and SCIM alike.
 */
export const givableToPartner = () =>
  and(
    sql`${roles.priority} >= (select ${roles.priority} from ${roles} where ${roles.name} = ${ROLE_NAMES.partnerAdmin})`,
    notExists(
      sql`(select 1 from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id} and ${inArray(rolePermissions.permission, [...STAFF_ONLY_PERMISSIONS])})`,
    ),
  );

const SEEDED_PARTNER_ROLES: readonly string[] = [ROLE_NAMES.partnerAdmin, ROLE_NAMES.partner];

/** A partner role: a seeded one of partners (PartnerAdmin, Partner), or any role a live partner's user holds. */
export async function isPartnerRole(db: Db, role: { id: string; name: string }) {
  if (SEEDED_PARTNER_ROLES.includes(role.name)) return true;
  const [held] = await db
    .select({ id: users.id })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, role.id), isNotNull(users.partnerId), isNull(users.deletedAt)))
    .limit(1);
  return !!held;
}

/** The role editor's rule: a partner role is never given a staff-only permission (403 naming the field). */
export async function assertPartnerRoleMayHold(db: Db, role: { id: string; name: string }, added: readonly string[]) {
  if (added.some((p) => STAFF_ONLY_PERMISSIONS.includes(p)) && (await isPartnerRole(db, role))) throw refuse('permissions', 'impersonation.partnerRole');
}

/** The user-role editor's rule: a partner's user is never given a role carrying a staff-only permission. */
export async function assertPartnerUserMayHold(db: Db, user: { partnerId: string | null }, roleIds: string[], field: string) {
  if (!user.partnerId || !roleIds.length) return;
  const [carried] = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(and(inArray(rolePermissions.roleId, roleIds), inArray(rolePermissions.permission, [...STAFF_ONLY_PERMISSIONS])))
    .limit(1);
  if (carried) throw refuse(field, 'impersonation.partnerRole');
}
