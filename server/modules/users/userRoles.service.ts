import { asc, eq, inArray } from 'drizzle-orm';
import type { InferType } from 'yup';
import type { userRolesSchema } from '../../../contract/schemas/roles';
import type { UserRoleDto } from '../../../contract/users';
import type { AppContext } from '../../context';
import { roles, userRoles } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { ApiError } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { AUDIT_TRAIL_PAGE_SIZE, auditTrailPage } from './auditTrailPage';
import { assertPartnerUserMayHold } from '../roles/partnerRoles';
import { assertMayGrantRoles, assertNotLastActiveTopRoleHolder, assertOutranks, isTopRoleHolder, otherActiveTopRoleHolders, topRank } from './ranks';
import { usersScope } from './staffUsers';
import { createUserService } from './users.service';

/** inArray needs at least one value. */
const NO_ROLE = '00000000-0000-0000-0000-000000000000';

export { AUDIT_TRAIL_PAGE_SIZE };

/** The rules of a user's roles and audit trail; a user outside the principal's reach answers 404. */
export function createUserRoleService(ctx: AppContext) {
  const { db } = ctx;
  const users = createUserService(ctx);
  const visibleUser = (principal: Principal, id: string) => users.visibleUser(usersScope(principal), id);

  /** Every role, each marked enabled when the user holds it. */
  async function rolesOf(userId: string): Promise<UserRoleDto[]> {
    const [all, held] = await Promise.all([
      db.select().from(roles).orderBy(asc(roles.priority)),
      db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)),
    ]);
    const heldIds = new Set(held.map((h) => h.roleId));
    return all.map((r) => ({ roleId: r.id, roleName: r.name, description: r.description, enabled: heldIds.has(r.id) }));
  }

  async function rolesOfVisible(principal: Principal, id: string) {
    return rolesOf((await visibleUser(principal, id)).id);
  }

  /**
   * Sets a user's roles (the input is read once the user is known to be within reach): roles not named keep their state. Nobody below the top role grants a role they could
   * not hold or withdraws one ranking above theirs; the last active holder of the top role keeps it (409).
   */
  async function setRoles(principal: Principal, id: string, readInput: () => Promise<InferType<typeof userRolesSchema>>) {
    const target = await visibleUser(principal, id);
    const { userRoles: wanted } = await readInput();
    const roleRows = await db
      .select()
      .from(roles)
      .where(inArray(roles.id, wanted.map((w) => w.roleId).concat(NO_ROLE)));
    const unknown = wanted.map((w, i) => ({ w, i })).filter(({ w }) => !roleRows.some((r) => r.id === w.roleId));
    if (unknown.length)
      throw new ApiError(
        400,
        'api.validationFailed',
        unknown.map(({ i }) => ({ field: `userRoles[${i}].roleId`, message: 'users.unknownRole' })),
      );
    const top = await topRank(db);
    const isTop = principal.rank <= top;
    if (target.id !== principal.id) await assertOutranks(db, principal, target.id);
    const before = await rolesOf(target.id);
    const enabled = new Set(wanted.filter((w) => w.enabled).map((w) => w.roleId));
    const changed = roleRows.filter((r) => enabled.has(r.id) !== before.find((b) => b.roleId === r.id)?.enabled);
    await assertMayGrantRoles(
      db,
      principal,
      changed.filter((r) => enabled.has(r.id)),
      'userRoles',
    );
    await assertPartnerUserMayHold(
      db,
      target,
      changed.filter((r) => enabled.has(r.id)).map((r) => r.id),
      'userRoles',
    );
    const withdrawn = changed.filter((r) => !enabled.has(r.id));
    if (!isTop && withdrawn.some((r) => r.priority < principal.rank))
      throw new ApiError(403, 'users.roleOutranks', [{ field: 'userRoles', message: 'users.roleOutranks' }]);
    const kept = before.filter((b) => b.enabled && !roleRows.some((r) => r.id === b.roleId)).map((b) => b.roleId);
    const next = [...new Set([...kept, ...enabled])];
    const keepsTop = (
      await db
        .select({ priority: roles.priority })
        .from(roles)
        .where(inArray(roles.id, next.concat(NO_ROLE)))
    ).some((r) => r.priority === top);
    if (!keepsTop && (await isTopRoleHolder(db, target.id)) && (await otherActiveTopRoleHolders(db, target.id)) === 0)
      throw new ApiError(409, 'users.lastAdmin');
    await db.transaction(async (tx) => {
      if (!keepsTop) await assertNotLastActiveTopRoleHolder(tx, target.id);
      // A role deleted since it was read above is refused here, not by the foreign key (a 500); the share lock
      // makes a concurrent delete wait for this change and then see the role held.
      const present = next.length ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, next)).for('key share') : [];
      const gone = wanted.map((w, i) => ({ w, i })).filter(({ w }) => next.includes(w.roleId) && !present.some((r) => r.id === w.roleId));
      if (gone.length)
        throw new ApiError(
          400,
          'api.validationFailed',
          gone.map(({ i }) => ({ field: `userRoles[${i}].roleId`, message: 'users.unknownRole' })),
        );
      await tx.delete(userRoles).where(eq(userRoles.userId, target.id));
      if (next.length) await tx.insert(userRoles).values(next.map((roleId) => ({ userId: target.id, roleId })));
      const names = (ids: string[]) =>
        before
          .filter((b) => ids.includes(b.roleId))
          .map((b) => b.roleName)
          .sort();
      await writeAudit(tx, {
        userId: principal.id,
        type: 'Update',
        table: 'user_roles',
        key: target.id,
        before: { roles: names(before.filter((b) => b.enabled).map((b) => b.roleId)) },
        after: { roles: names(next) },
      });
    });
    await Promise.all([
      ctx.events.publish({ type: 'ResourceChanged', resource: 'users', id: target.id, action: 'updated', partnerId: target.partnerId }),
      ctx.events.publish({ type: 'RoleChanged', roleIds: changed.map((r) => r.id), userIds: [target.id] }),
    ]);
    return rolesOf(target.id);
  }

  /** What a user did and what was done to their account, newest first, a page at a time with the total. */
  async function auditTrail(principal: Principal, id: string, readPage: () => Promise<{ pageNumber: number; pageSize: number }>) {
    const target = await visibleUser(principal, id);
    return auditTrailPage(db, target.id, await readPage(), principal);
  }

  return { rolesOf: rolesOfVisible, setRoles, auditTrail };
}
