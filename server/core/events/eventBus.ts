import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DomainEvent, DomainEventType, EventOf } from './domainEvent';
import type { InstanceChannel } from './postgresNotifications';

/** Where an event came from: this instance, or another one through PostgreSQL. */
export interface EventSource {
  /** Published on this instance: work that must happen once in all (a mail, a hub relay) happens here. */
  publishedHere: boolean;
}

export type EventHandler<E extends DomainEvent> = (event: E, source: EventSource) => void | Promise<void>;

/**
 * Work that must commit or roll back with the change an event reports (an onboarding rule assigning the next
 * form in the submit's transaction). It may queue further events with `publish`; they go out after the commit.
 */
export type TransactionHandler<E extends DomainEvent> = (tx: Db, event: E, publish: (event: DomainEvent) => void) => Promise<void>;

/** How `publish` waits. */
export interface PublishOptions {
  /**
   * Also wait until every other instance connected to the database has received the event (its subscribers ran:
   * cached principals dropped), or ACK_TIMEOUT_MS (2 s) at worst. For access changes (role, permission,
   * deactivation), whose request must not answer before every instance applies them; events of the bus's
   * `acrossInstances` types always wait.
   */
  acrossInstances?: boolean;
}

export interface EventBus {
  /**
   * Call after the change committed (see `transactionThenPublish`). This instance's subscribers are called before
   * this returns, and it resolves once the asynchronous ones finished; other instances hear it through the channel,
   * batched per tick, which this does not wait for (unless `acrossInstances`). Never rejects (failures are logged:
   * other instances then learn of the change when their caches expire).
   */
  publish(event: DomainEvent, options?: PublishOptions): Promise<void>;
  /** Hears every event of `type` from every instance, each exactly once. Returns the unsubscribe. */
  subscribe<T extends DomainEventType>(type: T, handler: EventHandler<EventOf<T>>): () => void;
  /**
   * Runs `handler` inside the transaction of every change that queues an event of `type` through
   * `transactionThenPublish` (or a declared CRUD resource's write), before it commits; a throw rolls it back.
   */
  handleInTransaction<T extends DomainEventType>(type: T, handler: TransactionHandler<EventOf<T>>): () => void;
  /** The in-transaction handlers of the events queued so far, including those the handlers queue. */
  runInTransaction(tx: Db, queued: DomainEvent[]): Promise<void>;
  /** Runs when events of other instances may have been lost (the link to PostgreSQL was down): caches drop everything. */
  onMissed(handler: () => void): () => void;
}

const isEvent = (value: unknown): value is DomainEvent => !!value && typeof (value as DomainEvent).type === 'string';

export const DOMAIN_EVENTS_CHANNEL = 'domain_events';

/**
 * The modules' domain events (`ctx.events`). Alone, an instance delivers in process; given a PostgreSQL
 * channel (`openPostgresNotifications(...).listen(DOMAIN_EVENTS_CHANNEL)`), events cross to every instance.
 * Subscribers get the event as JSON made it, here as elsewhere, so none can lean on what only a local copy holds.
 * The channel never hands an instance its own events back: this one's subscribers hear them from `publish`.
 * `acrossInstances`: the types whose publish always waits for their NOTIFY (see PublishOptions).
 */
export function createEventBus(options: { channel?: InstanceChannel; log?: FastifyBaseLogger; acrossInstances?: readonly DomainEventType[] } = {}): EventBus {
  const { channel, log } = options;
  const waitFor = new Set(options.acrossInstances ?? []);
  const handlers = new Map<DomainEventType, Set<EventHandler<DomainEvent>>>();
  const missedHandlers = new Set<() => void>();
  const transactionHandlers = new Map<DomainEventType, Set<TransactionHandler<DomainEvent>>>();

  const failed = (error: unknown, event: DomainEvent) => log?.error({ err: error, eventType: event.type }, 'domain event subscriber failed');

  /** Runs every handler of the event; resolves when the asynchronous ones have finished (failures are logged). */
  function deliver(event: DomainEvent, source: EventSource): Promise<unknown> {
    const pending: Promise<void>[] = [];
    for (const handler of [...(handlers.get(event.type) ?? [])]) {
      try {
        const done = handler(event, source);
        if (done) pending.push(done.catch((error: unknown) => failed(error, event)));
      } catch (error) {
        failed(error, event);
      }
    }
    return Promise.all(pending);
  }

  channel?.subscribe(
    (text) => {
      let event: unknown;
      try {
        event = JSON.parse(text);
      } catch {
        return;
      }
      if (isEvent(event)) void deliver(event, { publishedHere: false });
    },
    () => {
      for (const handler of [...missedHandlers]) handler();
    },
  );

  return {
    async publish(event, publishOptions) {
      const text = JSON.stringify(event);
      const waits = !!publishOptions?.acrossInstances || waitFor.has(event.type);
      const sent = channel
        ?.publish(text, { acknowledged: waits })
        .catch((error: unknown) => log?.warn({ err: error, eventType: event.type }, 'domain event not sent to other instances'));
      const delivered = deliver(JSON.parse(text) as DomainEvent, { publishedHere: true });
      await (waits ? Promise.all([delivered, sent]) : delivered);
    },
    subscribe(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      const entry = handler as EventHandler<DomainEvent>;
      set.add(entry);
      return () => void set.delete(entry);
    },
    handleInTransaction(type, handler) {
      let set = transactionHandlers.get(type);
      if (!set) transactionHandlers.set(type, (set = new Set()));
      const entry = handler as TransactionHandler<DomainEvent>;
      set.add(entry);
      return () => void set.delete(entry);
    },
    async runInTransaction(tx, queued) {
      const publish = (event: DomainEvent) => void queued.push(event);
      // An index loop: handlers may queue events whose own handlers must run in the same transaction.
      for (let index = 0; index < queued.length; index += 1) {
        const event = queued[index];
        for (const handler of [...(transactionHandlers.get(event.type) ?? [])]) await handler(tx, event, publish);
      }
    },
    onMissed(handler) {
      missedHandlers.add(handler);
      return () => void missedHandlers.delete(handler);
    },
  };
}
