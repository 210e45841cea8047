import { markStartPhase } from './startPhases';
import { preloadLazyModules } from '../core/lazyModules';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { buildApp, type BuiltApp } from '../app';
import type { Config } from '../config';
import { registerDrain, type Drain } from '../core/drain';
import { startingListener } from './startingListener';
import { retryWhileUnreachable, type StartRetryDelays } from './retryWhileUnreachable';

export interface StartedInstance extends BuiltApp {
  drain: Drain;
}

export interface Instance {
  /** The port once listened on (by the stand-in or the app): the configured one, or the one the system chose for 0. */
  readonly port: number | undefined;
  /** The app, once it has the port: the database and the bucket reached, migrations applied, seeds run. */
  started: Promise<StartedInstance>;
  /** Once started, the drain; before, the wait is given up and the port closed. */
  stop(): Promise<void>;
  /** Whether the app has the port (a stop drains it) or the start still waits. */
  isStarted(): boolean;
  /** The app's logger once started, the stand-in's before. */
  readonly log: FastifyBaseLogger;
}

/** The one line said when the port is taken (the app and its embedded PostgreSQL were closed first), or null. */
export function portInUseLine(error: unknown, config: Pick<Config, 'port' | 'host'>): string | null {
  if ((error as NodeJS.ErrnoException | undefined)?.code !== 'EADDRINUSE') return null;
  return `Port ${config.port} on ${config.host} is already in use: stop the program that holds it, or start with PORT set to another port.`;
}

/**
 * Connections the kernel holds for us until we accept them (it caps this at net.core.somaxconn, 4,096 on current
 * Linux). Node's default of 511 overflows when a restarted instance's clients all come back at once: the kernel drops
 * the SYNs past it, and each of those clients waits for its retransmission (1 s, then 3 s, 7 s, 15 s after its first).
 */
const LISTEN_BACKLOG = 4096;

/**
 * Builds the app, again and again while the database or the bucket cannot be reached (a reboot, a failover). A
 * start that succeeds at once opens the port only when ready: until then connections are refused, which a balancer
 * retries on another instance (a rolling restart loses nothing). Once an attempt failed, a stand-in listens
 * meanwhile: `/api/health` answers 200 and `/api/ready` 503. Each failed attempt is logged. A failure that is not an
 * outage (a refused password, a bad setting) ends the start.
 */
export function startInstance(config: Config, options: { logger?: FastifyServerOptions['logger']; delays?: StartRetryDelays } = {}): Instance {
  const standIn = startingListener(config, options.logger);
  const giveUp = new AbortController();
  let port: number | undefined;
  let running: StartedInstance | undefined;

  const started = (async () => {
    try {
      const built = await retryWhileUnreachable(() => buildApp(config, { logger: options.logger }), {
        async unreachable(message) {
          standIn.log.warn(message);
          if (standIn.server.listening || giveUp.signal.aborted) return;
          await standIn.listen();
          port = (standIn.server.address() as AddressInfo).port;
        },
        delays: options.delays,
        signal: giveUp.signal,
      });
      // After the hub's own close step: the drain's runs once every hub client has been sent its Close.
      const drain = registerDrain(built.app, built.ctx);
      try {
        if (giveUp.signal.aborted) throw new Error('The start was given up: the instance is stopping');
        // The port passes from the stand-in to the app; a connection in the instant between is refused, which a
        // balancer retries on another instance.
        await standIn.close();
        await built.app.listen({ port: port ?? config.port, host: config.host, backlog: LISTEN_BACKLOG });
        markStartPhase('listen');
        preloadLazyModules();
        port = (built.app.server.address() as AddressInfo).port;
      } catch (error) {
        await built.app.close();
        throw error;
      }
      running = { ...built, drain };
      return running;
    } finally {
      await standIn.close();
    }
  })();

  return {
    get port() {
      return port;
    },
    started,
    isStarted: () => running !== undefined,
    get log() {
      return running?.app.log ?? standIn.log;
    },
    async stop() {
      if (running) return running.drain.stop();
      giveUp.abort();
      await standIn.close();
    },
  };
}
