import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { HUB_PATH } from '../../contract/realtime';
import { createEventBus } from '../../server/core/events';
import { registerRealtimeHub } from '../../server/hub';
import { eventually, RawHubSocket, sleep, startHubServer, TEST_TIMING, type HubTestServer } from './hubHarness';

/** The wire itself, below the official client: negotiate versions, refusals and raw hub records. */
const RS = '\x1e';
type Json = Record<string, unknown>;

let server: HubTestServer;
let acmeToken: string;
let globexToken: string;

beforeAll(async () => {
  server = await startHubServer();
  [acmeToken, globexToken] = await Promise.all([server.token('partner@acme.example'), server.token('partner@globex.example')]);
});
afterAll(() => server.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function negotiate(query = '?negotiateVersion=1', headers: Record<string, string> = bearer(acmeToken)) {
  const response = await fetch(`${server.hubUrl}/negotiate${query}`, { method: 'POST', headers });
  return { status: response.status, body: (await response.json()) as Json };
}

async function connectionToken() {
  const { body } = await negotiate();
  return String(body.connectionToken);
}

/** A WebSocket speaking hub records by hand, or the HTTP status of its refused upgrade. */
const openRaw = (query: string, headers: Record<string, string> = bearer(acmeToken)) => RawHubSocket.open(server.hubUrl, query, headers);

describe('negotiate', () => {
  it('version 1 answers a public connection id, a different secret token and the three transports', async () => {
    const { status, body } = await negotiate();
    expect(status).toBe(200);
    expect(body).toEqual({
      connectionId: expect.stringMatching(/^[\w-]{22}$/),
      // Signed, so that any instance behind a balancer accepts it (server/hub/connectionToken.ts).
      connectionToken: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
      negotiateVersion: 1,
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
      ],
    });
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect((await negotiate('?negotiateVersion=7')).body.negotiateVersion).toBe(1);
  });

  it('without a version answers version 0, whose connection id is also its token', async () => {
    const { status, body } = await negotiate('');
    expect(status).toBe(200);
    expect(body.connectionToken).toBeUndefined();
    expect(body.negotiateVersion).toBeUndefined();
    const poll = await fetch(`${server.hubUrl}?id=${String(body.connectionId)}`, { headers: bearer(acmeToken) });
    expect(poll.status).toBe(200);
  });

  it('refuses a missing, malformed, foreign or expired token with 401', async () => {
    const expired = await new SignJWT({ ...server.claims(acmeToken), exp: undefined })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(server.claims(acmeToken).sub)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(server.main.config.jwtSecret);
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(server.claims(acmeToken).sub)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another secret'));
    expect((await negotiate('?negotiateVersion=1', {})).status).toBe(401);
    expect((await negotiate('?negotiateVersion=1', bearer('not.a.jwt'))).status).toBe(401);
    expect((await negotiate('?negotiateVersion=1', bearer(foreign))).status).toBe(401);
    expect((await negotiate('?negotiateVersion=1', bearer(expired))).status).toBe(401);
  });

  it('takes the token from access_token, as browsers send it, as well as from the Authorization header', async () => {
    const { status } = await negotiate(`?negotiateVersion=1&access_token=${encodeURIComponent(acmeToken)}`, {});
    expect(status).toBe(200);
  });
});

