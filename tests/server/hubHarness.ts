import Fastify from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { WebSocket } from 'ws';
import { afterEach } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection, type IHubProtocol } from '@microsoft/signalr';
import { HUB_PATH } from '../../contract/realtime';
import type { AccessTokenClaims } from '../../contract/tokens';
import { registerErrorHandlers } from '../../server/core/errorHandlers';
import { createEventBus, type EventBus } from '../../server/core/events';
import { registerRealtimeHub, type Backplane, type HubMethod, type HubTiming, type RealtimeHub } from '../../server/hub';
import type { HubDelivery } from '../../server/hub/backplane';
import { startServer, type TestServer } from './harness';

/** Timers shrunk from seconds to milliseconds, so keep-alive, timeouts and expiry show within a test. */
export const TEST_TIMING: HubTiming = {
  keepAliveIntervalMs: 300,
  clientTimeoutMs: 1000,
  handshakeTimeoutMs: 1000,
  longPollTimeoutMs: 500,
  disconnectTimeoutMs: 1000,
};

/** The client side of the same bargain: its server timeout above twice our keep-alive, its pings under our timeout. */
export const CLIENT_TIMING = { serverTimeoutMs: 1000, keepAliveIntervalMs: 300 };

/** A method only tests register: it answers with its argument, so any JSON value can be checked round trip. */
const Echo: HubMethod = { arity: 1, invoke: (_call, [value]) => value };

export interface HubTestServer {
  /** The database, users and sign-in of a normal test server. */
  main: TestServer;
  /** A second server with only the hub, on the main server's database and secret, with TEST_TIMING. */
  hubUrl: string;
  realtime: RealtimeHub;
  events: EventBus;
  token(email: string): Promise<string>;
  /** A valid token of `email` that expires `seconds` from now. */
  shortLivedToken(email: string, seconds: number): Promise<string>;
  claims(token: string): AccessTokenClaims;
  client(
    transport: HttpTransportType,
    accessTokenFactory: () => string | Promise<string>,
    options?: { reconnectDelays?: number[]; protocol?: IHubProtocol },
  ): HubConnection;
  /** Stops the clients this server made. */
  stopClients(): Promise<void>;
  close(): Promise<void>;
}

