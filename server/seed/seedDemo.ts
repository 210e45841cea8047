import { count } from 'drizzle-orm';
import { SEEDED_ROLES } from '../../contract/roles';
import type { Db } from '../db/client';
import { partners, rolePermissions, roles, userRoles, users } from '../db/schema';
import { hashPassword } from '../modules/accounts/passwords';
import { partnerSearchText } from '../modules/partners/partners.resource';
import { foldForSearch } from '../../contract/fold';
import { DEMO_PARTNERS, DEMO_PASSWORD, DEMO_USERS } from './demoData';
import { seedTickets } from './seedTickets';

/** Roles and permissions are the product's own: every database gets them. */
export async function seedRoles(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(roles);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    for (const role of SEEDED_ROLES) {
      const [row] = await tx.insert(roles).values({ name: role.name, description: role.description, priority: role.priority }).returning();
      await tx.insert(rolePermissions).values(role.permissions.map((permission) => ({ roleId: row.id, permission })));
    }
  });
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
