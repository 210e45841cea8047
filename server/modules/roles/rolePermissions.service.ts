import { eq } from 'drizzle-orm';
import { isPermission } from '../../../contract/permissions';
import type { RoleDto, RolePermissionsChange } from '../../../contract/roles.dto';
import { rolePermissionsSchema } from '../../../contract/schemas/roles';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../core/audit';
import type { CrudRow, CrudRows } from '../../core/crud';
import { ApiError } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { validate } from '../../core/validation';
import { topRank } from '../users/ranks';
import { assertPartnerRoleMayHold } from './partnerRoles';
import { assertRoleWithinReach, holdersOf } from './roleRules';
import { announceRoleChange } from './roles.events';
import { rolePermissions, roles } from './roles.schema';

/** A role's enabled permissions: read, previewed and replaced, within the editor's reach and holdings. */
export function createRolePermissionService(ctx: AppContext, roleRows: CrudRows<RoleDto>) {
  const { db } = ctx;

  async function enabledOf(conn: Db, roleId: string) {
    const rows = await conn.select({ permission: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    return rows.map((r) => r.permission).sort();
  }

  async function wantedOf(body: unknown) {
    const { permissions: wanted } = await validate(rolePermissionsSchema, body);
    const unknown = wanted.map((p, i) => ({ p, i })).filter(({ p }) => !isPermission(p));
    if (unknown.length)
      throw new ApiError(
        400,
        'api.validationFailed',
        unknown.map(({ i }) => ({ field: `permissions[${i}]`, message: 'validation.unknownPermission' })),
      );
    return wanted;
  }

  /** The change from what the role holds to `wanted`: within reach, and only permissions the editor holds. */
  async function plannedChange(conn: Db, principal: Principal, role: CrudRow, wanted: string[]) {
    await assertRoleWithinReach(conn, principal, Number(role.priority));
    const current = await enabledOf(conn, role.id);
    const next = [...new Set(wanted)].sort();
    const added = next.filter((p) => !current.includes(p));
    const removed = current.filter((p) => !next.includes(p));
    const top = await topRank(conn);
    // The top role holds the whole catalogue (restored at every start), so nothing is withdrawn from it.
    if (Number(role.priority) === top && removed.length)
      throw new ApiError(409, 'roles.topRoleHoldsAll', [{ field: 'permissions', message: 'roles.topRoleHoldsAll' }]);
    const isTop = principal.rank <= top;
    const notHeld = isTop ? [] : [...added, ...removed].filter((p) => !principal.permissions.has(p));
    if (notHeld.length) throw new ApiError(403, 'roles.permissionNotHeld', [{ field: 'permissions', message: 'roles.permissionNotHeld' }]);
    await assertPartnerRoleMayHold(conn, { id: role.id, name: String(role.name) }, added);
    const affectedUsers = await holdersOf(conn, role.id);
    return { current, next, change: { added, removed, affectedUsers } satisfies RolePermissionsChange };
  }

  return {
    async enabled(principal: Principal, roleId: string) {
      const role = await roleRows.findVisible(principal, roleId);
      return { roleId: role.id, permissions: await enabledOf(db, role.id) };
    },

    /** What a save would change, and how many users it affects; nothing is written. */
    async preview(principal: Principal, roleId: string, body: unknown): Promise<RolePermissionsChange> {
      const role = await roleRows.findVisible(principal, roleId);
      return (await plannedChange(db, principal, role, await wantedOf(body))).change;
    },

    /** Replaces the role's permissions, planned and written with the role locked, audited, then announced. */
    async replace(principal: Principal, roleId: string, body: unknown) {
      const visible = await roleRows.findVisible(principal, roleId);
      const wanted = await wantedOf(body);
      const { change, next } = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const [role] = await roleRows.lockVisible(tx, principal, [visible.id]);
        const planned = await plannedChange(tx, principal, role, wanted);
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
        if (planned.next.length) await tx.insert(rolePermissions).values(planned.next.map((p) => ({ roleId: role.id, permission: p })));
        await tx.update(roles).set({ updatedAt: new Date() }).where(eq(roles.id, role.id));
        await writeAudit(tx, {
          userId: principal.id,
          type: 'Update',
          table: 'role_permissions',
          key: role.id,
          before: { permissions: planned.current },
          after: { permissions: planned.next },
        });
        return planned;
      });
      await announceRoleChange(ctx.events, visible.id, 'updated');
      return { ...change, permissions: next };
    },
  };
}