/** A server with only the hub, on the main server's database and secret: one more instance of the app's hub. */
export async function startHubApp(main: TestServer, options: { timing?: HubTiming; backplane?: Backplane } = {}) {
  const app = Fastify({ logger: false });
  registerErrorHandlers(app);
  const events = createEventBus();
  const realtime = await registerRealtimeHub(app, {
    ctx: { config: main.config, db: main.built.database.db, events, log: app.log },
    timing: options.timing ?? TEST_TIMING,
    backplane: options.backplane,
    extraMethods: { Echo },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const hubUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${HUB_PATH}`;
  return {
    hubUrl,
    realtime,
    events,
    async close() {
      // The client's fetch can leave a socket open that never sent a request; closing would wait out headersTimeout.
      app.server.closeAllConnections();
      await app.close();
    },
  };
}

export function hubClient(
  hubUrl: string,
  transport: HttpTransportType,
  accessTokenFactory: () => string | Promise<string>,
  options: { reconnectDelays?: number[]; protocol?: IHubProtocol } = {},
) {
  let builder = new HubConnectionBuilder()
    .withUrl(hubUrl, { transport, accessTokenFactory })
    .withServerTimeout(CLIENT_TIMING.serverTimeoutMs)
    .withKeepAliveInterval(CLIENT_TIMING.keepAliveIntervalMs)
    .configureLogging(LogLevel.None);
  if (options.reconnectDelays) builder = builder.withAutomaticReconnect(options.reconnectDelays);
  if (options.protocol) builder = builder.withHubProtocol(options.protocol);
  return builder.build();
}

/** Official clients over WebSockets to the hub of `baseUrl()`, each started; every one is stopped after each test. */
export function useHubClients(baseUrl: () => string) {
  const clients: HubConnection[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
  });
  return async function connect(accessToken: string) {
    const connection = hubClient(`${baseUrl()}${HUB_PATH}`, HttpTransportType.WebSockets, () => accessToken);
    clients.push(connection);
    await connection.start();
    return connection;
  };
}

export async function startHubServer(options: { timing?: HubTiming } = {}): Promise<HubTestServer> {
  const main = await startServer();
  const hubApp = await startHubApp(main, options);
  const clients: HubConnection[] = [];
  const stopClients = () => Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
  const token = async (email: string) => (await main.signIn(email)).token;
  const claims = (jwt: string) => decodeJwt(jwt) as unknown as AccessTokenClaims;

  return {
    main,
    hubUrl: hubApp.hubUrl,
    realtime: hubApp.realtime,
    events: hubApp.events,
    token,
    claims,
    async shortLivedToken(email, seconds) {
      const { sub, exp: _exp, iat: _iat, ...rest } = claims(await token(email)) as AccessTokenClaims & { iat?: number };
      return new SignJWT({ ...rest })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
        .sign(main.config.jwtSecret);
    },
    client(transport, accessTokenFactory, clientOptions = {}) {
      const connection = hubClient(hubApp.hubUrl, transport, accessTokenFactory, clientOptions);
      clients.push(connection);
      return connection;
    },
    async stopClients() {
      await stopClients();
    },
    async close() {
      await stopClients();
      await hubApp.close();
      await main.close();
    },
  };
}

/** The payload of the next call of `method` on `connection`, or a failure after `timeoutMs`. */
export function nextCall<T = unknown>(connection: HubConnection, method: string, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.off(method, handler);
      reject(new Error(`no ${method} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: T) => {
      clearTimeout(timer);
      connection.off(method, handler);
      resolve(payload);
    };
    connection.on(method, handler);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when `check` holds, polling every 20 ms; fails after `timeoutMs`. */
export async function eventually(check: () => boolean, timeoutMs = 5000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** Backplanes for instances in one process: each delivery reaches every instance, as PostgreSQL's would (JSON round trip included). */
export function linkedBackplanes(count: number): Backplane[] {
  const receivers: ((delivery: HubDelivery) => void)[] = [];
  return Array.from({ length: count }, (_, index) => ({
    async publish(delivery: HubDelivery) {
      for (const receive of receivers) receive(JSON.parse(JSON.stringify(delivery)) as HubDelivery);
    },
    subscribe(receive: (delivery: HubDelivery) => void) {
      receivers[index] = receive;
    },
    async close() {},
  }));
}

/**
 * Every call of `methods` a connection hears until a marker sent to its user after them arrives: a connection
 * hears in order, so what it has not heard by then it never will (no waiting on a clock).
 */
export function heardBefore(realtime: RealtimeHub, connection: HubConnection, userId: string, methods: string[]) {
  const heard: { method: string; payload: unknown }[] = [];
  const handlers = methods.map((method) => [method, (payload: unknown) => heard.push({ method, payload })] as const);
  for (const [method, handler] of handlers) connection.on(method, handler);
  return {
    heard,
    /** Sends the marker and resolves, once it arrived, with what was heard before it. */
    async settle(timeoutMs = 5000) {
      const marker = { id: `marker-${Math.random().toString(36).slice(2)}`, title: 'marker', message: 'marker', createdAt: new Date().toISOString() };
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the marker did not arrive within ${timeoutMs} ms`)), timeoutMs);
        const onMarker = (payload: { id?: string }) => {
          if (payload?.id !== marker.id) return;
          clearTimeout(timer);
          connection.off('ReceiveNotification', onMarker);
          resolve();
        };
        connection.on('ReceiveNotification', onMarker);
      });
      realtime.sendToUser(userId, 'ReceiveNotification', marker);
      await arrived;
      for (const [method, handler] of handlers) connection.off(method, handler);
      return heard.filter((call) => (call.payload as { id?: string })?.id !== marker.id);
    },
  };
}

const RECORD_SEPARATOR = '\x1e';
type HubRecord = Record<string, unknown>;

/** Negotiate version 1 by hand: the connection token and the bearer header that goes with it. */
async function negotiateByHand(hubUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const negotiated = (await (await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers })).json()) as { connectionToken: string };
  return { headers, connectionToken: negotiated.connectionToken };
}

/** A WebSocket speaking hub records by hand, for protocol details below the official client; records kept in order. */
export class RawHubSocket {
  readonly received: HubRecord[] = [];
  readonly closed: Promise<number>;
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      for (const record of data.toString().split(RECORD_SEPARATOR).filter(Boolean)) this.received.push(JSON.parse(record) as HubRecord);
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  /** Opens a socket on the hub at `hubUrl` plus `query`, or rejects with the HTTP status of a refused upgrade; no handshake. */
  static open(hubUrl: string, query: string, headers: Record<string, string>): Promise<RawHubSocket> {
    const socket = new WebSocket(`${hubUrl.replace(/^http/, 'ws')}${query}`, { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawHubSocket(socket)));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  /** Negotiates, opens the socket and completes the handshake. */
  static async connect(hubUrl: string, token: string): Promise<RawHubSocket> {
    const { headers, connectionToken } = await negotiateByHand(hubUrl, token);
    const raw = await RawHubSocket.open(hubUrl, `?id=${connectionToken}`, headers);
    raw.send({ protocol: 'json', version: 1 });
    expectRecord(await raw.next(0), {});
    return raw;
  }

  send(...records: (HubRecord | string)[]) {
    this.socket.send(records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r) + RECORD_SEPARATOR)).join(''));
  }

  /** The first record that is not a ping among those received from index `from` on (take `received.length` before sending). */
  async next(from = 0, timeoutMs = 3000): Promise<HubRecord> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(from).find((r) => r.type !== 6);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`nothing received; got ${JSON.stringify(this.received)}`);
      await sleep(10);
    }
  }

  close() {
    this.socket.close();
  }
}

function expectRecord(actual: HubRecord, expected: HubRecord) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** A long-polling connection driven by hand: polls and sends are plain HTTP requests. */
export class RawLongPolling {
  private constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {}

  /** Negotiates, takes the first (immediate) poll and completes the handshake. */
  static async connect(hubUrl: string, token: string): Promise<RawLongPolling> {
    const { headers, connectionToken } = await negotiateByHand(hubUrl, token);
    const raw = new RawLongPolling(`${hubUrl}?id=${connectionToken}`, headers);
    expectRecord({ first: await raw.poll() }, { first: { status: 200, text: '' } });
    expectRecord({ sent: await raw.send({ protocol: 'json', version: 1 }) }, { sent: 200 });
    expectRecord({ handshake: await raw.poll() }, { handshake: { status: 200, text: `{}${RECORD_SEPARATOR}` } });
    return raw;
  }

  async poll(): Promise<{ status: number; text: string }> {
    const response = await fetch(this.url, { headers: this.headers });
    return { status: response.status, text: await response.text() };
  }

  /** The records of a poll's answer. */
  static records(text: string): HubRecord[] {
    return text
      .split(RECORD_SEPARATOR)
      .filter(Boolean)
      .map((r) => JSON.parse(r) as HubRecord);
  }

  async send(...records: (HubRecord | string)[]): Promise<number> {
    const body = records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r) + RECORD_SEPARATOR)).join('');
    const response = await fetch(this.url, { method: 'POST', headers: { ...this.headers, 'content-type': 'text/plain;charset=UTF-8' }, body });
    await response.text();
    return response.status;
  }
}
