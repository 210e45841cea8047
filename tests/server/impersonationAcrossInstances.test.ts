import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { permission } from '../../contract/permissions';
import { HUB_PATH } from '../../contract/realtime';
import type { ImpersonationTokens } from '../../contract/schemas/impersonation';
import { buildApp, type BuiltApp } from '../../server/app';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import type { ApiAnswer } from './harness';

/**
 * Two instances of the app on one database: an impersonation used on one ends there at once when its impersonator is
 * deactivated, or loses the permission, through the other (the access event drops the impersonator's principal on
 * every instance before the change answers, and each instance re-checks its open hub connections).
 */
const { server: first, token, make, partnerIds, roleIds } = useDemoServer();
const ADMIN = 'admin@example.com';
const WITHDRAWN = 'The impersonation has ended: its impersonator may no longer impersonate.';

let second: { built: BuiltApp; url: string; api<T>(method: string, urlPath: string, options?: { token?: string }): Promise<ApiAnswer<T>> };

beforeAll(async () => {
  const built = await buildApp(first.config, { logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  second = {
    built,
    url,
    async api(method, urlPath, options = {}) {
      const response = await fetch(url + urlPath, { method, headers: options.token ? { authorization: `Bearer ${options.token}` } : {} });
      const text = await response.text();
      return { status: response.status, body: JSON.parse(text), text, headers: response.headers };
    },
  };
});
afterAll(() => second?.built.app.close());

const clients: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
});

/** The official client on the second instance's hub, with its own timeouts (the app pings every 15 s). */
async function connectToSecond(accessToken: string) {
  const connection = new HubConnectionBuilder()
    .withUrl(`${second.url}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => accessToken })
    .configureLogging(LogLevel.None)
    .build();
  clients.push(connection);
  await connection.start();
  return connection;
}

describe('an impersonation across instances', () => {
  it.each([
    ['is deactivated', (supporter: { id: string }) => first.api('POST', `/api/v1/users/${supporter.id}/toggle-status`, { token: token(ADMIN) })],
    [
      'loses the permission',
      (supporter: { role: { id: string } }) =>
        first.api('PUT', `/api/v1/roles/${supporter.role.id}/permissions`, { token: token(ADMIN), body: { permissions: [permission('Users', 'View')] } }),
    ],
  ])('its impersonator %s through one instance: the other refuses its next request and closes its hub connection', async (_, end) => {
    const supporter = await make.userWith([permission('Users', 'Impersonate'), permission('Users', 'View')], { priority: 20 });
    const target = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    const started = await first.api<ImpersonationTokens>('POST', `/api/v1/users/${target.id}/impersonate`, {
      token: supporter.token,
      body: { reason: 'Ticket 42: across instances', minutes: 10 },
    });
    const impersonation = expectEnvelope(started, 200).body.data!.token;
    // The second instance has both principals cached from this request.
    expectEnvelope(await second.api('GET', '/api/v1/users/profile', { token: impersonation }), 200);
    const connection = await connectToSecond(impersonation);
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));

    expectEnvelope(await end(supporter), 200);
    expectEnvelope(await second.api('GET', '/api/v1/users/profile', { token: impersonation }), 401, WITHDRAWN);
    expect((await closed)?.message).toMatch(/impersonation has ended/);
  });
});
