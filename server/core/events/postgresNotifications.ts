import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Client } from 'pg';

/**
 * Text messages on one named channel to every other instance, in the order they were sent. An instance never
 * hears its own: whoever publishes delivers locally itself, at once.
 */
export interface InstanceChannel {
  /**
   * Queues the message; the queue goes out once per tick, many messages to a NOTIFY. Resolves when the batch
   * holding it was committed by PostgreSQL (rejects if it could not be sent). Write paths need not wait for it.
   * `acknowledged`: resolves only once every other instance connected to the database has received it (their
   * receiver ran), or after ACK_TIMEOUT_MS at worst (an access change: see PublishOptions).
   */
  publish(text: string, options?: { acknowledged?: boolean }): Promise<void>;
  /** Where this instance receives other instances' messages; `reconnected` runs when some may have been lost meanwhile. */
  subscribe(receive: (text: string) => void, reconnected?: () => void): void;
  /** Whether the instance's LISTEN link is up (messages of other instances reach it). */
  isListening(): boolean;
  /** Stops listening on the channel (the connection stays for the others). */
  close(): Promise<void>;
}

/** This instance's one PostgreSQL connection for LISTEN/NOTIFY, shared by every channel (domain events, the hub). */
export interface PostgresNotifications {
  /** Stamped on every payload this instance sends, so it can drop its own echo. */
  readonly instanceId: string;
  listen(channel: string): Promise<InstanceChannel>;
  /** Whether the LISTEN connection is up and listening on every channel. */
  isListening(): boolean;
  close(): Promise<void>;
}

/** NOTIFY refuses payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
/** A message too long for one payload travels as base64 chunks of this many bytes. */
const CHUNK_BYTES = 5000;
const RECONNECT_DELAY_MS = 1000;
/** Chunks of a message left incomplete are dropped after this long. */
const CHUNK_TTL_MS = 30_000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** How the LISTEN connection names itself in pg_stat_activity (where an acknowledged message counts the instances). */
export const NOTIFICATIONS_APPLICATION = 'portal-notifications';
/**
 * Every instance listens here, whatever channels it uses: acknowledged messages travel on it ("a<instance> <seq>
 * <ack id> <channel> <text>", delivered to the channel's receiver if the instance has one), and so do the acks.
 */
const ACK_CHANNEL = 'portal_acks';
/** The longest an acknowledged message waits for the other instances' acks; one that stays silent is logged. */
export const ACK_TIMEOUT_MS = 2000;
const ACKNOWLEDGED = 'a';
/**
 * Sent on ACK_CHANNEL by an instance that failed to send messages (its link was down while the others' was up): every
 * other instance's channels are told they may have missed some, as after a reconnect of their own.
 */
const MISSED_SENDS = 'missed';
/**
 * Every payload starts with its kind, the sending instance and a sequence number (PostgreSQL folds identical
 * payloads of one transaction into one): a batch "b<instance> <seq> " followed by messages, each "<length>:<text>"
 * (length in UTF-16 units), or one chunk of a long message "c<instance> <seq> <id> <index> <count> <base64>".
 */
const BATCH = 'b';
const CHUNK = 'c';

interface Listener {
  receive(text: string): void;
  reconnected(): void;
}

interface Queued {
  channel: string;
  text: string;
  /** Set for an acknowledged message: it goes alone on ACK_CHANNEL. */
  ackId?: string;
  sent: () => void;
  failed: (error: unknown) => void;
}

/** Splits a batch's body into its messages; malformed input ends the list. */
export function batchMessages(body: string): string[] {
  const messages: string[] = [];
  let at = 0;
  while (at < body.length) {
    const colon = body.indexOf(':', at);
    const length = Number(body.slice(at, colon));
    if (colon < 0 || !Number.isInteger(length) || length < 0 || colon + 1 + length > body.length) break;
    messages.push(body.slice(colon + 1, colon + 1 + length));
    at = colon + 1 + length;
  }
  return messages;
}

/**
 * LISTEN/NOTIFY on one dedicated client per instance. Messages published in one tick leave together: one
 * statement sends every payload (one round trip, one transaction, so each listener gets them together and in
 * order), a payload holding as many messages as fit. A lost connection is reopened after a second; messages sent
 * meanwhile are lost, so every channel is told when it listens again (`reconnected`) and makes up for them.
 */
