import { EventEmitter } from 'node:events';

/** What a committed change tells the rest of the system (the realtime hub relays these to browsers). */
export interface ResourceChanged {
  type: 'ResourceChanged';
  resource: string;
  id: string;
  action: 'created' | 'updated' | 'deleted';
  /** Only users of this partner hear it; null means staff only. */
  partnerId?: string | null;
}

export type DomainEvent = ResourceChanged;

/**
 * The seam between services and the hub. In one process an emitter is enough; with several instances a
 * PostgreSQL LISTEN/NOTIFY backplane publishes here too.
 */
export function createEventBus() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    publish(event: DomainEvent) {
      emitter.emit('event', event);
    },
    subscribe(listener: (event: DomainEvent) => void) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
