import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { hashPassword } from '../accounts/passwords';
import { demoPartnerId } from '../partners/partners.seed';
import { roles } from '../roles/roles.schema';
import { DEMO_PASSWORD, DEMO_USERS } from './users.demo';
import { userRoles, users } from './users.schema';

const emailOf = sql<string>`lower(${users.email})`;

/** Ids of the demo accounts there are, by their email in lower case (a deleted account included). */
export async function demoUserIds(db: Db, emails: readonly string[]) {
  const rows = await db
    .select({ id: users.id, email: emailOf })
    .from(users)
    .where(
      inArray(
        emailOf,
        emails.map((e) => e.toLowerCase()),
      ),
    );
  return new Map(rows.map((row) => [row.email, row.id]));
}

/**
 * The demo accounts a database lacks, found by email (a deleted one stays deleted), with their role and
 * partner. Accounts that are there are left as people left them.
 */
export async function seedDemoUsers({ db }: AppContext) {
  const present = await demoUserIds(
    db,
    DEMO_USERS.map((u) => u.email),
  );
  const missing = DEMO_USERS.filter((demo) => !present.has(demo.email));
  if (!missing.length) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of missing) {
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, demo.role));
    const partnerId = demo.partner ? await demoPartnerId(db, demo.partner) : null;
    if (!role || (demo.partner && !partnerId)) continue;
    const [user] = await db
      .insert(users)
      .values({
        email: demo.email,
        userName: demo.email,
        firstName: demo.firstName,
        lastName: demo.lastName,
        passwordHash,
        isActive: true,
        emailConfirmed: true,
        partnerId,
      })
      .returning({ id: users.id });
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  }
}