export async function openPostgresNotifications(options: {
  connectionString: string;
  log: FastifyBaseLogger;
  /** Called with each connection opened (the statement counter of tests and benches watches it). */
  opened?: (client: Client) => void;
}): Promise<PostgresNotifications> {
  const { default: pg } = await import('pg');
  const { log } = options;
  const instanceId = crypto.randomUUID();
  const listeners = new Map<string, Listener>();
  let client: Client | null = null;
  let closed = false;
  /** Only a connection that once worked is retried; a failure at start fails the start. */
  let started = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  /** pg wants one query at a time per client; queries queue here. */
  let queryTail: Promise<unknown> = Promise.resolve();
  const partial = new Map<string, { parts: string[]; received: number; startedAt: number }>();
  let queue: Queued[] = [];
  let flushScheduled = false;
  let sequence = 0;
  /** Messages failed to go out since the last notice: the other instances are told once the link is back. */
  let missedSends = false;
  /** Acknowledged messages sent, waiting for the other instances: how many acks came, and how many are needed (once counted). */
  const awaitingAcks = new Map<string, { got: number; needed: number | null; done: () => void }>();

  function countAck(ackId: string) {
    const waiting = awaitingAcks.get(ackId);
    if (!waiting) return;
    waiting.got += 1;
    if (waiting.needed !== null && waiting.got >= waiting.needed) waiting.done();
  }

  /** Waits for `needed` acks of the message (some may have come already), ACK_TIMEOUT_MS at most. */
  function awaitAcks(ackId: string, needed: number): Promise<void> {
    const waiting = awaitingAcks.get(ackId);
    if (!waiting) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        log.warn({ acks: waiting.got, needed }, 'instance notifications: not every instance acknowledged an access change in time');
        finish();
      }, ACK_TIMEOUT_MS);
      timer.unref();
      function finish() {
        clearTimeout(timer);
        awaitingAcks.delete(ackId);
        resolve();
      }
      waiting.needed = needed;
      waiting.done = finish;
      if (waiting.got >= needed) finish();
    });
  }

  function serially<T>(work: () => Promise<T>): Promise<T> {
    const run = queryTail.then(work, work);
    queryTail = run.catch(() => {});
    return run;
  }

  function deliver(channel: string, payload: string) {
    const listener = listeners.get(channel);
    if (!listener && channel !== ACK_CHANNEL) return;
    const kind = payload[0];
    const space = payload.indexOf(' ');
    // Our own echo: this instance delivered it when it was published.
    if (space < 0 || payload.slice(1, space) === instanceId) return;
    const afterSequence = payload.indexOf(' ', space + 1);
    if (afterSequence < 0) return;
    const rest = payload.slice(afterSequence + 1);
    if (channel === ACK_CHANNEL) return receiveOnAckChannel(kind, rest);
    if (!listener) return;
    if (kind === BATCH) {
      for (const text of batchMessages(rest)) {
        try {
          listener.receive(text);
        } catch (error) {
          log.error({ err: error, channel }, 'instance notifications: a receiver failed');
        }
      }
    } else if (kind === CHUNK) {
      const [id, index, count, data] = rest.split(' ');
      const whole = collectChunk(`${channel} ${id}`, Number(index), Number(count), data ?? '');
      if (whole !== null) listener.receive(whole);
    }
  }

  /** An acknowledged message (its receiver runs, then the ack goes back), or a batch of acks for this instance's. */
  function receiveOnAckChannel(kind: string | undefined, rest: string) {
    if (kind === BATCH) {
      for (const text of batchMessages(rest)) {
        if (text !== MISSED_SENDS) countAck(text);
        else for (const listener of listeners.values()) listener.reconnected();
      }
      return;
    }
    if (kind !== ACKNOWLEDGED) return;
    const [ackId, channel] = rest.split(' ', 2);
    if (!ackId || channel === undefined) return;
    const listener = listeners.get(channel);
    try {
      listener?.receive(rest.slice(ackId.length + channel.length + 2));
    } catch (error) {
      log.error({ err: error, channel }, 'instance notifications: a receiver failed');
    }
    publish(ACK_CHANNEL, ackId).catch((error: unknown) => log.warn({ err: error }, 'instance notifications: an ack was not sent'));
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
    options.opened?.(next);
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
      for (const channel of [ACK_CHANNEL, ...listeners.keys()]) await next.query(`LISTEN ${channel}`);
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
    if (reconnected) {
      log.info('instance notifications: listening again; channels make up for what they may have missed');
      for (const listener of listeners.values()) listener.reconnected();
    }
    if (missedSends) {
      missedSends = false;
      publish(ACK_CHANNEL, MISSED_SENDS).catch(() => {
        missedSends = true;
      });
    }
  }

  /** The payloads of a batch of messages: as many whole messages to a payload as fit, chunks for one too long alone. */
  function payloadsOf(batch: Queued[]): { channels: string[]; payloads: string[] } {
    const channels: string[] = [];
    const payloads: string[] = [];
    const head = () => `${instanceId} ${(sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER)} `;
    let openChannel: string | null = null;
    let open = '';
    let openBytes = 0;
    const closeOpen = () => {
      if (openChannel !== null) {
        channels.push(openChannel);
        payloads.push(open);
      }
      openChannel = null;
    };
    for (const { channel, text, ackId } of batch) {
      if (ackId !== undefined) {
        closeOpen();
        channels.push(ACK_CHANNEL);
        payloads.push(`${ACKNOWLEDGED}${head()}${ackId} ${channel} ${text}`);
        continue;
      }
      const framed = `${text.length}:${text}`;
      const bytes = Buffer.byteLength(framed);
      if (openChannel === channel && openBytes + bytes <= MAX_PAYLOAD_BYTES) {
        open += framed;
        openBytes += bytes;
        continue;
      }
      closeOpen();
      const start = BATCH + head();
      if (Buffer.byteLength(start) + bytes <= MAX_PAYLOAD_BYTES) {
        openChannel = channel;
        open = start + framed;
        openBytes = Buffer.byteLength(open);
        continue;
      }
      const whole = Buffer.from(text, 'utf8');
      const id = crypto.randomUUID();
      const count = Math.ceil(whole.length / CHUNK_BYTES);
      for (let index = 0; index < count; index += 1) {
        const data = whole.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES).toString('base64');
        channels.push(channel);
        payloads.push(`${CHUNK}${head()}${id} ${index} ${count} ${data}`);
      }
    }
    closeOpen();
    return { channels, payloads };
  }

  /** Sends what is queued: one statement, so one round trip and one transaction for all of it. */
  async function flush() {
    flushScheduled = false;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    try {
      const current = client;
      if (!current) throw new Error('Instance notifications are not connected to PostgreSQL.');
      const { channels, payloads } = payloadsOf(batch);
      // The instances that will ack, counted before the send: one that connects later was never told of the change.
      const others = batch.some((queued) => queued.ackId !== undefined)
        ? ((
            await current.query<{ others: number }>(
              'select count(*)::int as others from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
              [NOTIFICATIONS_APPLICATION],
            )
          ).rows[0]?.others ?? 0)
        : 0;
      await current.query('select pg_notify(c, p) from unnest($1::text[], $2::text[]) as t(c, p)', [channels, payloads]);
      for (const queued of batch) {
        if (queued.ackId === undefined) queued.sent();
        else void awaitAcks(queued.ackId, others).then(queued.sent);
      }
    } catch (error) {
      missedSends = true;
      for (const queued of batch) {
        if (queued.ackId !== undefined) awaitingAcks.delete(queued.ackId);
        queued.failed(error);
      }
    }
  }

  function publish(channel: string, text: string, acknowledged = false): Promise<void> {
    return new Promise<void>((sent, failed) => {
      let ackId: string | undefined;
      // An acknowledged message goes alone in one payload; a longer one is sent without waiting for acks.
      if (acknowledged && Buffer.byteLength(text) < MAX_PAYLOAD_BYTES - 200) {
        ackId = crypto.randomUUID();
        awaitingAcks.set(ackId, { got: 0, needed: null, done: () => {} });
      }
      queue.push({ channel, text, sent, failed, ...(ackId ? { ackId } : {}) });
      if (flushScheduled) return;
      flushScheduled = true;
      // The tick's messages join the queue first; while a send is in flight, the next batch keeps growing.
      setImmediate(() => void serially(flush));
    });
  }

  const isListening = () => client !== null && !closed;

  await connect();
  return {
    instanceId,
    isListening,
    async listen(channel) {
      // LISTEN takes no parameters: the name goes into the statement, so only plain identifiers are accepted.
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      if (listeners.has(channel)) throw new Error(`Channel ${channel} is already listened to`);
      const listener: Listener = { receive: () => {}, reconnected: () => {} };
      listeners.set(channel, listener);
      await serially(async () => void (await client?.query(`LISTEN ${channel}`)));
      return {
        publish: (text, publishOptions) => publish(channel, text, publishOptions?.acknowledged),
        isListening,
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
      // What was published before the close still goes out.
      if (queue.length) await serially(flush);
      const current = client;
      client = null;
      await serially(async () => void (await current?.end().catch(() => {})));
    },
  };
}
