import { and, count, eq, inArray, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rolePermissions, roles, userRoles, users } from '../../db/schema';
import type { Principal } from '../../core/guard';
import { ApiError, forbidden } from '../../core/errors';
import { rolesOfUser } from '../accounts/principal';

/** The rank of the top role (Admin): its holders are exempt from the no-escalation rules. */
export async function topRank(db: Db) {
  const [row] = await db.select({ rank: min(roles.priority) }).from(roles);
  return row?.rank ?? 1;
}

/** No escalation: a user whose role ranks at or above yours is out of reach, unless you hold the top role. */
export async function assertOutranks(db: Db, principal: Principal, targetUserId: string) {
  if (principal.rank <= (await topRank(db))) return;
  const [targetTop] = await rolesOfUser(db, targetUserId);
  if (targetTop && targetTop.priority <= principal.rank) throw forbidden('users.outranked');
}

const refuseRole = (field: string, key: string) => new ApiError(403, key, [{ field, message: key }]);

/**
 * No escalation in role assignment, the role editor's rule: below the top role, nobody gives a role (to
 * anyone, themselves included) that ranks at or above their own or that carries a permission they do not hold.
 */
export async function assertMayGrantRoles(db: Db, principal: Principal, granted: { id: string; priority: number }[], field: string) {
  if (!granted.length || principal.rank <= (await topRank(db))) return;
  if (granted.some((role) => role.priority <= principal.rank)) throw refuseRole(field, 'users.roleOutranks');
  const carried = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(
      inArray(
        rolePermissions.roleId,
        granted.map((role) => role.id),
      ),
    );
  if (carried.some(({ permission }) => !principal.permissions.has(permission))) throw refuseRole(field, 'users.rolePermissionNotHeld');
}

/** Active holders of the top role other than the given user. */
export async function otherActiveTopRoleHolders(db: Db, userId: string) {
  const rank = await topRank(db);
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.priority, rank), eq(users.isActive, true), sql`${users.deletedAt} is null`, sql`${users.id} <> ${userId}`));
  return row?.n ?? 0;
}

export async function isTopRoleHolder(db: Db, userId: string) {
  const [top] = await rolesOfUser(db, userId);
  return !!top && top.priority === (await topRank(db));
}

/**
 * Inside the transaction that deactivates, deletes or demotes `userId`: waits for any other such change, then
 * refuses (409) when the user is the last active holder of the top role. Checked before the transaction only,
 * two Admins removing each other at the same moment would each still see the other active, leaving none.
 */
export async function assertNotLastActiveTopRoleHolder(tx: Db, userId: string) {
  await tx.execute(sql.raw('select pg_advisory_xact_lock(5050414400)'));
  if ((await isTopRoleHolder(tx, userId)) && (await otherActiveTopRoleHolders(tx, userId)) === 0) throw new ApiError(409, 'users.lastAdmin');
}
