import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** How long sockets kept alive by a client (a balancer's pool) may still bring a request, answered with `Connection: close`. */
export const KEEP_ALIVE_GRACE_MS = 1_000;
/** How long a stop waits for requests in flight (a slow upload, a long report) before it ends their connections. */
export const IN_FLIGHT_GRACE_MS = 15_000;

export interface Drain {
  /**
   * A stop that loses nothing acknowledged: `/api/ready` answers 503 at once, the port is closed (a new process may
   * listen on it), hub clients get the reconnect Close, requests in flight finish, sockets kept alive are closed
   * after answering with `Connection: close`, then the app closes (hub, LISTEN link, pool, embedded cluster).
   * Calling it again returns the same stop.
   */
  stop(): Promise<void>;
}

/**
 * Registered last (its close step runs after the hub has sent every client its Close). Until a stop, it costs one
 * header check per answer.
 */
export function registerDrain(app: FastifyInstance, ctx: AppContext): Drain {
  let connectionsEnded: Promise<void> | undefined;
  let keepAliveGraceOver: Promise<unknown> | undefined;
  let stopping: Promise<void> | undefined;

  // Fastify says `Connection: close` on requests routed once closing; this covers those already running.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (ctx.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('preClose', async () => {
    if (!connectionsEnded) return; // closed without a drain (tests, a failed start)
    await keepAliveGraceOver;
    app.server.closeIdleConnections();
    const deadline = setTimeout(() => app.server.closeAllConnections(), IN_FLIGHT_GRACE_MS);
    await connectionsEnded;
    clearTimeout(deadline);
  });

  return {
    stop() {
      stopping ??= (async () => {
        ctx.draining = true;
        // A socket kept alive may be carrying a request to us right now: it gets the time to arrive and be answered
        // (with `Connection: close`) rather than being cut, which a balancer answers with 502. Counted from here, so
        // it runs alongside the hub's goodbyes.
        keepAliveGraceOver = new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_GRACE_MS));
        // The listening socket alone: http's own close would also cut the idle kept-alive sockets at once.
        connectionsEnded = app.server.listening
          ? new Promise<void>((resolve) => net.Server.prototype.close.call(app.server, () => resolve()))
          : Promise.resolve();
        await app.close();
      })();
      return stopping;
    },
  };
}
