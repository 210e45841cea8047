import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SIGN_IN_ENDED_CHALLENGE } from '../../../contract/http';
import type { SignInDto, SignInMethod } from '../../../contract/signIns';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { unauthorized } from '../../core/errors';
import { writeAudit } from '../../core/audit';
import { batchedLoads } from '../../core/batchedLoads';
import type { EventBus } from '../../core/events';
import { isUuid } from '../../core/search';
import type { Db } from '../../db/client';
import { refreshTokens, signIns, users } from '../../db/schema';
import { fullNameOf, type SignInToRead } from './principal';
import { signInIdOf } from './session';

/** Last active moves at most this often per sign-in, so a busy session writes its row once a minute at most. */
const LAST_ACTIVE_STEP_MS = 60_000;

const impersonators = alias(users, 'sign_in_impersonators');

/** A sign-in that still lasts: not ended, and not past an impersonation's time limit. */
const lasting = () => and(isNull(signIns.endedAt), or(isNull(signIns.endsAt), gt(signIns.endsAt, sql`now()`)));

/** The user's lasting sign-ins, the most recently active first; `currentId` marks the asking request's. */
export async function listSignIns(db: Db, userId: string, currentId?: string): Promise<SignInDto[]> {
  const rows = await db
    .select({
      row: signIns,
      impersonatorFirstName: impersonators.firstName,
      impersonatorLastName: impersonators.lastName,
    })
    .from(signIns)
    .leftJoin(impersonators, eq(impersonators.id, signIns.impersonatorId))
    .where(and(eq(signIns.userId, userId), lasting()))
    .orderBy(desc(signIns.lastActiveAt), desc(signIns.createdAt));
  return rows.map(({ row, impersonatorFirstName, impersonatorLastName }) => ({
    id: row.id,
    userAgent: row.userAgent,
    address: row.address,
    method: row.method as SignInMethod,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
    current: row.id === currentId,
    impersonator:
      row.impersonatorId && impersonatorFirstName !== null
        ? { id: row.impersonatorId, fullName: fullNameOf({ firstName: impersonatorFirstName, lastName: impersonatorLastName ?? '' }) }
        : null,
    reason: row.reason,
    endsAt: row.endsAt?.toISOString() ?? null,
  }));
}

/** Which sign-ins of a user to end: these ids, or every one but `keep` (none kept: all). */
export type SignInSelection = { ids: string[] } | { allBut: string | undefined };

/**
 * Ends sign-ins of a user inside `tx`: marks them ended and revokes their refresh chains, so refreshing fails.
 * Returns the ids ended (ids of another user, unknown or already ended are left out). The caller publishes
 * `signInsEnded` once the transaction committed, so every instance refuses their access tokens at once.
 */
export async function endSignInsIn(tx: Pick<Db, 'update'>, userId: string, selection: SignInSelection): Promise<string[]> {
  const which =
    'ids' in selection
      ? selection.ids.filter(isUuid).length
        ? inArray(signIns.id, selection.ids.filter(isUuid))
        : sql`false`
      : selection.allBut && isUuid(selection.allBut)
        ? ne(signIns.id, selection.allBut)
        : undefined;
  const ended = await tx
    .update(signIns)
    .set({ endedAt: new Date() })
    .where(and(eq(signIns.userId, userId), isNull(signIns.endedAt), which))
    .returning({ id: signIns.id });
  const familyIds = 'ids' in selection ? ended.map((row) => row.id) : null;
  if (familyIds?.length === 0) return [];
  // Every chain of the user but the kept one: older sign-ins without a row (before sign_ins existed) end too.
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date(), successorSealed: null })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        familyIds
          ? inArray(refreshTokens.familyId, familyIds)
          : 'allBut' in selection && selection.allBut && isUuid(selection.allBut)
            ? ne(refreshTokens.familyId, selection.allBut)
            : undefined,
      ),
    );
  return ended.map((row) => row.id);
}

/** Tells every instance (waiting until they heard it) that these sign-ins ended: their tokens are refused, their hub connections close. */
export async function announceSignInsEnded(events: EventBus, userId: string, signInIds: string[]) {
  if (signInIds.length) await events.publish({ type: 'SignInsEnded', userId, signInIds }, { acrossInstances: true });
}

/**
 * Ends sign-ins of `userId` (the user's own, or as staff), audited under `actorId`, and tells every instance.
 * Returns the ids ended.
 */
export async function endSignIns(
  ctx: Pick<AppContext, 'db' | 'events'>,
  { actorId, userId, selection }: { actorId: string; userId: string; selection: SignInSelection },
): Promise<string[]> {
  const ended = await ctx.db.transaction(async (tx) => {
    const ids = await endSignInsIn(tx, userId, selection);
    for (const id of ids)
      await writeAudit(tx, {
        userId: actorId,
        type: 'Update',
        table: 'sign_ins',
        key: id,
        before: { endedAt: null, userId },
        after: { endedAt: 'ended', userId },
      });
    return ids;
  });
  await announceSignInsEnded(ctx.events, userId, ended);
  return ended;
}

/** Moves a sign-in's last active to now, unless it moved within the last minute (then writes nothing). */
export async function touchSignIn(db: Pick<Db, 'update'>, id: string) {
  if (isUuid(id)) await touchSignIns(db, [id]);
}

