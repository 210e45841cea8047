import type { DomainEvent, DomainEventType, EventBus, EventOf } from '../../server/core/events';

/** Every event of `types` a bus delivers from now on, in order, with where it was published. */
export function recordEvents<T extends DomainEventType>(events: EventBus, ...types: T[]) {
  const heard: { event: EventOf<T>; publishedHere: boolean }[] = [];
  const stops = types.map((type) => events.subscribe(type, (event, { publishedHere }) => void heard.push({ event, publishedHere })));
  return {
    heard,
    events: () => heard.map((h) => h.event),
    stop: () => stops.forEach((stop) => stop()),
  };
}

/** The next event of `type` the bus delivers that `matches`: a subscriber added now hears it after those added before. */
export function nextEvent<T extends DomainEventType>(events: EventBus, type: T, matches: (event: EventOf<T>) => boolean = () => true): Promise<EventOf<T>> {
  return new Promise((resolve) => {
    const stop = events.subscribe(type, (event) => {
      if (!matches(event)) return;
      stop();
      resolve(event);
    });
  });
}

export type { DomainEvent };
