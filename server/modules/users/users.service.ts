import { and, eq, getTableColumns, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/envelope';
import { searchFieldsOf } from '../../../contract/resources/declaration';
import { partnerUsersDeclaration } from '../../../contract/resources/partnerUsers';
import type { RegisterInput, UpdateUserInput } from '../../../contract/schemas/accounts';
import type { SearchInput } from '../../../contract/schemas/search';
import { ACTIVATION_TOKEN_SECONDS } from '../../../contract/tokens';
import type { UserDto } from '../../../contract/users';
import type { Language } from '../../../contract/http';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { partners, roles, userRoles, users } from '../../db/schema';
import { assertPartnerUserMayHold } from '../roles/partnerRoles';
import { writeAudit } from '../../core/audit';
import { ApiError, fieldError, forbidden, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { containsFoldedIn, countOf, idsFilter, keywordWhere, orderByOf, readPage, rowIdOf, type KeywordMatchers, type SortColumns } from '../../core/search';
import { assertIfMatch, type IfMatch } from '../../core/recordVersion';
import { createMailToken, voidMailTokensOfUser } from '../accounts/mailTokens';
import { revokeRefreshTokensOfUser } from '../accounts/refreshTokens';
import { announceSignInsEnded } from '../accounts/signIns';
import { createSignInHolds, heldUntilOf } from '../accounts/signInHolds';
import { createRateLimitCounter } from '../../core/rateLimits';
import { assertMayGrantRoles, assertNotLastActiveTopRoleHolder, assertOutranks, isTopRoleHolder, otherActiveTopRoleHolders } from './ranks';
import { selectUserDto, selectUserDtos } from './userDto';
import { sendActivationMail } from './activationMail';
import { announceUserChange } from './users.events';
import { clearBouncing, mailBouncedAtOf } from '../inboundMail/mailBounces';

const partnerNameOfUser = sql`(select ${partners.name} from ${partners} where ${partners.id} = ${users.partnerId})`;

/** The name of a user's highest-ranked role, as the DTO's `role` shows it. */
const highestRoleName = sql`(select ${roles.name} from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} order by ${roles.priority} limit 1)`;

/** Every scalar field of UserDto (contract/apiResources.ts); `role` is the highest-ranked role's name, as the DTO shows it. */
const sortable: SortColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  fullName: sql`${users.firstName} || ' ' || ${users.lastName}`,
  email: users.email,
  userName: users.userName,
  phoneNumber: users.phoneNumber,
  organization: users.organization,
  // A reference sorts by what a person reads in its place: the partner's name.
  partnerId: partnerNameOfUser,
  partnerName: partnerNameOfUser,
  role: highestRoleName,
  // The role a person reads beside the id: the same highest-ranked role's name.
  roleId: highestRoleName,
  heldUntil: heldUntilOf(users.email),
  mailBouncedAt: mailBouncedAtOf(users.email),
  isActive: users.isActive,
  emailConfirmed: users.emailConfirmed,
  imageUrl: users.imageUrl,
  createdAt: users.createdAt,
  // Not shown, but every declared resource sorts by it (contract/resources/partnerUsers.ts).
  updatedAt: users.updatedAt,
};

/**
 * The fields a keyword reads and may be limited to (`advancedSearch.fields`): those partner users declare searched
 * (contract/resources/partnerUsers.ts); case and diacritics ignored, as elsewhere.
 */
const columns = getTableColumns(users) as Record<string, AnyColumn>;
const keywordMatchers: KeywordMatchers = Object.fromEntries(
  searchFieldsOf(partnerUsersDeclaration).map((field) => [field, (keyword: string) => containsFoldedIn(columns[field], keyword)]),
);

/**
 * The rules of user administration, shared by staff (`/users`) and partner admins (`/partner-users`).
 * `scope` narrows every read and write: a user outside it answers 404.
 */
/** How a change is made: `ifMatch` from the request's If-Match header; only staff without a partner move users between partners. */
export interface UserChangeOptions {
  ifMatch?: IfMatch;
  mayMovePartner: boolean;
}

export function createUserService(ctx: AppContext) {
  const { db } = ctx;

  async function visibleUser(scope: SQL | undefined, id: string) {
    const [dto] = await selectUserDtos(db, and(eq(users.id, rowIdOf(id, 'users.notFound')), scope));
    if (!dto) throw notFound('users.notFound');
    return dto;
  }

  async function assertLivePartner(partnerId: string, conn: Db = db) {
    const [partner] = await conn
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.id, partnerId), sql`${partners.deletedAt} is null`));
    if (!partner) throw fieldError('partnerId', 'users.unknownPartner');
  }

  /** Deleted users are left out, except when asked by id (react-admin's getMany), marked `deleted`. */
  async function search(
    scope: SQL | undefined,
    input: Pick<SearchInput, 'pageNumber' | 'pageSize'> & Partial<SearchInput> & { isActive?: boolean; partnerId?: string },
  ): Promise<PagedResult<UserDto>> {
    const byIds = input.ids !== undefined;
    const where = and(
      byIds ? idsFilter(users.id, input.ids) : isNull(users.deletedAt),
      scope,
      keywordWhere(input, keywordMatchers),
      input.isActive === undefined ? undefined : eq(users.isActive, input.isActive),
      input.partnerId ? eq(users.partnerId, input.partnerId) : undefined,
    );
    return readPage(input, countOf(db, users, where), async ({ limit, offset }) => {
      const ids = await db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(...orderByOf(input.orderBy, sortable, [sql`${users.createdAt} desc`]), users.id)
        .limit(limit)
        .offset(offset);
      const dtos = ids.length
        ? await selectUserDtos(
            db,
            inArray(
              users.id,
              ids.map((r) => r.id),
            ),
            { includeDeleted: byIds },
          )
        : [];
      const byId = new Map(dtos.map((d) => [d.id, d]));
      return ids.map((r) => byId.get(r.id)).filter((d): d is UserDto => !!d);
    });
  }

  async function register(principal: Principal, input: RegisterInput, options: { partnerId: string | null; defaultRole: string; language: Language }) {
    const [role] = input.roleId
      ? await db.select().from(roles).where(eq(roles.id, input.roleId))
      : await db.select().from(roles).where(eq(roles.name, options.defaultRole));
    if (!role) throw fieldError('roleId', 'users.unknownRole');
    await assertMayGrantRoles(db, principal, [role], 'roleId');
    if (options.partnerId) await assertLivePartner(options.partnerId);
    await assertPartnerUserMayHold(db, { partnerId: options.partnerId }, [role.id], 'roleId');
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
    if (taken) throw new ApiError(409, 'users.emailTaken', [{ field: 'email', message: 'users.emailTaken' }]);

    const { user, token } = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          userName: input.userName || input.email,
          email: input.email,
          phoneNumber: input.phoneNumber || null,
          organization: input.organization || null,
          partnerId: options.partnerId,
          isActive: false,
        })
        .returning();
      await tx.insert(userRoles).values({ userId: created.id, roleId: role.id });
      const activationToken = await createMailToken(tx, created.id, 'activation', ACTIVATION_TOKEN_SECONDS);
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'users', key: created.id, after: { ...created, role: role.name } });
      return { user: created, token: activationToken };
    });
    await sendActivationMail(ctx, user, token, options.language);
    await ctx.events.publish({ type: 'ResourceChanged', resource: 'users', id: user.id, action: 'created', partnerId: user.partnerId });
    return (await selectUserDto(db, user.id))!;
  }

  /**
   * The users of a change, locked until its transaction ends, in the order asked. Every id must be live and
   * within the scope, or nothing changes: the first missing one answers 404 naming it.
   */
  async function lockUsers(tx: Db, scope: SQL | undefined, ids: string[]) {
    const rows = await tx
      .select()
      .from(users)
      .where(and(idsFilter(users.id, ids), isNull(users.deletedAt), scope))
      .for('update');
    const missing = ids.findIndex((id) => !rows.some((row) => row.id === id.toLowerCase()));
    if (missing >= 0)
      throw new ApiError(404, ids.length > 1 ? 'api.someNotFound' : 'users.notFound', [{ field: `ids[${missing}]`, message: 'users.notFound' }]);
    return [...new Set(ids.map((id) => id.toLowerCase()))].map((id) => rows.find((row) => row.id === id)!);
  }

  /**
   * Updates users in one transaction, all or none (PUT, PATCH and the bulk PATCH). `readInput` makes each
   * one's input from its current values under the lock; `ifMatch` refuses a stale copy (412).
   */
  async function updateMany(
    principal: Principal,
    scope: SQL | undefined,
    ids: string[],
    readInput: (current: UserDto) => Promise<UpdateUserInput>,
    options: UserChangeOptions,
  ) {
    const changed = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const done: UserDto[] = [];
      for (const before of await lockUsers(tx, scope, ids)) {
        const current = (await selectUserDto(tx, before.id))!;
        await assertIfMatch(options.ifMatch, before, () => current);
        if (before.id !== principal.id) await assertOutranks(tx, principal, before.id);
        const input = await readInput(current);
        const partnerId = options.mayMovePartner ? input.partnerId : undefined;
        // A move to another partner needs a live one (an unknown id would otherwise fail the foreign key: 500).
        if (partnerId && partnerId !== before.partnerId) await assertLivePartner(partnerId, tx);
        const changes = {
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber || null,
          organization: input.organization || null,
          ...(partnerId !== undefined ? { partnerId } : {}),
        };
        const [after] = await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, before.id))
          .returning();
        await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'users', key: before.id, before, after });
        done.push(current);
      }
      return done;
    });
    await Promise.all(changed.map((user) => announceUserChange(ctx.events, 'UserChanged', user)));
    return (await selectUserDtos(db, idsFilter(users.id, ids))).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  }

  async function update(
    principal: Principal,
    scope: SQL | undefined,
    id: string,
    readInput: (current: UserDto) => Promise<UpdateUserInput>,
    options: UserChangeOptions,
  ) {
    await visibleUser(scope, id);
    return (await updateMany(principal, scope, [id], readInput, options))[0];
  }

  /** Deactivating or deleting: never yourself, never someone who outranks you, never the last active Admin. */
  async function assertMayRemove(principal: Principal, target: UserDto, conn: Db = db) {
    if (target.id === principal.id) throw forbidden('users.self');
    await assertOutranks(conn, principal, target.id);
    if (target.isActive && (await isTopRoleHolder(conn, target.id)) && (await otherActiveTopRoleHolders(conn, target.id)) === 0)
      throw new ApiError(409, 'users.lastAdmin');
  }

  async function toggleStatus(principal: Principal, scope: SQL | undefined, id: string) {
    const target = await visibleUser(scope, id);
    if (target.isActive) await assertMayRemove(principal, target);
    else {
      if (target.id === principal.id) throw forbidden('users.self');
      await assertOutranks(db, principal, target.id);
    }
    const active = !target.isActive;
    const ended = await db.transaction(async (tx) => {
      if (!active) await assertNotLastActiveTopRoleHolder(tx, target.id);
      await tx.update(users).set({ isActive: active, updatedAt: new Date() }).where(eq(users.id, target.id));
      const endedSignIns = active ? [] : await revokeRefreshTokensOfUser(tx, target.id);
      if (!active) await voidMailTokensOfUser(tx, target.id);
      await writeAudit(tx, {
        userId: principal.id,
        type: 'Update',
        table: 'users',
        key: target.id,
        before: { isActive: target.isActive },
        after: { isActive: active },
      });
      return endedSignIns;
    });
    // The ended sign-ins first: the hub closes their connections saying so, on which the open browser leaves (a close
    // for the deactivation itself, heard first, only stops the connection).
    await announceSignInsEnded(ctx.events, target.id, ended);
    await announceUserChange(ctx.events, active ? 'UserChanged' : 'UserDeactivated', target);
    return (await selectUserDto(db, target.id))!;
  }

  // Made when a hold is lifted: the other user changes need no limits from the configuration.
  const holdsOf = (on: Db) =>
    createSignInHolds(createRateLimitCounter(on), {
      failuresBeforeHold: ctx.config.limits.failedSignInsBeforeHold,
      holdMinutes: ctx.config.limits.signInHoldMinutes,
    });

  /**
   * Clears a mark on a user (a sign-in hold, a bouncing address), under the rules of other changes to them: within
   * the scope (else 404), never someone who outranks you (yourself aside). The mark's rows go with the audit row that
   * says so, or neither does; announced. A user without the mark answers as they are and nothing changes.
   */
  async function clearMark(
    principal: Principal,
    scope: SQL | undefined,
    id: string,
    mark: 'heldUntil' | 'mailBouncedAt',
    clear: (tx: Db, email: string) => Promise<void>,
  ) {
    const target = await visibleUser(scope, id);
    if (target.id !== principal.id) await assertOutranks(db, principal, target.id);
    if (!target[mark]) return { user: target, cleared: false };
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await clear(tx, target.email.toLowerCase());
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'users', key: target.id, before: { [mark]: target[mark] }, after: { [mark]: null } });
    });
    await ctx.events.publish({ type: 'ResourceChanged', resource: 'users', id: target.id, action: 'updated', partnerId: target.partnerId });
    return { user: (await selectUserDto(db, target.id))!, cleared: true };
  }

  /** Ends the hold on a user's sign-in (their failures counted so far too). */
  const liftHold = (principal: Principal, scope: SQL | undefined, id: string) =>
    clearMark(principal, scope, id, 'heldUntil', (tx, email) => holdsOf(tx).clear(email));

  /** Mail to a user whose address bounced is sent again (the address was fixed at their end). */
  const resumeMail = (principal: Principal, scope: SQL | undefined, id: string) => clearMark(principal, scope, id, 'mailBouncedAt', clearBouncing);

  /** Soft delete, all or none: the rows stay for the audit trail; the users can no longer sign in. */
  async function removeMany(principal: Principal, scope: SQL | undefined, ids: string[], ifMatch?: IfMatch) {
    const removed = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const done: { target: UserDto; ended: string[] }[] = [];
      for (const before of await lockUsers(tx, scope, ids)) {
        const target = (await selectUserDto(tx, before.id))!;
        await assertIfMatch(ifMatch, before, () => target);
        await assertMayRemove(principal, target, tx);
        if (target.isActive) await assertNotLastActiveTopRoleHolder(tx, target.id);
        await tx.update(users).set({ deletedAt: new Date(), isActive: false, updatedAt: new Date() }).where(eq(users.id, target.id));
        const ended = await revokeRefreshTokensOfUser(tx, target.id);
        await writeAudit(tx, { userId: principal.id, type: 'Delete', table: 'users', key: target.id, before });
        done.push({ target, ended });
      }
      return done;
    });
    for (const { target, ended } of removed) {
      await announceSignInsEnded(ctx.events, target.id, ended);
      await announceUserChange(ctx.events, 'UserDeleted', target);
    }
    return removed.map(({ target }) => target);
  }

  async function remove(principal: Principal, scope: SQL | undefined, id: string, ifMatch?: IfMatch) {
    await visibleUser(scope, id);
    return (await removeMany(principal, scope, [id], ifMatch))[0];
  }

  return { visibleUser, search, register, update, updateMany, toggleStatus, liftHold, resumeMail, remove, removeMany };
}

export type UserService = ReturnType<typeof createUserService>;
