import pg from 'pg';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { PartnerDto } from '../../contract/partners';
import { permission } from '../../contract/permissions';
import { HUB_PATH } from '../../contract/realtime';
import { buildApp, type BuiltApp } from '../../server/app';
import { NOTIFICATIONS_APPLICATION } from '../../server/core/events/postgresNotifications';
import { expectEnvelope } from './expectations';
import { nextEvent, recordEvents } from './eventRecorder';
import { useDemoServer } from './factories';
import { nextCall, sleep } from './hubHarness';
import type { ApiAnswer } from './harness';

/**
 * Two instances of the app on one PostgreSQL database: what one publishes, the other hears through
 * LISTEN/NOTIFY.
 */

const { server: first, token, make } = useDemoServer();
const ADMIN = 'admin@example.com';

/** A second instance: the first one's configuration, database and secret, its own process state. */
let second: { built: BuiltApp; api<T>(method: string, urlPath: string, options?: { token?: string; body?: unknown }): Promise<ApiAnswer<T>> };

beforeAll(async () => {
  const built = await buildApp(first.config, { logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  second = {
    built,
    async api(method, urlPath, options = {}) {
      const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url + urlPath, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      const text = await response.text();
      return { status: response.status, body: JSON.parse(text), text, headers: response.headers };
    },
  };
});
afterAll(() => second?.built.app.close());

/** Ends both instances' LISTEN connections from the database side, as a PostgreSQL restart would. */
async function terminateListeners() {
  const admin = new pg.Client({ connectionString: first.config.databaseUrl });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1', [
      NOTIFICATIONS_APPLICATION,
    ]);
  } finally {
    await admin.end();
  }
}

const eventsOf = { first: () => first.built.ctx.events, second: () => second.built.ctx.events };

