import type { IncomingMessage, Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config';

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

/**
 * Refuses a connection (closes it at once) when its address already holds `max` open ones; 0 means no cap.
 * Behind a reverse proxy every connection comes from the proxy: a proxy TRUST_PROXY trusts is not capped (the
 * proxy caps its clients; the address it forwards is only known per request, after the connection is taken).
 * Counted per instance: a connection is held by one process.
 */
export function capConnectionsPerAddress(server: Server, max: number, isTrustedProxy: (address: string) => boolean = () => false) {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    if (!address) return void socket.destroy();
    if (isTrustedProxy(address)) return;
    const held = open.get(address) ?? 0;
    if (held >= max) return void socket.destroy();
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

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