describe('transport requests', () => {
  it('an unknown connection id answers 404 on every transport', async () => {
    const url = `${server.hubUrl}?id=unknownConnectionId00`;
    expect((await fetch(url, { headers: bearer(acmeToken) })).status).toBe(404);
    expect((await fetch(url, { headers: { ...bearer(acmeToken), accept: 'text/event-stream' } })).status).toBe(404);
    expect((await fetch(url, { method: 'POST', headers: { ...bearer(acmeToken), 'content-type': 'text/plain' }, body: `{"type":6}${RS}` })).status).toBe(404);
    expect((await fetch(url, { method: 'DELETE', headers: bearer(acmeToken) })).status).toBe(404);
    await expect(openRaw('?id=unknownConnectionId00')).rejects.toThrow('HTTP 404');
  });

  it('answers 401 without a valid token, 403 with another user’s, 400 without an id', async () => {
    const id = await connectionToken();
    expect((await fetch(`${server.hubUrl}?id=${id}`)).status).toBe(401);
    await expect(openRaw(`?id=${id}`, {})).rejects.toThrow('HTTP 401');
    expect((await fetch(`${server.hubUrl}?id=${id}`, { headers: bearer(globexToken) })).status).toBe(403);
    await expect(openRaw(`?id=${id}`, bearer(globexToken))).rejects.toThrow('HTTP 403');
    expect((await fetch(server.hubUrl, { headers: bearer(acmeToken) })).status).toBe(400);
  });

  it('long polling: the first poll answers at once, a handshake is answered on the next poll, DELETE ends it', async () => {
    const id = await connectionToken();
    const pollUrl = `${server.hubUrl}?id=${id}`;
    const first = await fetch(pollUrl, { headers: bearer(acmeToken) });
    expect([first.status, await first.text()]).toEqual([200, '']);
    const sent = await fetch(pollUrl, {
      method: 'POST',
      headers: { ...bearer(acmeToken), 'content-type': 'text/plain;charset=UTF-8' },
      body: `{"protocol":"json","version":1}${RS}`,
    });
    expect(sent.status).toBe(200);
    const second = await fetch(pollUrl, { headers: bearer(acmeToken) });
    expect([second.status, await second.text()]).toEqual([200, `{}${RS}`]);
    const held = fetch(pollUrl, { headers: bearer(acmeToken) });
    await sleep(50);
    expect((await fetch(pollUrl, { method: 'DELETE', headers: bearer(acmeToken) })).status).toBe(202);
    expect((await held).status).toBe(204);
    expect((await fetch(pollUrl, { headers: bearer(acmeToken) })).status).toBe(404);
  });

  it('a held poll is answered empty after the poll timeout, and the client may poll again', async () => {
    const id = await connectionToken();
    const pollUrl = `${server.hubUrl}?id=${id}`;
    await fetch(pollUrl, { headers: bearer(acmeToken) });
    const started = Date.now();
    const held = await fetch(pollUrl, { headers: bearer(acmeToken) });
    expect([held.status, await held.text()]).toEqual([200, '']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TEST_TIMING.longPollTimeoutMs - 50);
  });

  it('forgets a negotiated connection that no transport takes up', async () => {
    const id = await connectionToken();
    await sleep(TEST_TIMING.disconnectTimeoutMs + 500);
    expect((await fetch(`${server.hubUrl}?id=${id}`, { headers: bearer(acmeToken) })).status).toBe(404);
  });

  it('refuses a second transport on a connection with 409', async () => {
    const id = await connectionToken();
    const socket = await openRaw(`?id=${id}`);
    await expect(openRaw(`?id=${id}`)).rejects.toThrow('HTTP 409');
    expect((await fetch(`${server.hubUrl}?id=${id}`, { method: 'POST', headers: bearer(acmeToken), body: `{"type":6}${RS}` })).status).toBe(405);
    socket.close();
  });
});

