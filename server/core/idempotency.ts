import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX } from '../../contract/http';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../db/databaseUnavailable';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from './errors';

/** How long a first answer is replayed (DESIGN.md "The API contract"). */
const REMEMBERED = sql`interval '24 hours'`;
/** A claim still unanswered after this was left by a server that stopped mid-request: it may be taken over. */
const ABANDONED = sql`interval '2 minutes'`;
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Printable ASCII, as the IETF Idempotency-Key draft's examples and Stripe take it. */
const KEY_PATTERN = new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);
const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

interface IdempotencyClaim {
  userId: string;
  key: string;
  route: string;
  /** This request holds the key's row and must answer it (store its success or release it). */
  claimed: boolean;
  /** The row's claim time, to the microsecond, as PostgreSQL wrote it: names this claim, not a later one of the key. */
  claimedAt?: string;
  /** The stored first answer was sent instead of running the handler. */
  replayed: boolean;
  store: IdempotencyStore;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
}

type RouteShape = Pick<RouteOptions, 'method' | 'config'> & { config?: { access?: unknown } };

/** Creates take the key: every POST whose declared permission is a Create (resources, users, tickets, chat messages). */
export function acceptsIdempotencyKey(route: RouteShape) {
  const methods = ([] as string[]).concat(route.method);
  const access = route.config?.access;
  return methods.includes('POST') && typeof access === 'string' && access.endsWith('.Create');
}

const keyError = (status: number, messageKey: string) => new ApiError(status, messageKey, [{ field: IDEMPOTENCY_KEY_HEADER, message: messageKey }]);

function parseKey(raw: string | string[]) {
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!KEY_PATTERN.test(key)) throw keyError(400, 'api.idempotencyKeyInvalid');
  return key;
}

/** The same resource answers under /api and /api/v1: one key covers both spellings. */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`.replace(' /api/v1/', ' /api/');

/** JSON with object keys sorted, so that a retry serialised in another key order is the same request. */
function canonicalJson(value: unknown) {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

type ClaimOutcome =
  { kind: 'claimed'; claimedAt: string } | { kind: 'mismatch' } | { kind: 'inProgress' } | { kind: 'answered'; statusCode: number; response: string };

function createIdempotencyStore(db: Db) {
  let lastPurge = 0;

  async function purge() {
    lastPurge = Date.now();
    await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - ${REMEMBERED}`);
  }

  /** Takes the key (a new one, or one expired or abandoned), or says what holds it. */
  async function claim(userId: string, key: string, route: string, requestHash: string): Promise<ClaimOutcome> {
    if (Date.now() - lastPurge > PURGE_EVERY_MS) await purge();
    // A row released by a failed first attempt between the two statements is tried again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const taken = await db
        .insert(idempotencyKeys)
        .values({ userId, key, route, requestHash })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { route, requestHash, statusCode: null, response: null, createdAt: sql`now()` },
          setWhere: sql`${idempotencyKeys.createdAt} < now() - ${REMEMBERED} or (${idempotencyKeys.statusCode} is null and ${idempotencyKeys.createdAt} < now() - ${ABANDONED})`,
        })
        .returning({ claimedAt: sql<string>`${idempotencyKeys.createdAt}::text` });
      if (taken.length) return { kind: 'claimed', claimedAt: taken[0].claimedAt };
      const [held] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!held) continue;
      if (held.route !== route || held.requestHash !== requestHash) return { kind: 'mismatch' };
      if (held.statusCode === null || held.response === null) return { kind: 'inProgress' };
      return { kind: 'answered', statusCode: held.statusCode, response: held.response };
    }
    return { kind: 'inProgress' };
  }

  const ownRow = (state: IdempotencyClaim) =>
    and(
      eq(idempotencyKeys.userId, state.userId),
      eq(idempotencyKeys.key, state.key),
      isNull(idempotencyKeys.statusCode),
      sql`${idempotencyKeys.createdAt} = ${state.claimedAt ?? null}::timestamptz`,
    );

  /** Stores the first answer (a success) or gives the key back (anything else), on this claim's row only. */
  async function settle(state: IdempotencyClaim, answer: FirstAnswer | null) {
    if (answer) await db.update(idempotencyKeys).set(answer).where(ownRow(state));
    else await db.delete(idempotencyKeys).where(ownRow(state));
  }

  return { purge, claim, settle, ...settleWhenBack(settle) };
}

/** Settlements kept for a database that comes back: past this, the row may be taken over anyway (ABANDONED). */
const SETTLE_AGAIN_FOR_MS = 2 * 60 * 1000;
const SETTLE_AGAIN_FIRST_MS = 250;
const SETTLE_AGAIN_MAX_MS = 2_000;
/** An outage under heavy load leaves at most this many keys waiting in memory; older ones are left to ABANDONED. */
const SETTLE_AGAIN_MOST = 10_000;

