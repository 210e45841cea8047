import type { HubAudience } from './audience';

/**
 * The seam between server instances. Everything the hub sends goes through the backplane: this instance's
 * connections get it at once, every other instance through the channel, which delivers it to its own. One process
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
  /**
   * Hands a delivery to this instance's `receive` before it returns, and to every other instance's through the
   * channel (never back to this one). Resolves once sent to the others; rejects if that failed (this instance
   * has it anyway).
   */
  publish(delivery: HubDelivery): Promise<void>;
  /**
   * Where this instance receives deliveries. Called once, before the first publish. `reconnected`: the link to
   * the other instances was down and is back; deliveries of meanwhile may have been lost.
   */
  subscribe(receive: (delivery: HubDelivery) => void, reconnected?: () => void): void;
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
