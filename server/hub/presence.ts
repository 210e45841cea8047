import crypto from 'node:crypto';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { hubPresence } from './presence.schema';

/**
 * "Is this user online" for every instance: each connection that finished its handshake has a row in
 * `hub_presence` (written at most every FLUSH_MS for all that came and went, so a crowd connecting costs a few
 * statements), and each instance pushes its rows' expiry forward on a heartbeat. An instance that dies
 * without cleaning up stops beating: its rows lapse after `ttlMs` and nobody is held online by them.
 * This instance's own connections are answered from memory, exactly; other instances' from the table.
 */
export interface Presence {
  /** A connection finished its handshake here: its user is online. */
  online(connection: PresentConnection): void;
  /** The connection closed or is closing (called more than once, or for one never online: ignored). */
  offline(connection: PresentConnection): void;
  /** Whether the user has a connection on any instance. When the table cannot be read, only this instance is known. */
  isOnline(userId: string): Promise<boolean>;
  /** Whether the user has a connection on this instance. */
  isOnlineHere(userId: string): boolean;
  /** Stops the heartbeat and removes this instance's rows (after the hub closed its connections). */
  close(): Promise<void>;
}

export interface PresentConnection {
  id: string;
  user: { id: string };
}

export interface PresenceTiming {
  /** How often an instance pushes its rows' expiry forward. */
  heartbeatMs: number;
  /** How long a row lives past its last heartbeat: a killed instance's users count as online this long at most. */
  ttlMs: number;
}

/**
 * Connections that came and went are written together at most this often: a restarted instance's clients coming back
 * over a few seconds cost a few dozen statements, not one every turn of the event loop (hundreds). Other instances
 * learn of a connection this much later; this one knows at once.
 */
const FLUSH_MS = 100;

/** Three heartbeats missed before a row lapses: a slow beat under load never drops a user. */
export const DEFAULT_PRESENCE_TIMING: PresenceTiming = { heartbeatMs: 10_000, ttlMs: 30_000 };

export function createPresence(options: { db: Db; log: FastifyBaseLogger; timing?: Partial<PresenceTiming>; instanceId?: string }): Presence {
  const { db, log } = options;
  const { heartbeatMs, ttlMs } = { ...DEFAULT_PRESENCE_TIMING, ...options.timing };
  const instanceId = options.instanceId ?? crypto.randomUUID();
  const expiry = () => sql`now() + ${ttlMs} * interval '1 millisecond'`;

  /** This instance's online connections (connection id → user id) and how many each user has. */
  const connections = new Map<string, string>();
  const perUser = new Map<string, number>();
  /** Rows to write and to remove at the next flush. */
  const toInsert = new Set<string>();
  const toDelete = new Set<string>();
  let flushQueued = false;
  /** Writes run one after another, so a connection's delete never overtakes its insert. */
  let writes: Promise<void> = Promise.resolve();
  let closed = false;

  const rowsOf = (connectionIds: Iterable<string>) =>
    [...connectionIds].flatMap((connectionId) => {
      const userId = connections.get(connectionId);
      return userId ? [{ instanceId, connectionId, userId, expiresAt: expiry() }] : [];
    });

  async function upsert(connectionIds: Iterable<string>) {
    const rows = rowsOf(connectionIds);
    if (rows.length === 0) return;
    await db
      .insert(hubPresence)
      .values(rows)
      .onConflictDoUpdate({ target: [hubPresence.instanceId, hubPresence.connectionId], set: { expiresAt: expiry() } });
  }

  async function flush() {
    flushQueued = false;
    const inserts = [...toInsert];
    const deletes = [...toDelete];
    toInsert.clear();
    toDelete.clear();
    try {
      if (deletes.length > 0) await db.delete(hubPresence).where(and(eq(hubPresence.instanceId, instanceId), inArray(hubPresence.connectionId, deletes)));
      await upsert(inserts);
    } catch (error) {
      // Tried again with the next flush or heartbeat (the database may be restarting); a row never left behind
      // would otherwise be kept alive by this instance's heartbeat.
      if (!closed) {
        for (const id of deletes) toDelete.add(id);
        for (const id of inserts) if (connections.has(id)) toInsert.add(id);
      }
      throw error;
    }
  }

  const queue = (work: () => Promise<void>, what: string) => {
    writes = writes.then(work).catch((error: unknown) => log.warn({ err: error }, `realtime presence: ${what} failed`));
    return writes;
  };

  function scheduleFlush() {
    if (flushQueued || closed) return;
    flushQueued = true;
    setTimeout(() => void queue(flush, 'writing connections'), FLUSH_MS).unref();
  }

  /** Pushes this instance's rows forward; rows gone meanwhile (swept after a stall, lost with the table) are written again. */
  async function heartbeat() {
    await flush();
    const refreshed = await db
      .update(hubPresence)
      .set({ expiresAt: expiry() })
      .where(eq(hubPresence.instanceId, instanceId))
      .returning({ id: hubPresence.connectionId });
    if (refreshed.length < connections.size) {
      const present = new Set(refreshed.map((row) => row.id));
      await upsert([...connections.keys()].filter((id) => !present.has(id) && !toInsert.has(id)));
    }
    // Any instance clears what dead ones left; readers ignore it already.
    await db.delete(hubPresence).where(lt(hubPresence.expiresAt, sql`now()`));
  }
  const beat = setInterval(() => void queue(heartbeat, 'heartbeat'), heartbeatMs);
  beat.unref();

  return {
    online(connection) {
      if (closed || connections.has(connection.id)) return;
      connections.set(connection.id, connection.user.id);
      perUser.set(connection.user.id, (perUser.get(connection.user.id) ?? 0) + 1);
      toInsert.add(connection.id);
      scheduleFlush();
    },
    offline(connection) {
      const userId = connections.get(connection.id);
      if (userId === undefined) return;
      connections.delete(connection.id);
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
      // Never written yet: nothing to remove.
      if (!toInsert.delete(connection.id)) toDelete.add(connection.id);
      scheduleFlush();
    },
    isOnlineHere: (userId) => perUser.has(userId),
    async isOnline(userId) {
      if (perUser.has(userId)) return true;
      try {
        const [row] = await db
          .select({ id: hubPresence.connectionId })
          .from(hubPresence)
          .where(and(eq(hubPresence.userId, userId), ne(hubPresence.instanceId, instanceId), gt(hubPresence.expiresAt, sql`now()`)))
          .limit(1);
        return row !== undefined;
      } catch (error) {
        log.warn({ err: error, userId }, 'realtime presence: other instances could not be asked; answered for this one');
        return false;
      }
    },
    async close() {
      closed = true;
      clearInterval(beat);
      await queue(async () => {
        toInsert.clear();
        toDelete.clear();
        await db.delete(hubPresence).where(eq(hubPresence.instanceId, instanceId));
      }, 'removing this instance');
    },
  };
}