describe('hub records over a raw WebSocket', () => {
  const handshake = { protocol: 'json', version: 1 };

  it('answers the handshake with {}, an invocation with its completion and a send with nothing', async () => {
    const socket = await openRaw(`?id=${await connectionToken()}`);
    socket.send(handshake);
    expect(await socket.next()).toEqual({});
    socket.send({ type: 1, target: 'Typing', arguments: ['T-1'] }, { type: 1, invocationId: '7', target: 'Echo', arguments: [0] });
    expect(await socket.next(1)).toEqual({ type: 3, invocationId: '7', result: 0 });
    socket.send({ type: 1, invocationId: '8', target: 'JoinTicket', arguments: ['T-1'] });
    expect(await socket.next(2)).toEqual({ type: 3, invocationId: '8', result: false });
    expect(socket.received.filter((r) => r.type !== 6)).toHaveLength(3);
    socket.close();
  });

  it('understands records split across frames and several records in one frame', async () => {
    const socket = await openRaw(`?id=${await connectionToken()}`);
    socket.send(`{"protocol":"json",`);
    socket.send(`"version":1}${RS}{"type":6}${RS}{"type":1,"invocationId":"1","tar`);
    socket.send(`get":"Echo","arguments":[false]}${RS}`);
    expect(await socket.next()).toEqual({});
    expect(await socket.next(1)).toEqual({ type: 3, invocationId: '1', result: false });
    socket.close();
  });

  it('refuses an unknown protocol or version with a handshake error, then closes', async () => {
    const msgpack = await openRaw(`?id=${await connectionToken()}`);
    msgpack.send({ protocol: 'messagepack', version: 1 });
    expect(await msgpack.next()).toEqual({ error: "The protocol 'messagepack' is not supported." });
    expect(await msgpack.closed).toBe(1000);

    const version2 = await openRaw(`?id=${await connectionToken()}`);
    version2.send({ protocol: 'json', version: 2 });
    expect(await version2.next()).toEqual({ error: "The server does not support version 2 of the 'json' protocol." });
    expect(await version2.closed).toBe(1000);
  });

  it('closes a connection whose handshake does not come in time', async () => {
    const socket = await openRaw(`?id=${await connectionToken()}`);
    expect(await socket.next(0, TEST_TIMING.handshakeTimeoutMs + 1000)).toEqual({ error: expect.stringMatching(/handshake/) });
    expect(await socket.closed).toBe(1000);
  });

  it('closes a protocol violation with an error and no reconnect', async () => {
    const socket = await openRaw(`?id=${await connectionToken()}`);
    socket.send(handshake);
    await socket.next();
    socket.send(`not json${RS}`);
    expect(await socket.next(1)).toEqual({ type: 7, error: 'Connection closed with an error.' });
    expect(await socket.closed).toBe(1000);
  });

  it('pings a quiet client, and drops one that stays silent, allowing it to reconnect', async () => {
    const socket = await openRaw(`?id=${await connectionToken()}`);
    // The client timeout starts at the client's first ping, as in ASP.NET (hubProtocolPoints.test.ts).
    socket.send(handshake, { type: 6 });
    await socket.next();
    await eventually(() => socket.received.some((r) => r.type === 6), TEST_TIMING.clientTimeoutMs, 'a ping from the server');
    expect(await socket.next(1, TEST_TIMING.clientTimeoutMs + 1000)).toEqual({
      type: 7,
      error: 'Client timeout elapsed without receiving a message from the client.',
      allowReconnect: true,
    });
    expect(await socket.closed).toBe(1000);
  });

  it('without negotiation (skipNegotiation) makes the connection on the spot', async () => {
    const socket = await openRaw(`?access_token=${encodeURIComponent(acmeToken)}`, {});
    socket.send(handshake, { type: 1, invocationId: '1', target: 'Echo', arguments: ['hello'] });
    expect(await socket.next()).toEqual({});
    expect(await socket.next(1)).toEqual({ type: 3, invocationId: '1', result: 'hello' });
    socket.close();
    await expect(openRaw('', {})).rejects.toThrow('HTTP 401');
  });
});

describe('the hub in the application', () => {
  it('request logs never hold the access token a browser puts in the URL', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    await registerRealtimeHub(app, { ctx: { config: server.main.config, db: server.main.built.database.db, events: createEventBus(), log: app.log } });
    await app.inject({ method: 'GET', url: `${HUB_PATH}?id=someConnection&access_token=${acmeToken}`, headers: { accept: 'text/event-stream' } });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('access_token=[redacted]');
    expect(logged).not.toContain(acmeToken);
  });

  it('its HTTP routes are in the route table, each declared public to the guard', () => {
    const hubRoutes = server.main.built.routes.filter((r) => r.url.startsWith(HUB_PATH));
    const described = hubRoutes.map((r) => `${([] as string[]).concat(r.method).join(',')} ${r.url} ${(r.config as { access?: string }).access}`).sort();
    expect(described).toEqual([`DELETE ${HUB_PATH} public`, `GET ${HUB_PATH} public`, `POST ${HUB_PATH} public`, `POST ${HUB_PATH}/negotiate public`]);
  });

  it('a partner created through the API reaches a staff browser as ResourceChanged', async () => {
    const adminToken = await server.token('admin@example.com');
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.main.url}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => adminToken })
      .configureLogging(LogLevel.None)
      .build();
    await connection.start();
    try {
      const heard = new Promise((resolve) => connection.on('ResourceChanged', resolve));
      const created = await server.main.api<{ id: string }>('POST', '/api/v1/partners', {
        token: adminToken,
        body: { name: 'Initech', email: 'hello@initech.example', type: 'Reseller', address: '1 Main Street', phone: '+84 90 123 4567' },
      });
      expect(created.status).toBe(201);
      expect(await heard).toEqual({ resource: 'partners', id: created.body.data?.id, action: 'created' });
    } finally {
      await connection.stop();
    }
  });
});
