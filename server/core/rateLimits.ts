import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { rateLimitHits } from './rateLimits.schema';

/** A key's count in its current window, and how long that window has left. */
export interface WindowCount {
  hits: number;
  msLeft: number;
}

/** Rows whose window ended this long ago are swept: a little after the end, so a hit racing the sweep still counts. */
const SWEEP_AFTER_MS = 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;

/** An interval of `ms` milliseconds, as SQL. */
const millis = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;

const windowCountOf = (row: { hits: number; msLeft: number | string } | undefined): WindowCount =>
  row ? { hits: Number(row.hits), msLeft: Math.max(0, Math.ceil(Number(row.msLeft))) } : { hits: 0, msLeft: 0 };

/**
 * Counts in the database's `rate_limit_hits`, with the database's clock, so every instance of the portal counts
 * into the same rows: N instances allow what one does. One hit is one statement (an upsert that answers the count).
 */
export function createRateLimitCounter(db: Db) {
  const msLeft = sql<number>`extract(epoch from (${rateLimitHits.windowEndsAt} - now())) * 1000`;

  /** One hit on `key` as one upsert (a window that has ended starts again at one hit), unless `onlyWhile` fails: then no row. */
  const upsertHit = (key: string, windowMs: number, onlyWhile?: SQL) => {
    const ended = sql`${rateLimitHits.windowEndsAt} <= now()`;
    return db
      .insert(rateLimitHits)
      .values({ key, hits: 1, windowEndsAt: sql`now() + ${millis(windowMs)}` })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
          windowEndsAt: sql`case when ${ended} then now() + ${millis(windowMs)} else ${rateLimitHits.windowEndsAt} end`,
        },
        ...(onlyWhile ? { setWhere: sql`${ended} or ${onlyWhile}` } : {}),
      })
      .returning({ hits: rateLimitHits.hits, msLeft });
  };

  /** Counts one hit on `key`; a window that has ended starts again (at one hit, `windowMs` long). */
  async function hit(key: string, windowMs: number): Promise<WindowCount> {
    const [row] = await upsertHit(key, windowMs);
    return windowCountOf(row);
  }

  /**
   * Counts one hit on `key` only while its window holds fewer than `max`, in one statement, so hits racing each other
   * never pass `max` between them: the count with this hit, or null when the window was full (nothing counted).
   */
  async function hitUnder(key: string, windowMs: number, max: number): Promise<number | null> {
    const [row] = await upsertHit(key, windowMs, sql`${rateLimitHits.hits} < ${max}`);
    return row ? Number(row.hits) : null;
  }

  /** The count of `key`'s window still running (0 hits when none is). */
  async function read(key: string): Promise<WindowCount> {
    const [row] = await db
      .select({ hits: rateLimitHits.hits, msLeft })
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} = ${key} and ${rateLimitHits.windowEndsAt} > now()`);
    return windowCountOf(row);
  }

  /** Moves the end of `key`'s window to `ms` from now (a sign-in hold runs from the failure that started it). */
  async function extend(key: string, ms: number) {
    await db
      .update(rateLimitHits)
      .set({ windowEndsAt: sql`now() + ${millis(ms)}` })
      .where(eq(rateLimitHits.key, key));
  }

  const forget = async (key: string) => void (await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key)));

  const sweep = async () => void (await db.delete(rateLimitHits).where(lt(rateLimitHits.windowEndsAt, sql`now() - ${millis(SWEEP_AFTER_MS)}`)));

  return { hit, hitUnder, read, extend, forget, sweep };
}

export type RateLimitCounter = ReturnType<typeof createRateLimitCounter>;

/** Sweeps ended windows now and then; the answer stops it. A failed sweep (the database away) waits for the next. */
export function sweepRateLimitsPeriodically(counter: RateLimitCounter, onError: (error: unknown) => void) {
  const timer = setInterval(() => void counter.sweep().catch(onError), SWEEP_EVERY_MS).unref();
  return () => clearInterval(timer);
}

type IncrementCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface over the shared counter: every limiter (`app.rateLimit(...)`) counts in
 * the database. Each limiter names its keys (`keyOfRequest`) so limiters registered under several prefixes share one
 * budget, and two limiters never share one.
 */
export function sharedRateLimitStore(counter: RateLimitCounter) {
  return class SharedRateLimitStore {
    incr(key: string, callback: IncrementCallback, timeWindow: number) {
      counter.hit(key, timeWindow).then(
        ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: IncrementCallback) {
      counter.read(key).then(
        ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
        (error: Error) => callback(error),
      );
    }

    child() {
      return new SharedRateLimitStore();
    }
  };
}

/** A limiter's key for a request: its name and the client's address (the forwarded one behind a trusted proxy). */
export const perAddress = (name: string) => (request: FastifyRequest) => `${name}:${request.ip}`;
