import { count, eq, min } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '../../contract/permissions';
import { SEEDED_ROLES } from '../../contract/roles';
import type { Db } from '../db/client';
import { partners, rolePermissions, roles, userRoles, users } from '../db/schema';
import { writeAudit } from '../core/audit';
import { hashPassword } from '../modules/accounts/passwords';
import { partnerSearchText } from '../modules/partners/partnerSearch';
import { foldForSearch } from '../../contract/fold';
import { DEMO_PARTNERS, DEMO_PASSWORD, DEMO_USERS } from './demoData';
import { seedTickets } from './seedTickets';

/**
 * Roles and permissions are the product's own: every database gets them, and on every start the top role
 * gets any permission the catalogue gained since (else Admin would meet 403 on a new resource).
 */
export async function seedRoles(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(roles);
  if (n > 0) return grantCatalogueToTopRole(db);
  await db.transaction(async (tx) => {
    for (const role of SEEDED_ROLES) {
      const [row] = await tx.insert(roles).values({ name: role.name, description: role.description, priority: role.priority }).returning();
      await tx.insert(rolePermissions).values(role.permissions.map((permission) => ({ roleId: row.id, permission })));
    }
  });
}

/** Every role of the top rank holds every permission of the catalogue; an addition is audited, by nobody. */
export async function grantCatalogueToTopRole(db: Db) {
  const [{ rank }] = await db.select({ rank: min(roles.priority) }).from(roles);
  if (rank === null) return;
  const topRoles = await db.select({ id: roles.id }).from(roles).where(eq(roles.priority, rank));
  for (const { id } of topRoles) {
    await db.transaction(async (tx) => {
      const added = await tx
        .insert(rolePermissions)
        .values(ALL_PERMISSIONS.map((permission) => ({ roleId: id, permission })))
        .onConflictDoNothing()
        .returning({ permission: rolePermissions.permission });
      if (!added.length) return;
      const after = (await tx.select({ permission: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.roleId, id))).map((r) => r.permission).sort();
      const gained = new Set(added.map((r) => r.permission));
      const before = after.filter((p) => !gained.has(p));
      await writeAudit(tx, { userId: null, type: 'Update', table: 'role_permissions', key: id, before: { permissions: before }, after: { permissions: after } });
    });
  }
}

/** Demo partners, accounts and tickets (their files go to `attachmentsDir`), on an empty database only. */
export async function seedDemo(db: Db, options: { attachmentsDir: string }) {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const roleRows = await tx.select().from(roles);
    const partnerIds = new Map<string, string>();
    for (const { key, ...partner } of DEMO_PARTNERS) {
      const [row] = await tx
        .insert(partners)
        .values({ ...partner, searchText: partnerSearchText(partner), nameFolded: foldForSearch(partner.name) })
        .returning({ id: partners.id });
      partnerIds.set(key, row.id);
    }
    for (const demo of DEMO_USERS) {
      const [user] = await tx
        .insert(users)
        .values({
          email: demo.email,
          userName: demo.email,
          firstName: demo.firstName,
          lastName: demo.lastName,
          passwordHash,
          isActive: true,
          emailConfirmed: true,
          partnerId: demo.partner ? partnerIds.get(demo.partner) : null,
        })
        .returning({ id: users.id });
      const role = roleRows.find((r) => r.name === demo.role)!;
      await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
    }
    await seedTickets(tx, options.attachmentsDir);
  });
}
