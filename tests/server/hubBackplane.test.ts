import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { HttpTransportType } from '@microsoft/signalr';
import type { HubDelivery } from '../../server/hub/backplane';
import { createPostgresBackplane } from '../../server/hub/postgresBackplane';
import { adminDatabaseUrl, startServer, type TestServer } from './harness';
import { eventually, hubClient, nextCall, startHubApp } from './hubHarness';

/**
 * Several server instances share deliveries through PostgreSQL LISTEN/NOTIFY; each test listens on its own channel.
 */
const databaseUrl = adminDatabaseUrl();
const log = pino({ level: 'silent' });
const channel = () => `realtime_hub_test_${crypto.randomBytes(6).toString('hex')}`;

describe('the PostgreSQL backplane', () => {
  it('hands a delivery to its sender at once and to the other instance through PostgreSQL, large ones in chunks, never back', async () => {
    const shared = channel();
    const [first, second] = await Promise.all([
      createPostgresBackplane({ connectionString: databaseUrl!, log, channel: shared }),
      createPostgresBackplane({ connectionString: databaseUrl!, log, channel: shared }),
    ]);
    const heard: [HubDelivery[], HubDelivery[]] = [[], []];
    first.subscribe((d) => heard[0].push(d));
    second.subscribe((d) => heard[1].push(d));
    try {
      const small: HubDelivery = { groups: ['staff'], record: '{"type":1,"target":"ResourceChanged","arguments":[{}]}\x1e' };
      // Far over NOTIFY's 8000 bytes, with characters of several UTF-8 lengths across chunk borders.
      const large: HubDelivery = { groups: ['ticket:1', 'user:2'], record: `${'Tiếng Việt — ✓ '.repeat(4000)}\x1e`, except: 'c1' };
      const sent = first.publish(small);
      expect(heard[0]).toEqual([small]);
      await sent;
      await eventually(() => heard[1].length === 1, 5000, 'the small delivery on the other instance');
      await second.publish(large);
      await eventually(() => heard[0].length === 2, 5000, 'the large delivery on the first instance');
      // Each heard its own once (at once) and the other's once: no echo came back before the other's.
      expect(heard[0]).toEqual([small, large]);
      expect(heard[1]).toEqual([small, large]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  describe('between two hub instances', () => {
    let main: TestServer;
    let instances: Awaited<ReturnType<typeof startHubApp>>[];

    beforeAll(async () => {
      main = await startServer();
      const shared = channel();
      instances = await Promise.all(
        [0, 1].map(async () => startHubApp(main, { backplane: await createPostgresBackplane({ connectionString: databaseUrl!, log, channel: shared }) })),
      );
    });
    afterAll(async () => {
      await Promise.all(instances.map((i) => i.close()));
      await main.close();
    });

    it('a message sent on one instance reaches a user connected to the other', async () => {
      const token = (await main.signIn('partner@acme.example')).token;
      const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
      const connection = hubClient(instances[1].hubUrl, HttpTransportType.WebSockets, () => token);
      await connection.start();
      try {
        const received = nextCall(connection, 'ReceiveNotification');
        const notification = { id: 'n1', title: 'Across instances', message: 'Sent on the first, heard on the second', createdAt: new Date().toISOString() };
        instances[0].realtime.sendToUser(userId, 'ReceiveNotification', notification);
        expect(await received).toEqual(notification);
      } finally {
        await connection.stop();
      }
    });
  });
});
