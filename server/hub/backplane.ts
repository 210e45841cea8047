import type { HubAudience } from './audience';

/**
 * The seam between server instances. Everything the hub sends goes out through the backplane and comes
 * back to every instance (this one included), which delivers it to its own connections. One process
 * needs nothing more than a function call; several share PostgreSQL LISTEN/NOTIFY (postgresBackplane.ts).
 */

/** One message for the connections in `groups`, serialized once as a hub record where it was sent. */
export interface RecordDelivery {
  groups: string[];
  record: string;
  /** A connection id left out, e.g. the one whose Typing this relays. */
  except?: string;
  /** Only the members whose user may read what the record tells of hear it; without one, every member does. */
  audience?: HubAudience;
}

/**
 * Users whose account, roles or permissions changed: every instance reloads them and re-checks their open
 * connections (groups, what they may hear), closing those of a user who is gone or deactivated. `null`: everyone.
 */
export interface AccessChange {
  accessChanged: string[] | null;
}

/** What travels between instances. */
export type HubDelivery = RecordDelivery | AccessChange;

export const isAccessChange = (delivery: HubDelivery): delivery is AccessChange => 'accessChanged' in delivery;

export interface Backplane {
  /** Hands a delivery to every instance, this one included. */
  publish(delivery: HubDelivery): Promise<void>;
  /** Where this instance receives deliveries. Called once, before the first publish. */
  subscribe(receive: (delivery: HubDelivery) => void): void;
  close(): Promise<void>;
}

export function createInProcessBackplane(): Backplane {
  let receive: (delivery: HubDelivery) => void = () => {};
  return {
    async publish(delivery) {
      receive(delivery);
    },
    subscribe(listener) {
      receive = listener;
    },
    async close() {},
  };
}
