import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { send } from '../core/envelope';
import { sendError } from '../core/errorHandlers';
import { ApiError } from '../core/errors';
import { RequestLog, requestLoggerOptions } from '../core/requestLog';

/** How long a client waits before asking a starting instance again. */
const STARTING_RETRY_AFTER_SECONDS = 5;

/**
 * What answers on the instance's port while its start waits for the database or the bucket: `/api/health` 200 (the
 * process is alive: a supervisor leaves it be), everything else, `/api/ready` first, 503 with Retry-After (a balancer
 * sends no traffic here yet). Its logger is the instance's until the app takes over; `listen` opens the port.
 */
export function startingListener(config: Pick<Config, 'port' | 'host' | 'logLevel' | 'logReadSample'>, logger?: FastifyServerOptions['logger']) {
  const app = Fastify({ logger: logger ?? requestLoggerOptions(config.logLevel), logController: new RequestLog(config.logReadSample) });
  app.get('/api/health', (request, reply) => send(request, reply, { status: 'ok' }));
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, Object.assign(new ApiError(503, 'api.notReady'), { retryAfterSeconds: STARTING_RETRY_AFTER_SECONDS })),
  );
  return {
    log: app.log,
    server: app.server,
    listen: () =>
      app.listen({
        port: config.port,
        host: config.host,
        listenTextResolver: (address) => `Listening at ${address}, starting: /api/ready answers 503 until the app is ready`,
      }),
    close: () => app.close(),
  };
}
