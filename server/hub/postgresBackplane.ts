import type { FastifyBaseLogger } from 'fastify';
import { openPostgresNotifications, type InstanceChannel } from '../core/events';
import type { Backplane, HubDelivery, RecordDelivery } from './backplane';

export const BACKPLANE_CHANNEL = 'realtime_hub';

const isDelivery = (value: unknown): value is HubDelivery =>
  !!value &&
  ((Array.isArray((value as RecordDelivery).groups) && typeof (value as RecordDelivery).record === 'string') ||
    (value as { accessChanged?: unknown }).accessChanged === null ||
    Array.isArray((value as { accessChanged?: unknown }).accessChanged));

/**
 * The hub's deliveries over a PostgreSQL channel (the instance's LISTEN connection, shared with domain events).
 * Deliveries sent while the connection was down are lost, which clients survive because they refetch when they
 * reconnect; lost account changes are made up for by re-checking every connection once listening again.
 */
export function backplaneOver(channel: InstanceChannel): Backplane {
  return {
    publish: (delivery) => channel.publish(JSON.stringify(delivery)),
    subscribe(receive) {
      channel.subscribe(
        (text) => {
          let delivery: unknown;
          try {
            delivery = JSON.parse(text);
          } catch {
            return;
          }
          if (isDelivery(delivery)) receive(delivery);
        },
        () => receive({ accessChanged: null }),
      );
    },
    close: () => channel.close(),
  };
}

/** A backplane on a PostgreSQL connection of its own (a hub without the app's, as in the backplane tests). */
export async function createPostgresBackplane(options: { connectionString: string; log: FastifyBaseLogger; channel?: string }): Promise<Backplane> {
  const notifications = await openPostgresNotifications(options);
  const backplane = backplaneOver(await notifications.listen(options.channel ?? BACKPLANE_CHANNEL));
  return {
    ...backplane,
    async close() {
      await backplane.close();
      await notifications.close();
    },
  };
}
