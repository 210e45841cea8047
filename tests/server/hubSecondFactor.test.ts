import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { SecondFactorEnrolment } from '../../contract/secondFactor';
import { HUB_PATH } from '../../contract/realtime';
import apiEn from '../../i18n/api.en';
import { passkeys } from '../../server/db/schema';
import { newConnectionId } from '../../server/hub/connection';
import { connectionTokens } from '../../server/hub/connectionToken';
import { totpCodeAt } from '../../server/modules/accounts/totp';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { RawHubSocket } from './hubHarness';

/**
 * A staff member whose role requires a second factor and who signed in with the password alone, before setting one
 * up, is refused by the hub as by every REST route (403 auth.secondFactorEnrolmentRequired): on negotiate and on the
 * start of every transport, whether the token comes as a header or as `access_token`.
 */
const { server, make, roleIds, userIds, token } = useDemoServer({ secondFactorEnrolment: 'required' });
const ADMIN = 'admin@example.com';

beforeAll(async () => {
  // The admin who makes this file's users has a second factor (a passkey counts).
  const adminId = userIds[ADMIN];
  await server.built.database.db.insert(passkeys).values({ userId: adminId, credentialId: `hub-second-factor-${adminId}`, publicKey: 'key', name: 'Key' });
  await server.built.ctx.events.publish({ type: 'UserChanged', userId: adminId, partnerId: null });
});

const clients: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
});

const hubUrl = () => `${server.url}${HUB_PATH}`;
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
/** The token as a header, or as browsers send it on a WebSocket or an EventSource. */
const carriers = [
  ['by header', (accessToken: string) => ({ query: '', headers: bearer(accessToken) })],
  ['by access_token', (accessToken: string) => ({ query: `access_token=${accessToken}`, headers: {} as Record<string, string> })],
] as const;
const withQuery = (query: string, more: string) => [query, more].filter(Boolean).join('&');

/** A staff user of the Support role (which requires a second factor) who has none yet. */
async function staffBeforeEnrolment() {
  const staff = await make.user({ roleId: roleIds.Support });
  expectEnvelope(await server.api('POST', '/api/v1/tickets/search', { token: staff.token, body: {} }), 403, apiEn.auth.secondFactorEnrolmentRequired);
  return staff;
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect(((await response.json()) as { message: string }).message).toBe(apiEn.auth.secondFactorEnrolmentRequired);
}

describe('the hub and a second factor still to set up', () => {
  it.each(carriers)('negotiate and a WebSocket without negotiate are refused %s', async (_name, carry) => {
    const staff = await staffBeforeEnrolment();
    const { query, headers } = carry(staff.token);
    await expectRefused(await fetch(`${hubUrl()}/negotiate?${withQuery('negotiateVersion=1', query)}`, { method: 'POST', headers }));
    await expect(RawHubSocket.open(hubUrl(), query ? `?${query}` : '', headers)).rejects.toThrow('HTTP 403');
  });

  it.each(carriers)('every transport starting a connection negotiated elsewhere is refused %s', async (_name, carry) => {
    const staff = await staffBeforeEnrolment();
    const { query, headers } = carry(staff.token);
    // Signed as any instance's negotiate would sign it: the transport's start loads the user anew.
    const signed = () => connectionTokens(server.config.jwtSecret).sign(newConnectionId(), staff.id);
    const url = () => `${hubUrl()}?${withQuery(`id=${signed()}`, query)}`;
    await expectRefused(await fetch(url(), { headers: { ...headers, accept: 'text/event-stream' } }));
    await expectRefused(await fetch(url(), { headers }));
    await expect(RawHubSocket.open(hubUrl(), `?${withQuery(`id=${signed()}`, query)}`, headers)).rejects.toThrow('HTTP 403');
  });

  it('once set up the hub takes them; a reset of their factor closes their open connection and refuses the next', async () => {
    const staff = await staffBeforeEnrolment();
    const begun = expectEnvelope(await server.api<SecondFactorEnrolment>('POST', '/api/account/second-factor/enrolment', { token: staff.token }), 200);
    const code = totpCodeAt(begun.body.data!.secret);
    expectEnvelope(await server.api('POST', '/api/account/second-factor/confirm', { token: staff.token, body: { code } }), 200);

    // The client's own timeouts (not the harness's shrunk ones): this server pings at its default pace.
    const connection = new HubConnectionBuilder()
      .withUrl(hubUrl(), { transport: HttpTransportType.WebSockets, accessTokenFactory: () => staff.token })
      .configureLogging(LogLevel.None)
      .build();
    clients.push(connection);
    await connection.start();
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    expectEnvelope(await server.api('POST', `/api/v1/users/${staff.id}/second-factor/reset`, { token: token(ADMIN) }), 200);
    expect((await closed)?.message).toMatch(/second factor/);
    await expectRefused(await fetch(`${hubUrl()}/negotiate?negotiateVersion=1`, { method: 'POST', headers: bearer(staff.token) }));
  });
});
