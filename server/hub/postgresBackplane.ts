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
 * The hub's deliveries over a PostgreSQL channel (the instance's LISTEN connection, shared with domain events):
 * this instance's connections get a delivery at once, other instances with the tick's NOTIFY batch. Deliveries
 * sent while the connection was down are lost; once listening again the subscriber is told (`reconnected`), and
 * the hub re-checks every connection's access and has every client refetch what it shows (Resync).
 */
export function backplaneOver(channel: InstanceChannel): Backplane {
  let receive: (delivery: HubDelivery) => void = () => {};
  return {
    publish(delivery) {
      receive(delivery);
      return channel.publish(JSON.stringify(delivery));
    },
    subscribe(listener, reconnected) {
      receive = listener;
      channel.subscribe(
        (text) => {
          let delivery: unknown;
          try {
            delivery = JSON.parse(text);
          } catch {
            return;
          }
          if (isDelivery(delivery)) listener(delivery);
        },
        reconnected ?? (() => listener({ accessChanged: null })),
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
