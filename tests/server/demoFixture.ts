import { partners, roles, users } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/modules/users/users.demo';
import type { TokenResponse } from '../../contract/tokens';
import type { TestServer } from './harness';

/** Ids of the demo seed by email, partner name and role name, and a signed-in session for each demo account. */
export async function loadDemoFixture(server: TestServer) {
  const db = server.built.database.db;
  const byKey = <K extends string>(rows: { id: string; key: K }[]) => Object.fromEntries(rows.map((r) => [r.key, r.id])) as Record<string, string>;
  const userIds = byKey(await db.select({ id: users.id, key: users.email }).from(users));
  const partnerIds = byKey(await db.select({ id: partners.id, key: partners.name }).from(partners));
  const roleIds = byKey(await db.select({ id: roles.id, key: roles.name }).from(roles));
  const sessions: Record<string, TokenResponse> = {};
  for (const { email } of DEMO_USERS) sessions[email] = await server.signIn(email);
  return { userIds, partnerIds, roleIds, sessions };
}