/**
 * The settlements that failed because the database was away, tried again (oldest first, one at a time, waits
 * doubling to 2 s) until the database answers: a key whose release failed is free again within 2 s of its
 * return, rather than answering 409 "still being answered" until it is abandoned.
 */
function settleWhenBack(settle: (state: IdempotencyClaim, answer: FirstAnswer | null) => Promise<void>) {
  const waiting: { state: IdempotencyClaim; answer: FirstAnswer | null; until: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let waitMs = SETTLE_AGAIN_FIRST_MS;
  const schedule = () => void (timer = setTimeout(() => void tryAgain(), waitMs).unref());

  /** One run at a time: `timer` stays set from its scheduling until the queue is empty. */
  async function tryAgain() {
    while (waiting.length) {
      const [next] = waiting;
      if (Date.now() <= next.until) {
        try {
          await settle(next.state, next.answer);
          waitMs = SETTLE_AGAIN_FIRST_MS;
        } catch (error) {
          if (isDatabaseUnavailable(error)) {
            waitMs = Math.min(waitMs * 2, SETTLE_AGAIN_MAX_MS);
            return schedule();
          }
        }
      }
      if (waiting[0] === next) waiting.shift();
    }
    timer = undefined;
  }

  return {
    settleLater(state: IdempotencyClaim, answer: FirstAnswer | null) {
      if (waiting.length >= SETTLE_AGAIN_MOST) waiting.shift();
      waiting.push({ state, answer, until: Date.now() + SETTLE_AGAIN_FOR_MS });
      if (!timer) schedule();
    },
    stopSettling() {
      clearTimeout(timer);
      waiting.length = 0;
    },
  };
}

type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

export interface FirstAnswer {
  statusCode: number;
  response: string;
}

/**
 * Claims the request's key with a fingerprint of what it asks (its path parameters and body). Answers the
 * stored first answer to that key, which the caller replays (with `replay`) instead of doing any work, or
 * null when this request is the one to do it. Throws 422 when the key came with another request and 409
 * while the first one is still being answered. A route that reads its own body (multipart) calls this once
 * the body is read; for JSON the hook has done it.
 */
export async function firstAnswerTo(request: FastifyRequest, reply: FastifyReply, fingerprint: () => unknown): Promise<FirstAnswer | null> {
  const state = request.idempotency;
  if (!state || state.claimed || state.replayed) return null;
  const requestHash = crypto
    .createHash('sha256')
    .update(canonicalJson({ params: request.params, body: await fingerprint() }))
    .digest('hex');
  const outcome = await state.store.claim(state.userId, state.key, state.route, requestHash);
  if (outcome.kind === 'claimed') {
    state.claimed = true;
    state.claimedAt = outcome.claimedAt;
    return null;
  }
  if (outcome.kind === 'mismatch') throw keyError(422, 'api.idempotencyKeyReused');
  if (outcome.kind === 'inProgress') {
    reply.header('retry-after', '1');
    throw keyError(409, 'api.idempotencyKeyInProgress');
  }
  state.replayed = true;
  return outcome;
}

export function replay(reply: FastifyReply, answer: FirstAnswer) {
  return reply.code(answer.statusCode).type('application/json; charset=utf-8').header('idempotent-replayed', 'true').send(answer.response);
}

/**
 * `Idempotency-Key` on creates: the same key from the same user within 24 h answers the first result and
 * runs nothing. Only successes are kept: a refusal or a failure wrote nothing, so its retry simply runs again
 * (and may succeed, e.g. after a token refresh or once the ticket is reopened).
 */
export function registerIdempotency(app: FastifyInstance, db: Db) {
  const store = createIdempotencyStore(db);
  app.decorateRequest('idempotency', null);
  app.addHook('onReady', () => store.purge());
  app.addHook('onClose', async () => store.stopSettling());

  app.addHook('preHandler', async (request, reply) => {
    const raw = request.headers[HEADER];
    if (
      raw === undefined ||
      !acceptsIdempotencyKey({ method: request.method as RouteOptions['method'], config: request.routeOptions.config }) ||
      !request.principal
    )
      return;
    request.idempotency = { userId: request.principal.id, key: parseKey(raw), route: routeOf(request), claimed: false, replayed: false, store };
    // A multipart body is read by the handler, which claims the key once it has the fields and files.
    if (typeof request.isMultipart === 'function' && request.isMultipart()) return;
    const answer = await firstAnswerTo(request, reply, () => request.body);
    if (answer) return replay(reply, answer);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state?.claimed) return payload;
    state.claimed = false;
    const success = reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string';
    const answer = success ? { statusCode: reply.statusCode, response: payload } : null;
    try {
      await state.store.settle(state, answer);
    } catch (error) {
      // The database is away (the request itself likely failed for it): settled once it is back, so a retry of
      // this key is not told "still being answered" for minutes. Otherwise it is taken over once abandoned.
      if (isDatabaseUnavailable(error)) state.store.settleLater(state, answer);
      else request.log.error({ err: error }, 'idempotency key not recorded');
    }
    return payload;
  });
}
