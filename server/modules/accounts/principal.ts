import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { isUuid } from '../../core/search';
import type { Db } from '../../db/client';
import { passkeys, rolePermissions, roles, secondFactors, signIns, userRoles, users } from '../../db/schema';
import type { Principal } from '../../core/guard';
import type {} from './secondFactorGate';

export const fullNameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** Roles of a user, highest rank (smallest priority) first. */
export async function rolesOfUser(db: Db, userId: string) {
  return db
    .select({ id: roles.id, name: roles.name, priority: roles.priority })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.priority));
}

/**
 * Who tokens name, many users in one query (a burst of connects after a restart; one user alike): each active user,
 * their top role (smallest priority) and the union of their roles' permissions (sorted, so the permissions route
 * answers them in order), and the state of the sign-in asked with the user (`signInIds[i]` with `userIds[i]`, null
 * when the caller keeps it already) in the same round trip. Prepared once per database.
 */
function principalsQuery(db: Db) {
  const userIds = sql`${sql.placeholder('userIds')}::uuid[]`;
  const signInAsked = sql`(${sql.placeholder('signInIds')}::uuid[])[array_position(${userIds}, ${users.id})]`;
  const topRole = db
    .select({ name: roles.name, priority: roles.priority })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, users.id))
    .orderBy(asc(roles.priority), asc(roles.name))
    .limit(1);
  const permissionsOfUser = db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
    .where(eq(userRoles.userId, users.id));
  const requiringRole = db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, users.id), eq(roles.requireSecondFactor, true)));
  const confirmedFactor = db
    .select({ userId: secondFactors.userId })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, users.id), isNotNull(secondFactors.confirmedAt)));
  const anyPasskey = db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, users.id));
  return db
    .select({
      signIn: sql<SignInState | null>`(select json_build_object('endedAt', ${signIns.endedAt}, 'endsAt', ${signIns.endsAt}, 'lastActiveAt', ${signIns.lastActiveAt}) from ${signIns} where ${signIns.id} = ${signInAsked})`,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      partnerId: users.partnerId,
      role: sql<string | null>`(select "name" from (${topRole}) as top_role)`,
      rank: sql<number | null>`(select "priority" from (${topRole}) as top_role)`,
      permissions: sql<string[]>`coalesce((select json_agg(distinct "permission" order by "permission") from (${permissionsOfUser}) as granted), '[]'::json)`,
      secondFactorPending: sql<boolean>`(exists (${requiringRole}) and not exists (${confirmedFactor}) and not exists (${anyPasskey}))`,
    })
    .from(users)
    .where(and(sql`${users.id} = any(${userIds})`, isNull(users.deletedAt), eq(users.isActive, true)))
    .prepare('load_principals');
}

const principalsQueries = new WeakMap<Db, ReturnType<typeof principalsQuery>>();

/** A sign-in as the sign-in check reads it (signIns.ts); timestamps as JSON gives them. */
export interface SignInState {
  endedAt: string | null;
  endsAt: string | null;
  lastActiveAt: string;
}

/** The sign-in a token names, to be read with its principal: `keep` is given its row (undefined: there is none). */
export interface SignInToRead {
  id: string;
  keep(row: SignInState | undefined): Promise<void>;
}

/** A user to load, and the sign-in of their token to read with them (none: the caller keeps it already). */
export interface PrincipalAsk {
  userId: string;
  signIn?: SignInToRead | null | undefined;
}

/**
 * The principals of these users in one statement: each active user found is in the map, one gone, inactive or not a
 * user's id is not. An ask's sign-in state goes to its `keep` from the same round trip (when its user is found); of
 * two asks of one user, the first's sign-in is read.
 */
export async function loadPrincipals(db: Db, asks: PrincipalAsk[]): Promise<Map<string, Principal>> {
  const firstAsks = new Map<string, PrincipalAsk>();
  // Not a user's id, not a user: one such id must not fail the statement for the others.
  for (const ask of asks) if (isUuid(ask.userId) && !firstAsks.has(ask.userId)) firstAsks.set(ask.userId, ask);
  if (firstAsks.size === 0) return new Map();
  let query = principalsQueries.get(db);
  if (!query) principalsQueries.set(db, (query = principalsQuery(db)));
  const rows = await query.execute({ userIds: [...firstAsks.keys()], signInIds: [...firstAsks.values()].map((ask) => ask.signIn?.id ?? null) });
  await Promise.all(rows.map((user) => firstAsks.get(user.id)?.signIn?.keep(user.signIn ?? undefined)));
  return new Map(
    rows.map((user) => [
      user.id,
      {
        id: user.id,
        email: user.email,
        fullName: fullNameOf(user),
        role: user.role,
        rank: user.rank ?? Number.MAX_SAFE_INTEGER,
        partnerId: user.partnerId,
        permissions: new Set(user.permissions),
        secondFactorPending: user.secondFactorPending,
      },
    ]),
  );
}

/**
 * The active user behind a token with the union of their roles' permissions; null when gone or inactive. With
 * `signIn`, the state of the token's sign-in goes to its `keep` from the same round trip (when the user is found).
 */
export async function loadPrincipal(db: Db, userId: string, signIn?: SignInToRead | null): Promise<Principal | null> {
  return (await loadPrincipals(db, [{ userId, signIn }])).get(userId) ?? null;
}
