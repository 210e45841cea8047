import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { isUuid } from '../../core/search';
import type { Db } from '../../db/client';
import { userRoles, users } from '../../db/schema';
import { voidMailTokensOfUser } from '../accounts/mailTokens';
import { revokeRefreshTokensOfUser } from '../accounts/refreshTokens';
import { announceSignInsEnded } from '../accounts/signIns';
import { announceUserChange } from '../users/users.events';
import { auditScim } from './scimAudit';
import type { ScimClient } from './scimAuth';
import { ScimError, scimNotFound } from './scimErrors';
import { parseEqualityFilter } from './scimFilter';
import { scimGroupMembers, scimGroups, scimUserLinks } from './scim.schema';
import { scimBaseOf, scimUserOf, type ScimUserRow } from './scimResources';
import { defaultRoleOf } from './scimRoles';
import type { ScimUserFields } from './scimUserFields';

/** The partner's live users: a staff user, another partner's or a deleted one is never reached (404). */
const ofPartner = (partnerId: string) => and(eq(users.partnerId, partnerId), isNull(users.deletedAt))!;

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  isActive: users.isActive,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  externalId: scimUserLinks.externalId,
};

const FILTERABLE = ['username', 'externalid', 'id', 'emails.value', 'emails'];

/** A filter's clause as SQL: userName and emails ignore case (RFC 7643 makes userName case-insensitive). */
function clauseSql(attribute: string, value: unknown): SQL {
  if (typeof value !== 'string') return sql`false`;
  if (attribute === 'externalid') return eq(scimUserLinks.externalId, value);
  if (attribute === 'id') return isUuid(value) ? eq(users.id, value.toLowerCase()) : sql`false`;
  return sql`lower(${users.email}) = ${value.toLowerCase()}`;
}

export const fieldsOfRow = (row: ScimUserRow): ScimUserFields => ({
  userName: row.email,
  givenName: row.firstName,
  familyName: row.lastName,
  externalId: row.externalId,
  active: row.isActive,
  phone: row.phoneNumber,
});

