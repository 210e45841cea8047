import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { busy } from './errors';

/** What cuts off a client that sends too slowly or holds too many sockets (README "Configuration"). */
export type SlowClientLimits = Pick<
  Config['limits'],
  'headersTimeoutMs' | 'idleTimeoutMs' | 'keepAliveTimeoutMs' | 'minBodyBytesPerSecond' | 'bodyRateWindowMs' | 'maxConnectionsPerAddress'
>;

/**
 * Node's own timeouts, as Fastify's options: headers must be complete within `headersTimeoutMs` (408), a socket
 * silent both ways for `idleTimeoutMs` is closed, a kept-alive one after `keepAliveTimeoutMs`. There is no
 * wall-clock limit on a whole request: a 50 MB upload on a slow link may take long, so bodies are held to a rate.
 */
export function serverTimeouts(limits: SlowClientLimits) {
  const http: ServerOptions = {
    headersTimeout: limits.headersTimeoutMs,
    // Node checks the headers timeout on this interval: a quarter of it, so a slow sender goes within 1.25 × the timeout.
    connectionsCheckingInterval: Math.max(50, Math.min(5000, Math.floor(limits.headersTimeoutMs / 4))),
  };
  return { http, connectionTimeout: limits.idleTimeoutMs, keepAliveTimeout: limits.keepAliveTimeoutMs, requestTimeout: 0 };
}

/** The client's address as one key, `::ffff:10.0.0.1` and `10.0.0.1` alike. */
const addressOf = (socket: Socket) => socket.remoteAddress?.replace(/^::ffff:/, '');

/** Per address: its open connections, and how many of them are being answered (a request in flight, or upgraded). */
interface AddressConnections {
  open: number;
  answering: number;
}

/**
 * Caps what one client address holds waiting: connections opened without a request yet (a slowloris's, also held to
 * the headers timeout) or idle between requests. A connection with a request in flight, a long poll or a WebSocket
 * is being served and is not counted, so an office of hundreds behind one NAT address is served however many of
 * its requests run at once. Over the cap a new connection is not cut: its first request is answered 503 with
 * Retry-After and `Connection: close` (in the envelope), so the client tries again. 0 means no cap. Behind a reverse
 * proxy every connection comes from the proxy: a proxy TRUST_PROXY trusts is not capped (the proxy caps its clients).
 * Counted per instance: a connection is held by one process.
 */
export function capConnectionsPerAddress(server: Server, max: number, isTrustedProxy: (address: string) => boolean = () => false): ConnectionCap {
  const refused = new WeakSet<Socket>();
  const cap: ConnectionCap = { isRefused: (socket) => refused.has(socket) };
  if (max <= 0) return cap;
  const byAddress = new Map<string, AddressConnections>();
  /** Requests in flight on each counted socket (an upgraded one stays answering until it closes). */
  const inFlight = new WeakMap<Socket, number>();
  const addressOfCounted = new WeakMap<Socket, AddressConnections>();

  const begin = (socket: Socket) => {
    const counts = addressOfCounted.get(socket);
    if (!counts) return;
    const running = inFlight.get(socket) ?? 0;
    if (running === 0) counts.answering++;
    inFlight.set(socket, running + 1);
  };
  const finish = (socket: Socket) => {
    const counts = addressOfCounted.get(socket);
    const running = inFlight.get(socket) ?? 0;
    if (!counts || running === 0 || running === Infinity) return;
    inFlight.set(socket, running - 1);
    if (running === 1) counts.answering--;
  };

  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    if (!address) return void socket.destroy();
    if (isTrustedProxy(address)) return;
    const counts = byAddress.get(address) ?? { open: 0, answering: 0 };
    if (counts.open - counts.answering >= max) return void refused.add(socket);
    byAddress.set(address, counts);
    counts.open++;
    addressOfCounted.set(socket, counts);
    socket.once('close', () => {
      if ((inFlight.get(socket) ?? 0) > 0) counts.answering--;
      inFlight.delete(socket);
      counts.open--;
      if (counts.open === 0) byAddress.delete(address);
    });
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    begin(request.socket);
    response.once('close', () => finish(request.socket));
  });
  server.on('upgrade', (request: IncomingMessage) => {
    // Over the cap, a WebSocket is not taken: the hub's client falls back or tries again.
    if (refused.has(request.socket)) return void request.socket.destroy();
    begin(request.socket);
    inFlight.set(request.socket, Infinity);
  });
  return cap;
}

/** Whether a connection came over its address's cap: its request is refused (`refuseConnectionsOverCap`). */
export interface ConnectionCap {
  isRefused(socket: Socket): boolean;
}

/** Answers each request of a connection over its address's cap 503 with Retry-After, and closes the connection. */
export function refuseConnectionsOverCap(app: FastifyInstance, cap: ConnectionCap) {
  app.addHook('onRequest', async (request, reply) => {
    if (!cap.isRefused(request.raw.socket)) return;
    reply.header('connection', 'close');
    throw busy('api.tooManyConnections', CONNECTION_RETRY_AFTER_SECONDS);
  });
}

/** How long a client over the cap waits before trying again: its other connections finish within seconds. */
const CONNECTION_RETRY_AFTER_SECONDS = 2;

interface WatchedBody {
  request: IncomingMessage;
  socket: Socket;
  markedAt: number;
  markedBytes: number;
}

/**
 * A request body must arrive at `minBodyBytesPerSecond` on average over each `bodyRateWindowMs`, or its socket is
 * closed: a client trickling a byte a second cannot hold a connection, while an upload of any size on a slow but
 * live link goes on. A window in which the server itself is not reading (its buffer full, the stream paused while a
 * file is written) does not count against the client. One timer looks at every unfinished body.
 */
export function enforceBodyRate(server: Server, limits: SlowClientLimits) {
  const { minBodyBytesPerSecond: rate, bodyRateWindowMs: windowMs } = limits;
  if (rate <= 0 || windowMs <= 0) return;
  const floor = (rate * windowMs) / 1000;
  const watched = new Set<WatchedBody>();
  let timer: NodeJS.Timeout | undefined;

  const look = () => {
    const now = Date.now();
    for (const body of watched) {
      const { request, socket } = body;
      if (request.complete || socket.destroyed) {
        watched.delete(body);
        continue;
      }
      if (now - body.markedAt < windowMs) continue;
      const serverHolding = request.readableLength >= request.readableHighWaterMark || request.readableFlowing === false || socket.isPaused();
      if (!serverHolding && socket.bytesRead - body.markedBytes < floor) {
        watched.delete(body);
        socket.destroy();
        continue;
      }
      body.markedAt = now;
      body.markedBytes = socket.bytesRead;
    }
    if (watched.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  server.on('request', (request: IncomingMessage) => {
    if (request.complete) return;
    const socket = request.socket;
    const body: WatchedBody = { request, socket, markedAt: Date.now(), markedBytes: socket.bytesRead };
    watched.add(body);
    request.once('close', () => watched.delete(body));
    timer ??= setInterval(look, Math.max(10, Math.floor(windowMs / 4))).unref();
  });
  server.once('close', () => clearInterval(timer));
}