async function touchSignIns(db: Pick<Db, 'update'>, ids: string[]) {
  await db
    .update(signIns)
    .set({ lastActiveAt: new Date() })
    .where(
      and(
        ids.length === 1 ? eq(signIns.id, ids[0]!) : inArray(signIns.id, ids),
        isNull(signIns.endedAt),
        lt(signIns.lastActiveAt, new Date(Date.now() - LAST_ACTIVE_STEP_MS)),
      ),
    );
}

export interface SignInCheck {
  /** Whether the sign-in `sid` names has ended (a sign-in without a row, from before they were recorded, has not). */
  isEnded(sid: string): Promise<boolean>;
  /** Drops what is kept of these sign-ins (null: every one), so the next check reads them again. */
  forget(signInIds: string[] | null): void;
  /**
   * A sign-in this check would read, to be read with its principal in one round trip instead (principal.ts): what
   * `keep` is given then answers `isEnded`. Null when it is kept already (or is no sign-in's id).
   */
  toRead(sid: string): SignInToRead | null;
}

type SignInRow = { endedAt: Date | null; endsAt: Date | null; lastActiveAt: Date };

/**
 * Whether sign-ins ended, kept per instance so a request spends a query on its sign-in at most once per `ttlMs`
 * (none of its own when read with the principal): an ended one is dropped at once by the `SignInsEnded` event from
 * whichever instance ended it, everything when this instance may have missed events, and the time limit bounds what
 * a lost event leaves (as the principal cache does). A read also moves the sign-in's last active (at most once a minute).
 */
export function createSignInCheck(db: Db, events: EventBus, ttlMs = 10_000): SignInCheck {
  const cached = new Map<string, { endedAt: Date | null; endsAt: Date | null; at: number }>();
  // A read that started before an end must not put its stale answer back after the end dropped it.
  let generation = 0;
  const endedNow = (entry: { endedAt: Date | null; endsAt: Date | null }) => !!entry.endedAt || (!!entry.endsAt && entry.endsAt.getTime() <= Date.now());
  const fresh = (sid: string) => {
    const hit = cached.get(sid);
    return !!hit && (!!hit.endedAt || Date.now() - hit.at < ttlMs);
  };

  // The last actives due to move, of the sign-ins read in one turn (with their principals or by `reads`), in one statement.
  const touches = batchedLoads(async (sids: string[]) => {
    await touchSignIns(db, sids);
    return new Map<string, never>();
  });

  /** What was read of a sign-in (its row, or none) is kept, unless an end came meanwhile; its last active moves. */
  async function keep(sid: string, row: SignInRow | undefined, startedIn: number) {
    const entry = { endedAt: row?.endedAt ?? null, endsAt: row?.endsAt ?? null };
    if (startedIn === generation) {
      if (cached.size > 10_000) cached.clear();
      cached.set(sid, { ...entry, at: Date.now() });
    }
    if (row && !endedNow(row) && Date.now() - row.lastActiveAt.getTime() >= LAST_ACTIVE_STEP_MS) await touches.load(sid);
    return entry;
  }

  /** Many sign-ins a statement when many are asked at once (a restarted instance's clients coming back). */
  const reads = batchedLoads(async (sids: string[]) => {
    const rows = await db
      .select({ id: signIns.id, endedAt: signIns.endedAt, endsAt: signIns.endsAt, lastActiveAt: signIns.lastActiveAt })
      .from(signIns)
      .where(sids.length === 1 ? eq(signIns.id, sids[0]!) : inArray(signIns.id, sids));
    return new Map(rows.map((row) => [row.id, row]));
  });

  const check: SignInCheck = {
    async isEnded(sid) {
      if (!isUuid(sid)) return false;
      const startedIn = generation;
      const entry = fresh(sid) ? cached.get(sid)! : await keep(sid, await reads.load(sid), startedIn);
      return endedNow(entry);
    },
    forget(signInIds) {
      generation++;
      reads.forget(signInIds);
      if (signInIds === null) cached.clear();
      else for (const id of signInIds) cached.delete(id);
    },
    toRead(sid) {
      if (!isUuid(sid) || fresh(sid)) return null;
      const startedIn = generation;
      const at = (text: string | null) => (text === null ? null : new Date(text));
      return {
        id: sid,
        keep: async (state) =>
          void (await keep(sid, state && { endedAt: at(state.endedAt), endsAt: at(state.endsAt), lastActiveAt: new Date(state.lastActiveAt) }, startedIn)),
      };
    },
  };
  events.subscribe('SignInsEnded', (event) => check.forget(event.signInIds));
  events.onMissed(() => check.forget(null));
  return check;
}

/**
 * After the guard: a request whose access token names an ended sign-in (`sid`) is refused 401, on every instance at
 * once (the check's cache hears the end). Public routes and tokens without a sign-in pass.
 */
export function refuseEndedSignIns(app: FastifyInstance, check: SignInCheck) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.principal) return;
    const sid = signInIdOf(request);
    if (sid && (await check.isEnded(sid))) {
      request.principal = null;
      reply.header('WWW-Authenticate', SIGN_IN_ENDED_CHALLENGE);
      throw unauthorized('auth.signInEnded');
    }
  });
}
