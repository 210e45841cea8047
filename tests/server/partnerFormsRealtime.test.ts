import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { HUB_PATH, type NotificationMessage } from '../../contract/realtime';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { heardBefore } from './hubHarness';
import { makeFormVersion, partnerWithForm } from './partnerFormsFixtures';

/** Partner form events as the browser hears them: the official client on the app's own hub. */
const demo = useDemoServer();
const { server, make, token } = demo;
const clients: HubConnection[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
});

async function connect(accessToken: string) {
  const connection = new HubConnectionBuilder()
    .withUrl(`${server.url}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => accessToken })
    .configureLogging(LogLevel.None)
    .build();
  clients.push(connection);
  await connection.start();
  return connection;
}

/** The i18n keys of the notifications heard (the harness's own marker has none). */
const keysOf = (heard: { method: string; payload: unknown }[]) =>
  heard
    .filter((h) => h.method === 'ReceiveNotification')
    .map((h) => (h.payload as NotificationMessage).key)
    .filter(Boolean);

describe('partner forms on the hub', () => {
  it("an assignment notifies the partner's users, by key, and no other partner's", async () => {
    const form = await partnerWithForm(demo);
    const other = await partnerWithForm(demo);
    const [mine, theirs] = await Promise.all([connect(form.user.token), connect(other.user.token)]);
    const mineHeard = heardBefore(server.built.app.realtime, mine, form.user.id, ['ReceiveNotification', 'ResourceChanged']);
    const theirsHeard = heardBefore(server.built.app.realtime, theirs, other.user.id, ['ReceiveNotification']);
    const version = await makeFormVersion(server.built.database.db, make);
    const body = { formId: version.id, partnerIds: [form.partner.id] };
    expectEnvelope(await server.api('POST', '/api/v1/partner-forms/assign', { token: token('admin@example.com'), body }), 201);
    await Promise.all([mineHeard.settle(), theirsHeard.settle()]);
    expect(keysOf(mineHeard.heard)).toContain('partnerFormsApi.notifications.assigned');
    expect(mineHeard.heard.some((h) => h.method === 'ResourceChanged' && (h.payload as { resource: string }).resource === 'partner-forms')).toBe(true);
    expect(keysOf(theirsHeard.heard)).toEqual([]);
  });

  it('a submission notifies staff who may read partner forms across partners', async () => {
    const form = await partnerWithForm(demo);
    const admin = await connect(token('admin@example.com'));
    const heard = heardBefore(server.built.app.realtime, admin, demo.userIds['admin@example.com'], ['ReceiveNotification']);
    expectEnvelope(await form.submit({ companyName: 'Acme', taxNumber: '0123456789' }), 200);
    await heard.settle();
    expect(keysOf(heard.heard)).toContain('partnerFormsApi.notifications.submitted');
  });
});