describe('domain events across instances', () => {
  it('an event published on one instance reaches a subscriber on the other exactly once, and its own once', async () => {
    const [onFirst, onSecond] = [recordEvents(eventsOf.first(), 'PartnerCreated'), recordEvents(eventsOf.second(), 'PartnerCreated')];
    try {
      const secondHeardMarker = nextEvent(eventsOf.second(), 'PartnerCreated', (e) => e.partnerId === 'marker-1');
      await eventsOf.first().publish({ type: 'PartnerCreated', partnerId: 'event-1' });
      await eventsOf.first().publish({ type: 'PartnerCreated', partnerId: 'marker-1' });
      await secondHeardMarker;
      // The second's marker comes after the first's notifications on the same channel: any echo would be heard before it.
      const firstHeardMarker = nextEvent(eventsOf.first(), 'PartnerCreated', (e) => e.partnerId === 'marker-2');
      await eventsOf.second().publish({ type: 'PartnerCreated', partnerId: 'marker-2' });
      await firstHeardMarker;
      expect(onSecond.heard.map((h) => [h.event.partnerId, h.publishedHere])).toEqual([
        ['event-1', false],
        ['marker-1', false],
        ['marker-2', true],
      ]);
      expect(onFirst.heard.map((h) => [h.event.partnerId, h.publishedHere])).toEqual([
        ['event-1', true],
        ['marker-1', true],
        ['marker-2', false],
      ]);
    } finally {
      onFirst.stop();
      onSecond.stop();
    }
  });

  it("a role's permission removed through one instance refuses the holder's next request on the other at once", async () => {
    const holder = await make.userWith([permission('Partners', 'Search')]);
    // The second instance has the holder's principal cached from this request.
    expectEnvelope(await second.api('POST', '/api/v1/partners/search', { token: holder.token, body: {} }), 200);
    const heard = nextEvent(eventsOf.second(), 'RoleChanged', (e) => e.roleIds.includes(holder.role.id));
    expectEnvelope(
      await first.api('PUT', `/api/v1/roles/${holder.role.id}/permissions`, { token: token(ADMIN), body: { permissions: [permission('Dashboard', 'View')] } }),
      200,
    );
    await heard;
    expectEnvelope(await second.api('POST', '/api/v1/partners/search', { token: holder.token, body: {} }), 403);
  });

  it("a permission change answers only once the other instance would refuse the holder's next request (20 changes, each tried at once)", async () => {
    const holder = await make.userWith([permission('Partners', 'Search')]);
    const search = () => second.api('POST', '/api/v1/partners/search', { token: holder.token, body: {} });
    const grant = (permissions: string[]) => first.api('PUT', `/api/v1/roles/${holder.role.id}/permissions`, { token: token(ADMIN), body: { permissions } });
    expectEnvelope(await search(), 200);
    const seen: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      // No waiting for the event: the request follows the answer, as a user's next click would.
      expectEnvelope(await grant([permission('Dashboard', 'View')]), 200);
      seen.push((await search()).status);
      expectEnvelope(await grant([permission('Partners', 'Search')]), 200);
      seen.push((await search()).status);
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 403 : 200)));
  });

  it('a user deactivated through one instance is refused by the other at once', async () => {
    const user = await make.userWith([permission('Partners', 'Search')]);
    expectEnvelope(await second.api('POST', '/api/v1/partners/search', { token: user.token, body: {} }), 200);
    const heard = nextEvent(eventsOf.second(), 'UserDeactivated', (e) => e.userId === user.id);
    expectEnvelope(await first.api('POST', `/api/v1/users/${user.id}/toggle-status`, { token: token(ADMIN) }), 200);
    await heard;
    expectEnvelope(await second.api('POST', '/api/v1/partners/search', { token: user.token, body: {} }), 401);
  });

  it("a partner created on one instance shows in the other's search total at once", async () => {
    const search = async () =>
      (await second.api<PagedResult<PartnerDto>>('POST', '/api/v1/partners/search', { token: token(ADMIN), body: { pageSize: 1 } })).body.data!;
    const before = (await search()).totalCount;
    // Asked twice: the second answer is the count cache's.
    expect((await search()).totalCount).toBe(before);
    const heard = nextEvent(eventsOf.second(), 'PartnerCreated');
    const partner = await make.partner();
    expect((await heard).partnerId).toBe(partner.id);
    expect((await search()).totalCount).toBe(before + 1);
  });

  it('while its LISTEN link is down an instance is not ready, and once back its hub clients are told to Resync', async () => {
    const adminToken = token(ADMIN);
    // The client's own timing (the app pings every 15 s): the test's shortened timeout would end it during the outage.
    const client = new HubConnectionBuilder()
      .withUrl(`${first.url}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => adminToken })
      .configureLogging(LogLevel.None)
      .build();
    await client.start();
    try {
      expect((await first.api('GET', '/api/ready')).status).toBe(200);
      const resync = nextCall(client, 'Resync', 10_000);
      const statuses: number[] = [];
      const watching = (async () => {
        // Until it is ready again after having been not ready.
        while (!(statuses.includes(503) && statuses.at(-1) === 200)) {
          statuses.push((await first.api('GET', '/api/ready')).status);
          await sleep(20);
        }
      })();
      await terminateListeners();
      await Promise.all([watching, resync]);
      expect(statuses).toContain(503);
      expect(statuses.at(-1)).toBe(200);
      expect(first.built.ctx.listening?.()).toBe(true);
    } finally {
      await client.stop();
    }
  });

  it('an instance whose PostgreSQL link was cut is told it may have missed events, and hears them again', async () => {
    const missed = [eventsOf.first(), eventsOf.second()].map(
      (events) =>
        new Promise<void>((resolve) => {
          const stop = events.onMissed(() => {
            stop();
            resolve();
          });
        }),
    );
    await terminateListeners();
    await Promise.all(missed);
    const heard = nextEvent(eventsOf.second(), 'PartnerCreated', (e) => e.partnerId === 'after-reconnect');
    await eventsOf.first().publish({ type: 'PartnerCreated', partnerId: 'after-reconnect' });
    expect(await heard).toEqual({ type: 'PartnerCreated', partnerId: 'after-reconnect' });
  });
});