/** SCIM `/Users` over the partner's users (issue 37, point 5). DELETE is the portal's soft delete. */
export function createScimUserService(ctx: AppContext) {
  const { db } = ctx;
  const base = scimBaseOf(ctx);

  async function rowsWhere(conn: Db, where: SQL, page?: { offset: number; limit: number }): Promise<ScimUserRow[]> {
    let query = conn
      .select(columns)
      .from(users)
      .leftJoin(scimUserLinks, eq(scimUserLinks.userId, users.id))
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .$dynamic();
    if (page) query = query.offset(page.offset).limit(page.limit);
    const rows = await query;
    if (!rows.length) return [];
    const memberships = await conn
      .select({ userId: scimGroupMembers.userId, id: scimGroups.id, displayName: scimGroups.displayName })
      .from(scimGroupMembers)
      .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
      .where(
        inArray(
          scimGroupMembers.userId,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((row) => ({ ...row, groups: memberships.filter((m) => m.userId === row.id).map(({ id, displayName }) => ({ id, displayName })) }));
  }

  async function rowOf(client: ScimClient, id: string, conn: Db = db): Promise<ScimUserRow> {
    if (!isUuid(id)) throw scimNotFound('scim.userNotFound');
    const [row] = await rowsWhere(conn, and(ofPartner(client.partnerId), eq(users.id, id.toLowerCase()))!);
    if (!row) throw scimNotFound('scim.userNotFound');
    return row;
  }

  async function list(client: ScimClient, filter: string | undefined, page: { startIndex: number; count: number }) {
    const clauses = filter ? parseEqualityFilter(filter, FILTERABLE) : [];
    const where = and(ofPartner(client.partnerId), ...clauses.map((c) => clauseSql(c.attribute, c.value)))!;
    const [total] = await db.select({ n: count() }).from(users).leftJoin(scimUserLinks, eq(scimUserLinks.userId, users.id)).where(where);
    const rows = page.count ? await rowsWhere(db, where, { offset: page.startIndex - 1, limit: page.count }) : [];
    return { resources: rows.map((r) => scimUserOf(base, r)), total: total?.n ?? 0 };
  }

  const get = async (client: ScimClient, id: string) => scimUserOf(base, await rowOf(client, id));

  /** 409 `uniqueness` when another user, of any organisation, deleted or not, holds the email. */
  async function assertEmailFree(tx: Db, email: string, userId: string | null) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, userId ? ne(users.id, userId) : undefined));
    if (taken) throw new ScimError(409, 'scim.userNameTaken', 'uniqueness');
  }

  /** Deactivation ends every sign-in of the user in the same transaction; returns the sign-ins ended. */
  async function endAccess(tx: Db, userId: string) {
    // The revocation ends the sign-ins and answers them (ending them again afterwards would find none to announce).
    const ended = await revokeRefreshTokensOfUser(tx, userId);
    await voidMailTokensOfUser(tx, userId);
    return ended;
  }

  // The ended sign-ins first: the hub closes their connections saying so, which makes the open browser leave (a
  // close for the deactivation itself, were it heard first, only stops the connection).
  async function announce(user: { id: string; partnerId: string | null }, deactivated: boolean, ended: string[]) {
    await announceSignInsEnded(ctx.events, user.id, ended);
    await announceUserChange(ctx.events, deactivated ? 'UserDeactivated' : 'UserChanged', user);
  }

  async function create(client: ScimClient, fields: ScimUserFields) {
    const created = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await assertEmailFree(tx, fields.userName, null);
      const [user] = await tx
        .insert(users)
        .values({
          firstName: fields.givenName,
          lastName: fields.familyName,
          userName: fields.userName,
          email: fields.userName,
          phoneNumber: fields.phone,
          partnerId: client.partnerId,
          isActive: fields.active,
          // The provider vouches for the address; the person signs in through it (SSO), with no password here.
          emailConfirmed: true,
        })
        .returning();
      await tx.insert(scimUserLinks).values({ userId: user.id, partnerId: client.partnerId, externalId: fields.externalId });
      const roleId = await defaultRoleOf(tx, client.partnerId);
      await tx.insert(userRoles).values({ userId: user.id, roleId });
      await auditScim(tx, client, { type: 'Create', table: 'users', key: user.id, after: { ...user, externalId: fields.externalId, roleId } });
      return user;
    });
    await announceUserChange(ctx.events, 'UserChanged', created);
    return get(client, created.id);
  }

  /** A whole new state of a user (PUT, or PATCH's result): audited with what changed; `active: false` ends every sign-in. */
  async function save(client: ScimClient, id: string, next: (current: ScimUserFields) => ScimUserFields) {
    const outcome = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if (!isUuid(id)) throw scimNotFound('scim.userNotFound');
      const [locked] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(ofPartner(client.partnerId), eq(users.id, id.toLowerCase())))
        .for('update');
      if (!locked) throw scimNotFound('scim.userNotFound');
      const beforeRow = await rowOf(client, locked.id, tx);
      const before = fieldsOfRow(beforeRow);
      const after = next(before);
      if (after.userName.toLowerCase() !== before.userName.toLowerCase()) await assertEmailFree(tx, after.userName, locked.id);
      const deactivated = before.active && !after.active;
      await tx
        .update(users)
        .set({
          firstName: after.givenName,
          lastName: after.familyName,
          email: after.userName,
          userName: after.userName,
          phoneNumber: after.phone,
          isActive: after.active,
          updatedAt: new Date(),
        })
        .where(eq(users.id, locked.id));
      await tx
        .insert(scimUserLinks)
        .values({ userId: locked.id, partnerId: client.partnerId, externalId: after.externalId })
        .onConflictDoUpdate({ target: scimUserLinks.userId, set: { externalId: after.externalId } });
      const ended = deactivated ? await endAccess(tx, locked.id) : [];
      if (JSON.stringify(before) !== JSON.stringify(after))
        await auditScim(tx, client, { type: 'Update', table: 'users', key: locked.id, before: { ...before }, after: { ...after } });
      return { deactivated, ended, changed: JSON.stringify(before) !== JSON.stringify(after) };
    });
    if (outcome.changed) await announce({ id: id.toLowerCase(), partnerId: client.partnerId }, outcome.deactivated, outcome.ended);
    return get(client, id);
  }

  /** DELETE: the portal's soft delete (the row stays for the audit trail; GET answers 404 after), every sign-in ended. */
  async function remove(client: ScimClient, id: string) {
    const ended = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const before = await rowOf(client, id, tx);
      await tx.update(users).set({ deletedAt: new Date(), isActive: false, updatedAt: new Date() }).where(eq(users.id, before.id));
      await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.userId, before.id));
      const signInsEnded = await endAccess(tx, before.id);
      await auditScim(tx, client, { type: 'Delete', table: 'users', key: before.id, before: { ...fieldsOfRow(before) } });
      return signInsEnded;
    });
    const user = { id: id.toLowerCase(), partnerId: client.partnerId };
    await announceSignInsEnded(ctx.events, user.id, ended);
    await announceUserChange(ctx.events, 'UserDeleted', user);
  }

  return { list, get, create, save, remove, rowOf };
}

export type ScimUserService = ReturnType<typeof createScimUserService>;
