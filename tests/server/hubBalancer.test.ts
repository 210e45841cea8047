import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { DefaultHttpClient, HttpTransportType, HubConnectionBuilder, LogLevel, NullLogger, type HttpRequest, type HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../contract/realtime';
import type { TicketMessageDto } from '../../contract/tickets';
import { buildApp, type BuiltApp } from '../../server/app';
import { tickets } from '../../server/db/schema';
import { connectionTokens } from '../../server/hub/connectionToken';
import { expectEnvelope } from './expectations';
import { nextEvent } from './eventRecorder';
import { useDemoServer } from './factories';
import { RawHubSocket, eventually, nextCall } from './hubHarness';

/**
 * Two instances of the app on one database behind a balancer that keeps no affinity: a WebSocket client
 * negotiates on one instance and connects on the other, and works there (signed connection tokens).
 */
const { server: first, token, make, partnerIds, userIds } = useDemoServer();
const ACME = 'partner@acme.example';
const SUPPORT = 'support@example.com';
const ADMIN = 'admin@example.com';

let second: { built: BuiltApp; url: string };
/** A balancer in front of both: each TCP connection goes to the next instance in turn. */
let balancer: { url: string; close(): Promise<void> };

const origin = (url: string) => new URL(url).origin;

/** Round robin per TCP connection, as nginx's default upstream does (without keep-alive pinning a client anywhere). */
async function roundRobin(targets: string[]) {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const { hostname, port } = new URL(targets[next++ % targets.length]);
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}

/**
 * What the shipped nginx configuration does on the hub path (README-balancer.md): a request with `?id=` goes to the
 * instance its id hashes to (`hash $arg_id consistent`), one without (negotiate) round robin. It records, for each
 * negotiate, whether the connection's first request went to another instance than the negotiate did.
 */
async function hashById(targets: string[]) {
  let next = 0;
  let lastNegotiateOn = -1;
  const moved: boolean[] = [];
  const targetOf = (url: URL) => {
    const id = url.searchParams.get('id');
    if (!id) return (lastNegotiateOn = next++ % targets.length);
    const chosen = crypto.createHash('md5').update(id).digest().readUInt32BE(0) % targets.length;
    if (lastNegotiateOn >= 0) moved.push(chosen !== lastNegotiateOn);
    lastNegotiateOn = -1;
    return chosen;
  };
  // Upgraded sockets leave the HTTP server's books: closeAllConnections does not end them, so close does.
  const upgraded = new Set<net.Socket>();
  const proxy = http.createServer((request, response) => {
    const { hostname, port } = new URL(targets[targetOf(new URL(request.url ?? '/', 'http://balancer'))]);
    const upstream = http.request({ hostname, port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    // A stream the client gave up (long polling, server-sent events) ends upstream too, or the instance waits on it.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  proxy.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const { hostname, port } = new URL(targets[targetOf(new URL(request.url ?? '/', 'http://balancer'))]);
    const upstream = net.connect(Number(port), hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    for (const socket of [client, upstream]) {
      upgraded.add(socket);
      socket.on('close', () => upgraded.delete(socket));
      socket.on('error', () => (client.destroy(), upstream.destroy()));
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    moved,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of upgraded) socket.destroy();
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
let hashing: Awaited<ReturnType<typeof hashById>>;

beforeAll(async () => {
  const built = await buildApp(first.config, { logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  second = { built, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  balancer = await roundRobin([first.url, second.url]);
  hashing = await hashById([first.url, second.url]);
});
afterAll(async () => {
  await balancer?.close();
  await hashing?.close();
  // A hub stream a client left open through a proxy would hold the close (a shuffled CI run hung 60 s here).
  second?.built.app.server.closeAllConnections();
  await second?.built.app.close();
});

const clients: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
});

/** The official client's own HTTP client, with negotiate sent to `negotiateOn` instead of the hub URL's instance. */
class NegotiateElsewhere extends DefaultHttpClient {
  constructor(
    private readonly hubOrigin: string,
    private readonly negotiateOn: string,
  ) {
    super(NullLogger.instance);
  }

  override send(request: HttpRequest) {
    if (request.url?.includes(`${HUB_PATH}/negotiate`)) request.url = request.url.replace(this.hubOrigin, this.negotiateOn);
    return super.send(request);
  }
}

/** An official client whose transport goes to `hubOn`, its negotiate (if given) to `negotiateOn`. */
function client(email: string, hubOn: string, negotiateOn?: string, transport = HttpTransportType.WebSockets) {
  const connection = new HubConnectionBuilder()
    .withUrl(`${hubOn}${HUB_PATH}`, {
      transport,
      accessTokenFactory: () => token(email),
      ...(negotiateOn ? { httpClient: new NegotiateElsewhere(origin(hubOn), origin(negotiateOn)) } : {}),
    })
    .configureLogging(LogLevel.None)
    .build();
  clients.push(connection);
  return connection;
}

async function openTicketOf(partnerName: string) {
  const [row] = await first.built.database.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.partnerId, partnerIds[partnerName]), eq(tickets.status, 'OPEN')))
    .limit(1);
  return row;
}

/** A negotiate answered by `url`'s instance, by hand: its connection token and the bearer header that goes with it. */
async function negotiate(url: string, bearer: string) {
  const headers = { authorization: `Bearer ${bearer}` };
  const response = await fetch(`${url}${HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers });
  const answer = (await response.json()) as { connectionId: string; connectionToken: string };
  return { ...answer, headers };
}

/** The status a WebSocket upgrade on `url`'s hub with `?id=` gets: 101 when it opened. */
async function upgradeStatus(url: string, id: string, headers: Record<string, string>) {
  try {
    const raw = await RawHubSocket.open(`${url}${HUB_PATH}`, `?id=${id}`, headers);
    raw.close();
    return 101;
  } catch (error) {
    return Number(/HTTP (\d+)/.exec(String(error))?.[1] ?? 0);
  }
}

const TRANSPORTS = [HttpTransportType.WebSockets, HttpTransportType.ServerSentEvents, HttpTransportType.LongPolling];

describe('a connection negotiated on one instance and started on another', () => {
  it.each(TRANSPORTS.map((transport) => [HttpTransportType[transport], transport] as const))(
    '%s: starts on the second, joins its ticket there and hears a reply posted on the first',
    async (_name, transport) => {
      const partner = client(ACME, second.url, first.url, transport);
      await partner.start();
      await eventually(() => second.built.app.realtime.isUserOnline(userIds[ACME]), 3000, 'the partner online on the second');
      expect(first.built.app.realtime.isUserOnline(userIds[ACME])).toBe(false);

      const ticket = await openTicketOf('Acme Logistics');
      expect(await partner.invoke('JoinTicket', ticket.id)).toBe(true);
      const heard = nextCall<TicketMessageDto>(partner, 'TicketMessageCreated');
      const reply = await first.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticket.id}/messages`, {
        token: token(SUPPORT),
        body: { body: '<p>Heard across the balancer</p>' },
      });
      expectEnvelope(reply, 201);
      expect(await heard).toEqual(reply.body.data);
      await partner.stop();
      await eventually(() => !second.built.app.realtime.isUserOnline(userIds[ACME]), 3000, 'the partner gone from the second');
    },
  );

  it('the official client starts every time through a round-robin balancer, and each can join its ticket', async () => {
    const ticket = await openTicketOf('Acme Logistics');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const partner = client(ACME, balancer.url);
      await partner.start();
      expect(await partner.invoke('JoinTicket', ticket.id)).toBe(true);
      await partner.stop();
    }
  });

  it('behind a balancer hashing ?id= (negotiate round robin), the official client starts on every transport every time', async () => {
    const ticket = await openTicketOf('Acme Logistics');
    for (const transport of TRANSPORTS) {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const partner = client(ACME, hashing.url, undefined, transport);
        await partner.start();
        expect(await partner.invoke('JoinTicket', ticket.id)).toBe(true);
        await partner.stop();
      }
    }
    // Some of them did start elsewhere than they negotiated (each does with odds of one in two).
    expect(hashing.moved.filter(Boolean).length).toBeGreaterThan(0);
  });

  it('a tampered token, an expired one and one of another user are refused; a good one opens', async () => {
    const bearer = token(ACME);
    const { connectionToken, headers } = await negotiate(first.url, bearer);
    const [payload, signature] = connectionToken.split('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await upgradeStatus(second.url, `${payload}.${flipped}`, headers)).toBe(404);
    // The claims changed (another connection id) under the old signature.
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { c: string; u: string; e: number };
    const forged = Buffer.from(JSON.stringify({ ...claims, c: 'someone-else' })).toString('base64url');
    expect(await upgradeStatus(second.url, `${forged}.${signature}`, headers)).toBe(404);

    const signer = connectionTokens(first.config.jwtSecret);
    const expired = signer.sign('expired-connection', userIds[ACME], Date.now() - signer.ttlMs - 1);
    expect(await upgradeStatus(second.url, expired, headers)).toBe(404);
    // Signed for another user: the bearer is not the one who negotiated.
    const othersToken = signer.sign('others-connection', userIds[SUPPORT]);
    expect(await upgradeStatus(second.url, othersToken, headers)).toBe(403);
    // No bearer at all.
    expect(await upgradeStatus(second.url, connectionToken, {})).toBe(401);

    expect(await upgradeStatus(second.url, connectionToken, headers)).toBe(101);
  });

  it('a token whose connection ended on an instance does not start a new one there', async () => {
    const { connectionToken, headers } = await negotiate(first.url, token(ACME));
    const raw = await RawHubSocket.open(`${second.url}${HUB_PATH}`, `?id=${connectionToken}`, headers);
    raw.close();
    await raw.closed;
    await eventually(() => !second.built.app.realtime.isUserOnline(userIds[ACME]), 3000, 'the connection gone');
    expect(await upgradeStatus(second.url, connectionToken, headers)).toBe(404);
  });

  it('re-checks the user where the socket lands: a user deactivated after negotiate is refused', async () => {
    const user = await make.userWith([]);
    const { connectionToken, headers } = await negotiate(first.url, user.token);
    const heard = nextEvent(second.built.ctx.events, 'UserDeactivated', (e) => e.userId === user.id);
    expectEnvelope(await first.api('POST', `/api/v1/users/${user.id}/toggle-status`, { token: token(ADMIN) }), 200);
    await heard;
    expect(await upgradeStatus(second.url, connectionToken, headers)).toBe(401);
  });

  it('a send or a long-polling stop for a connection started elsewhere is 404, so the client negotiates again', async () => {
    const { connectionToken, headers } = await negotiate(first.url, token(ACME));
    // Started on the first (its first poll); the second never saw it.
    const here = await fetch(`${first.url}${HUB_PATH}?id=${connectionToken}&_=${Date.now()}`, { headers });
    expect(here.status).toBe(200);
    await here.body?.cancel();
    const send = await fetch(`${second.url}${HUB_PATH}?id=${connectionToken}`, { method: 'POST', headers, body: '{"protocol":"json","version":1}\x1e' });
    expect(send.status).toBe(404);
    await send.body?.cancel();
    const stop = await fetch(`${second.url}${HUB_PATH}?id=${connectionToken}`, { method: 'DELETE', headers });
    expect(stop.status).toBe(404);
    await stop.body?.cancel();
    const stopHere = await fetch(`${first.url}${HUB_PATH}?id=${connectionToken}`, { method: 'DELETE', headers });
    expect(stopHere.status).toBe(202);
    await stopHere.body?.cancel();
  });

  it('a stream or a poll with a tampered token is 404 on an instance that does not hold the connection', async () => {
    const { connectionToken, headers } = await negotiate(first.url, token(ACME));
    const tampered = `${connectionToken.slice(0, -2)}${connectionToken.endsWith('AA') ? 'BB' : 'AA'}`;
    const events = await fetch(`${second.url}${HUB_PATH}?id=${tampered}`, { headers: { ...headers, accept: 'text/event-stream' } });
    expect(events.status).toBe(404);
    await events.body?.cancel();
    const poll = await fetch(`${second.url}${HUB_PATH}?id=${tampered}&_=${Date.now()}`, { headers });
    expect(poll.status).toBe(404);
    await poll.body?.cancel();
  });
});
