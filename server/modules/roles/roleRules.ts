import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ApiError } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { topRank } from '../users/ranks';
import { userRoles, users } from '../users/users.schema';

/** Users holding a role; deleted users keep their rows for the audit trail but hold nothing any more. */
export async function holdersOf(db: Db, roleId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, roleId), isNull(users.deletedAt)));
  return n;
}

export const refuse = (field: string, key: string, status = 403) => new ApiError(status, key, [{ field, message: key }]);

/** No escalation: below the top role, only roles ranking strictly below your own are yours to shape. */
export async function assertRoleWithinReach(db: Db, principal: Principal, priority: number, field = 'priority') {
  if (principal.rank <= (await topRank(db))) return;
  if (priority <= principal.rank) throw refuse(field, 'roles.outranks');
}
