import { partners, roles, users } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/modules/users/users.demo';
import { findUserByEmail, issueSession } from '../../server/modules/accounts/session';
import type { TokenResponse } from '../../contract/tokens';
import type { TestServer } from './harness';

/** Ids of the demo seed by email, partner name and role name, and a signed-in session for each demo account. */
export async function loadDemoFixture(server: TestServer) {
  const db = server.built.database.db;
  const byKey = <K extends string>(rows: { id: string; key: K }[]) => Object.fromEntries(rows.map((r) => [r.key, r.id])) as Record<string, string>;
  const userIds = byKey(await db.select({ id: users.id, key: users.email }).from(users));
  const partnerIds = byKey(await db.select({ id: partners.id, key: partners.name }).from(partners));
  const roleIds = byKey(await db.select({ id: roles.id, key: roles.name }).from(roles));
  // Minted as a sign-in would (a refresh token chain and its access token) without Argon2's cost: tests of
  // signing in call `server.signIn`.
  const sessions: Record<string, TokenResponse> = {};
  for (const { email } of DEMO_USERS) {
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`the demo account ${email} is missing`);
    sessions[email] = await issueSession(db, server.config.jwtSecret, user, { userAgent: null, address: null, method: 'password' });
  }
  return { userIds, partnerIds, roleIds, sessions };
}
