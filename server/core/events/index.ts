/** Domain events: what modules publish after a change commits, heard by subscribers on every instance. */
export type { DomainEvent, DomainEventType, EventOf } from './domainEvent';
export type { ResourceChanged } from './resourceChanged';
export { createEventBus, DOMAIN_EVENTS_CHANNEL, type EventBus, type EventHandler, type EventSource, type PublishOptions } from './eventBus';
export { openPostgresNotifications, type InstanceChannel, type PostgresNotifications } from './postgresNotifications';
export { transactionThenPublish } from './transactionThenPublish';
export type { TransactionHandler } from './eventBus';
