import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isPermission, permission } from '../../../contract/permissions';
import type { RolePermissionsChange } from '../../../contract/roles.dto';
import { rolePermissionsSchema } from '../../../contract/schemas/roles';
import type { AppContext } from '../../context';
import { rolePermissions, roles } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { crudResourceHelpers } from '../../core/crudResource';
import { send } from '../../core/envelope';
import { ApiError } from '../../core/errors';
import { requirePrincipal } from '../../core/guard';
import { validate } from '../../core/validation';
import { topRank } from '../users/ranks';
import { assertRoleWithinReach, holdersOf, rolesResource } from './roles.resource';
import { announceRoleChange } from './roles.events';

/** GET and PUT /roles/{id}/permissions, and a preview of what a PUT would change. */
export const rolePermissionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const tags = ['roles'];
  const { findVisible } = crudResourceHelpers(ctx, rolesResource);

  async function enabledOf(roleId: string) {
    const rows = await db.select({ permission: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    return rows.map((r) => r.permission).sort();
  }

  /** The validated change: every permission known, within reach, and only permissions the editor holds. */
  async function plannedChange(request: FastifyRequest<{ Params: { id: string } }>) {
    const principal = requirePrincipal(request);
    const role = await findVisible(principal, request.params.id);
    const { permissions: wanted } = await validate(rolePermissionsSchema, request.body);
    const unknown = wanted.map((p, i) => ({ p, i })).filter(({ p }) => !isPermission(p));
    if (unknown.length) throw new ApiError(400, 'api.validationFailed', unknown.map(({ i }) => ({ field: `permissions[${i}]`, message: 'validation.unknownPermission' })));
    await assertRoleWithinReach(db, principal, Number(role.priority));
    const current = await enabledOf(role.id);
    const next = [...new Set(wanted)].sort();
    const added = next.filter((p) => !current.includes(p));
    const removed = current.filter((p) => !next.includes(p));
    const top = await topRank(db);
    // The top role holds the whole catalogue (restored at every start), so nothing is withdrawn from it.
    if (Number(role.priority) === top && removed.length) throw new ApiError(409, 'roles.topRoleHoldsAll', [{ field: 'permissions', message: 'roles.topRoleHoldsAll' }]);
    const isTop = principal.rank <= top;
    const notHeld = isTop ? [] : [...added, ...removed].filter((p) => !principal.permissions.has(p));
    if (notHeld.length) throw new ApiError(403, 'roles.permissionNotHeld', [{ field: 'permissions', message: 'roles.permissionNotHeld' }]);
    const affectedUsers = await holdersOf(db, role.id);
    return { role, principal, current, next, change: { added, removed, affectedUsers } satisfies RolePermissionsChange };
  }

  app.get<{ Params: { id: string } }>('/roles/:id/permissions', { config: { access: permission('Roles', 'View') }, schema: { tags, summary: "A role's enabled permissions" } }, async (request, reply) => {
    const role = await findVisible(requirePrincipal(request), request.params.id);
    return send(request, reply, { roleId: role.id, permissions: await enabledOf(role.id) });
  });

  app.post<{ Params: { id: string } }>('/roles/:id/permissions/preview', { config: { access: permission('Roles', 'Update') }, schema: { tags, summary: 'What a permissions save would change, and how many users it affects' } }, async (request, reply) =>
    send(request, reply, (await plannedChange(request)).change),
  );

  app.put<{ Params: { id: string } }>('/roles/:id/permissions', { config: { access: permission('Roles', 'Update') }, schema: { tags, summary: "Replace a role's enabled permissions" } }, async (request, reply) => {
    const { role, principal, current, next, change } = await plannedChange(request);
    await db.transaction(async (tx) => {
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
      if (next.length) await tx.insert(rolePermissions).values(next.map((p) => ({ roleId: role.id, permission: p })));
      await tx.update(roles).set({ updatedAt: new Date() }).where(eq(roles.id, role.id));
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'role_permissions', key: role.id, before: { permissions: current }, after: { permissions: next } });
    });
    await announceRoleChange(ctx.events, role.id, 'updated');
    return send(request, reply, { ...change, permissions: next });
  });
};
