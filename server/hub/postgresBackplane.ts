import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Client } from 'pg';
import type { Backplane, HubDelivery, RecordDelivery } from './backplane';

export const BACKPLANE_CHANNEL = 'realtime_hub';
/** NOTIFY refuses payloads of 8000 bytes or more; bigger deliveries travel as base64 chunks. */
const MAX_PAYLOAD_BYTES = 7900;
const CHUNK_BYTES = 5000;
const RECONNECT_DELAY_MS = 1000;
/** Chunks of a delivery left incomplete are dropped after this long. */
const CHUNK_TTL_MS = 30_000;

interface ChunkMessage {
  chunk: string;
  index: number;
  count: number;
  data: string;
}

const isDelivery = (value: unknown): value is HubDelivery =>
  !!value &&
  ((Array.isArray((value as RecordDelivery).groups) && typeof (value as RecordDelivery).record === 'string') ||
    (value as { accessChanged?: unknown }).accessChanged === null ||
    Array.isArray((value as { accessChanged?: unknown }).accessChanged));

/**
 * PostgreSQL LISTEN/NOTIFY on one dedicated client per instance: every instance, this one included, hears
 * every delivery. A lost connection is reopened after a second; deliveries sent meanwhile are lost, which
 * clients survive because they refetch when they reconnect, and lost account changes are made up for by
 * re-checking every connection once listening again.
 */
export async function createPostgresBackplane(options: { connectionString: string; log: FastifyBaseLogger; channel?: string }): Promise<Backplane> {
  const { default: pg } = await import('pg');
  const channel = options.channel ?? BACKPLANE_CHANNEL;
  const { log } = options;
  let receive: (delivery: HubDelivery) => void = () => {};
  let client: Client | null = null;
  let closed = false;
  /** Only a connection that once worked is retried; a failure at start fails the start. */
  let started = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  /** pg wants one query at a time per client; publishes queue here. */
  let queryTail: Promise<unknown> = Promise.resolve();
  const partial = new Map<string, { parts: string[]; received: number; startedAt: number }>();

  function deliver(text: string) {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (isDelivery(message)) receive(message);
    else if (message && typeof (message as ChunkMessage).chunk === 'string') collectChunk(message as ChunkMessage);
  }

  function collectChunk({ chunk, index, count, data }: ChunkMessage) {
    const now = Date.now();
    for (const [id, entry] of partial) if (now - entry.startedAt > CHUNK_TTL_MS) partial.delete(id);
    const entry = partial.get(chunk) ?? { parts: new Array<string>(count), received: 0, startedAt: now };
    partial.set(chunk, entry);
    if (entry.parts[index] === undefined) entry.received += 1;
    entry.parts[index] = data;
    if (entry.received < count) return;
    partial.delete(chunk);
    deliver(Buffer.concat(entry.parts.map((part) => Buffer.from(part, 'base64'))).toString('utf8'));
  }

  function scheduleReconnect(lost: Client) {
    if (client === lost) client = null;
    if (closed || !started || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().catch((error: unknown) => log.warn({ err: error }, 'realtime backplane: reconnecting to PostgreSQL failed'));
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  }

  async function connect() {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on('notification', (notification) => {
      if (notification.channel === channel && notification.payload) deliver(notification.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'realtime backplane: PostgreSQL connection lost');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
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
    // Account changes published while this instance was not listening are lost: re-check every connection.
    if (reconnected) receive({ accessChanged: null });
  }

  function serially<T>(work: () => Promise<T>): Promise<T> {
    const run = queryTail.then(work, work);
    queryTail = run.catch(() => {});
    return run;
  }

  async function notify(text: string) {
    const current = client;
    if (!current) throw new Error('The realtime backplane is not connected to PostgreSQL.');
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length <= MAX_PAYLOAD_BYTES) {
      await current.query('select pg_notify($1, $2)', [channel, text]);
      return;
    }
    // One transaction: its notifications reach each listener together and in order.
    const chunk = crypto.randomUUID();
    const count = Math.ceil(bytes.length / CHUNK_BYTES);
    await current.query('begin');
    try {
      for (let index = 0; index < count; index += 1) {
        const data = bytes.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES).toString('base64');
        await current.query('select pg_notify($1, $2)', [channel, JSON.stringify({ chunk, index, count, data } satisfies ChunkMessage)]);
      }
      await current.query('commit');
    } catch (error) {
      await current.query('rollback').catch(() => {});
      throw error;
    }
  }

  await connect();
  return {
    publish: (delivery) => serially(() => notify(JSON.stringify(delivery))),
    subscribe(listener) {
      receive = listener;
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
