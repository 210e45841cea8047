import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rolePermissions, roles, userRoles, users } from '../../db/schema';
import type { Principal } from '../../core/guard';

export const fullNameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** Roles of a user, highest rank (smallest priority) first. */
export async function rolesOfUser(db: Db, userId: string) {
  return db
    .select({ id: roles.id, name: roles.name, priority: roles.priority })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.priority));
}

/** The active user behind a token with the union of their roles' permissions; null when gone or inactive. */
export async function loadPrincipal(db: Db, userId: string): Promise<Principal | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), eq(users.isActive, true)));
  if (!user) return null;
  const userRoleRows = await rolesOfUser(db, userId);
  const permissionRows = userRoleRows.length
    ? await db
        .selectDistinct({ permission: rolePermissions.permission })
        .from(rolePermissions)
        .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
        .where(eq(userRoles.userId, userId))
    : [];
  return {
    id: user.id,
    email: user.email,
    fullName: fullNameOf(user),
    role: userRoleRows[0]?.name ?? null,
    rank: userRoleRows[0]?.priority ?? Number.MAX_SAFE_INTEGER,
    partnerId: user.partnerId,
    permissions: new Set(permissionRows.map((r) => r.permission)),
  };
}
