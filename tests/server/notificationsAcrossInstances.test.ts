import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto } from '../../contract/notifications';
import { HUB_PATH } from '../../contract/realtime';
import { buildApp, type BuiltApp } from '../../server/app';
import { notificationRecipients, notifications } from '../../server/db/schema';
import { useDemoServer } from './factories';
import { heardBefore } from './hubHarness';
import { partnerWithForm, validAnswers } from './partnerFormsFixtures';

/**
 * Two instances of the app on one database: an event's notification is stored once, by the instance where the
 * change was made, and reaches the reader's connection on the other instance through the backplane.
 */
const demo = useDemoServer();
const { server: first, token, make, roleIds } = demo;

let second: BuiltApp;
let secondUrl: string;

beforeAll(async () => {
  second = await buildApp(first.config, { logger: false });
  await second.app.listen({ port: 0, host: '127.0.0.1' });
  const address = second.app.server.address();
  secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => second?.app.close());

describe('notifications with two instances', () => {
  it('a reopen made on one instance is stored once per reader and heard once on the other', async () => {
    const form = await partnerWithForm(demo);
    expect((await form.submit(validAnswers())).status).toBe(200);
    // The partner's browser is connected to the first instance.
    const connection = new HubConnectionBuilder()
      .withUrl(`${first.url}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => form.user.token })
      .configureLogging(LogLevel.None)
      .build();
    await connection.start();
    try {
      const heard = heardBefore(first.built.app.realtime, connection, form.user.id, ['ReceiveNotification']);
      const arrived = new Promise<void>((resolve) =>
        connection.on('ReceiveNotification', (n: NotificationDto) => (n.recordId === form.partnerForm.id ? resolve() : undefined)),
      );
      // Staff reopen it on the second instance, whose relay stores and sends; the first only hears the event.
      const reopened = await fetch(`${secondUrl}/api/v1/partner-forms/${form.partnerForm.id}/reopen`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token('admin@example.com')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ note: 'Twice?' }),
      });
      expect(reopened.status).toBe(200);
      await arrived;
      const calls = await heard.settle();
      expect(calls.filter((c) => (c.payload as NotificationDto).recordId === form.partnerForm.id).map((c) => (c.payload as NotificationDto).kind)).toEqual([
        'reopened',
      ]);

      const { db } = first.built.database;
      const stored = await db
        .select({ id: notifications.id, userId: notificationRecipients.userId })
        .from(notifications)
        .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
        .where(and(eq(notifications.recordId, form.partnerForm.id), eq(notifications.kind, 'reopened')));
      expect(stored.map((row) => row.userId)).toEqual([form.user.id]);
    } finally {
      await connection.stop();
    }
  });

  it("a user activated on one instance is among the readers of the other's very next notification", async () => {
    const form = await partnerWithForm(demo);
    const reopenOnSecond = async (note: string) => {
      expect((await form.submit(validAnswers())).status).toBe(200);
      const reopened = await fetch(`${secondUrl}/api/v1/partner-forms/${form.partnerForm.id}/reopen`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token('admin@example.com')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ note }),
      });
      expect(reopened.status).toBe(200);
    };
    const readersOf = async (note: string) =>
      (
        await first.built.database.db
          .select({ userId: notificationRecipients.userId, values: notifications.values })
          .from(notifications)
          .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
          .where(and(eq(notifications.recordId, form.partnerForm.id), eq(notifications.kind, 'reopened')))
      )
        .filter((row) => row.values.note === note)
        .map((row) => row.userId)
        .sort();
    // The second instance has read who the partner's group holds (and keeps it).
    await reopenOnSecond('Before');
    expect(await readersOf('Before')).toEqual([form.user.id]);
    // A colleague registered and activated through the first instance.
    const colleague = await make.user({ roleId: roleIds.Partner, partnerId: form.partner.id });
    await reopenOnSecond('After');
    expect(await readersOf('After')).toEqual([form.user.id, colleague.id].sort());
  });
});
