import { eq, min } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '../../../contract/permissions';
import { SEEDED_ROLES } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { writeAudit } from '../../core/audit';
import { rolePermissions, roles } from './roles.schema';

/**
 * The catalogue's roles, at every start: a role missing by name is created with the catalogue's permissions;
 * a role that exists keeps what its editors gave it. Then the top role gets any permission the catalogue
 * gained since (else Admin would meet 403 on a new resource).
 */
export async function seedRoles(db: Db) {
  for (const role of SEEDED_ROLES) {
    const [created] = await db
      .insert(roles)
      .values({ name: role.name, description: role.description, priority: role.priority, requireSecondFactor: role.requireSecondFactor ?? false })
      .onConflictDoNothing({ target: roles.name })
      .returning({ id: roles.id });
    if (created && role.permissions.length) await db.insert(rolePermissions).values(role.permissions.map((permission) => ({ roleId: created.id, permission })));
  }
  await grantCatalogueToTopRole(db);
}

/** Every role of the top rank holds every permission of the catalogue; an addition is audited, by nobody. */
async function grantCatalogueToTopRole(db: Db) {
  const [{ rank }] = await db.select({ rank: min(roles.priority) }).from(roles);
  if (rank === null) return;
  const topRoles = await db.select({ id: roles.id }).from(roles).where(eq(roles.priority, rank));
  for (const { id } of topRoles) {
    const added = await db
      .insert(rolePermissions)
      .values(ALL_PERMISSIONS.map((permission) => ({ roleId: id, permission })))
      .onConflictDoNothing()
      .returning({ permission: rolePermissions.permission });
    if (!added.length) continue;
    const after = (await db.select({ permission: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.roleId, id)))
      .map((r) => r.permission)
      .sort();
    const gained = new Set(added.map((r) => r.permission));
    const before = after.filter((p) => !gained.has(p));
    await writeAudit(db, { userId: null, type: 'Update', table: 'role_permissions', key: id, before: { permissions: before }, after: { permissions: after } });
  }
}
