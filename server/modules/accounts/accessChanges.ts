import type { DomainEvent, EventBus, EventSource } from '../../core/events';

/** Users whose access (account, partner, roles, permissions) an event changes: their ids, null for anyone's, undefined for nobody's. */
export function accessChangedBy(event: DomainEvent): string[] | null | undefined {
  switch (event.type) {
    case 'UserChanged':
    case 'UserDeactivated':
    case 'UserDeleted':
      return [event.userId];
    case 'RoleChanged':
      return event.userIds;
    default:
      return undefined;
  }
}

/** The events that change someone's access: their publish waits until other instances can hear them (app.ts). */
export const ACCESS_EVENTS = ['UserChanged', 'UserDeactivated', 'UserDeleted', 'RoleChanged'] as const;

/** Calls `handler` with the users of every event that changes someone's access (null: anyone's), from any instance. */
export function onAccessChange(events: EventBus, handler: (userIds: string[] | null, source: EventSource) => void) {
  const unsubscribes = ACCESS_EVENTS.map((type) =>
    events.subscribe(type, (event, source) => {
      const userIds = accessChangedBy(event);
      if (userIds !== undefined) handler(userIds, source);
    }),
  );
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
}
