import Fastify from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { HubConnectionBuilder, LogLevel, type HttpTransportType, type HubConnection, type IHubProtocol } from '@microsoft/signalr';
import { HUB_PATH } from '../../contract/realtime';
import type { AccessTokenClaims } from '../../contract/tokens';
import { registerErrorHandlers } from '../../server/core/errorHandlers';
import { createEventBus, type EventBus } from '../../server/core/events';
import { registerRealtimeHub, type Backplane, type HubMethod, type HubTiming, type RealtimeHub } from '../../server/hub';
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
  client(transport: HttpTransportType, accessTokenFactory: () => string | Promise<string>, options?: { reconnectDelays?: number[]; protocol?: IHubProtocol }): HubConnection;
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

export function hubClient(hubUrl: string, transport: HttpTransportType, accessTokenFactory: () => string | Promise<string>, options: { reconnectDelays?: number[]; protocol?: IHubProtocol } = {}) {
  let builder = new HubConnectionBuilder()
    .withUrl(hubUrl, { transport, accessTokenFactory })
    .withServerTimeout(CLIENT_TIMING.serverTimeoutMs)
    .withKeepAliveInterval(CLIENT_TIMING.keepAliveIntervalMs)
    .configureLogging(LogLevel.None);
  if (options.reconnectDelays) builder = builder.withAutomaticReconnect(options.reconnectDelays);
  if (options.protocol) builder = builder.withHubProtocol(options.protocol);
  return builder.build();
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

/** Every call of `method` on `connection` during the next `ms`. */
export async function callsDuring(connection: HubConnection, method: string, ms: number): Promise<unknown[]> {
  const calls: unknown[] = [];
  const handler = (payload: unknown) => calls.push(payload);
  connection.on(method, handler);
  await new Promise((resolve) => setTimeout(resolve, ms));
  connection.off(method, handler);
  return calls;
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
