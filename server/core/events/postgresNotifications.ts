import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Client } from 'pg';

/** Text messages on one named channel to every instance, this one included, in the order they were sent. */
export interface InstanceChannel {
  publish(text: string): Promise<void>;
  /** Where this instance receives the channel's messages; `reconnected` runs when some may have been lost meanwhile. */
  subscribe(receive: (text: string) => void, reconnected?: () => void): void;
  /** Stops listening on the channel (the connection stays for the others). */
  close(): Promise<void>;
}

/** This instance's one PostgreSQL connection for LISTEN/NOTIFY, shared by every channel (domain events, the hub). */
export interface PostgresNotifications {
  listen(channel: string): Promise<InstanceChannel>;
  close(): Promise<void>;
}

/** NOTIFY refuses payloads of 8000 bytes or more; longer messages travel as base64 chunks. */
const MAX_PAYLOAD_BYTES = 7900;
const CHUNK_BYTES = 5000;
const RECONNECT_DELAY_MS = 1000;
/** Chunks of a message left incomplete are dropped after this long. */
const CHUNK_TTL_MS = 30_000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** How the LISTEN connection names itself in pg_stat_activity. */
export const NOTIFICATIONS_APPLICATION = 'portal-notifications';
/** Every payload starts with its kind: a whole message, or one chunk of a long one ("c<id> <index> <count> <base64>"). */
const WHOLE = 'm';
const CHUNK = 'c';

interface Listener {
  receive(text: string): void;
  reconnected(): void;
}

/**
 * LISTEN/NOTIFY on one dedicated client per instance. A lost connection is reopened after a second; messages
 * sent meanwhile are lost, so every channel is told when it listens again (`reconnected`) and makes up for them.
 */
export async function openPostgresNotifications(options: { connectionString: string; log: FastifyBaseLogger }): Promise<PostgresNotifications> {
  const { default: pg } = await import('pg');
  const { log } = options;
  const listeners = new Map<string, Listener>();
  let client: Client | null = null;
  let closed = false;
  /** Only a connection that once worked is retried; a failure at start fails the start. */
  let started = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  /** pg wants one query at a time per client; queries queue here. */
  let queryTail: Promise<unknown> = Promise.resolve();
  const partial = new Map<string, { parts: string[]; received: number; startedAt: number }>();

  function serially<T>(work: () => Promise<T>): Promise<T> {
    const run = queryTail.then(work, work);
    queryTail = run.catch(() => {});
    return run;
  }

  function deliver(channel: string, payload: string) {
    const listener = listeners.get(channel);
    if (!listener) return;
    if (payload.startsWith(WHOLE)) return listener.receive(payload.slice(1));
    if (!payload.startsWith(CHUNK)) return;
    const [id, index, count, data] = payload.slice(1).split(' ');
    const whole = collectChunk(`${channel} ${id}`, Number(index), Number(count), data ?? '');
    if (whole !== null) listener.receive(whole);
  }

  function collectChunk(key: string, index: number, count: number, data: string): string | null {
    const now = Date.now();
    for (const [id, entry] of partial) if (now - entry.startedAt > CHUNK_TTL_MS) partial.delete(id);
    const entry = partial.get(key) ?? { parts: new Array<string>(count), received: 0, startedAt: now };
    partial.set(key, entry);
    if (entry.parts[index] === undefined) entry.received += 1;
    entry.parts[index] = data;
    if (entry.received < count) return null;
    partial.delete(key);
    return Buffer.concat(entry.parts.map((part) => Buffer.from(part, 'base64'))).toString('utf8');
  }

  function scheduleReconnect(lost: Client) {
    if (client === lost) client = null;
    if (closed || !started || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().catch((error: unknown) => log.warn({ err: error }, 'instance notifications: reconnecting to PostgreSQL failed'));
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  }

  async function connect() {
    const next = new pg.Client({ connectionString: options.connectionString, application_name: NOTIFICATIONS_APPLICATION });
    next.on('notification', (notification) => {
      if (notification.payload) deliver(notification.channel, notification.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'instance notifications: PostgreSQL connection lost');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    try {
      await next.connect();
      for (const channel of listeners.keys()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      scheduleReconnect(next);
      await next.end().catch(() => {});
      throw error;
    }
    const reconnected = started;
    started = true;
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    if (reconnected) for (const listener of listeners.values()) listener.reconnected();
  }

  async function notify(channel: string, text: string) {
    const current = client;
    if (!current) throw new Error('Instance notifications are not connected to PostgreSQL.');
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length + WHOLE.length <= MAX_PAYLOAD_BYTES) {
      await current.query('select pg_notify($1, $2)', [channel, WHOLE + text]);
      return;
    }
    // One transaction: its notifications reach each listener together and in order.
    const id = crypto.randomUUID();
    const count = Math.ceil(bytes.length / CHUNK_BYTES);
    await current.query('begin');
    try {
      for (let index = 0; index < count; index += 1) {
        const data = bytes.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES).toString('base64');
        await current.query('select pg_notify($1, $2)', [channel, `${CHUNK}${id} ${index} ${count} ${data}`]);
      }
      await current.query('commit');
    } catch (error) {
      await current.query('rollback').catch(() => {});
      throw error;
    }
  }

  await connect();
  return {
    async listen(channel) {
      // LISTEN takes no parameters: the name goes into the statement, so only plain identifiers are accepted.
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      if (listeners.has(channel)) throw new Error(`Channel ${channel} is already listened to`);
      const listener: Listener = { receive: () => {}, reconnected: () => {} };
      listeners.set(channel, listener);
      await serially(async () => void (await client?.query(`LISTEN ${channel}`)));
      return {
        publish: (text) => serially(() => notify(channel, text)),
        subscribe(receive, reconnected) {
          listener.receive = receive;
          listener.reconnected = reconnected ?? (() => {});
        },
        async close() {
          if (listeners.get(channel) !== listener) return;
          listeners.delete(channel);
          await serially(async () => void (await client?.query(`UNLISTEN ${channel}`))).catch(() => {});
        },
      };
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
