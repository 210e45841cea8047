import path from 'node:path';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import type { AppContext } from './context';
import { openConfiguredDatabase, type Database } from './db/client';
import { StatementCounter } from './db/statementCount';
import { ApiError } from './core/errors';
import { clientErrors, frameworkErrors, registerErrorHandlers } from './core/errorHandlers';
import { createEventBus, DOMAIN_EVENTS_CHANNEL, openPostgresNotifications } from './core/events';
import { registerGuard } from './core/guard';
import { registerJsonBody } from './core/jsonBody';
import { registerApiDocs, registerApiDocsRoutes } from './core/openapi/apiDocs';
import { registerIdempotency } from './core/idempotency';
import { registerSecurityHeaders } from './core/securityHeaders';
import { registerRealtimeHub } from './hub';
import { openFileStore } from './files/openFileStore';
import { createMailer } from './mail/mailer';
import { isBouncing } from './modules/inboundMail/mailBounces';
import { envelopeFromOf } from './modules/inboundMail/ticketMailHeaders';
import { ACCESS_EVENTS } from './modules/accounts/accessChanges';
import { loadPrincipals } from './modules/accounts/principal';
import { cachePrincipals } from './modules/accounts/principalCache';
import { registerSecondFactorGate, withProviderMfa } from './modules/accounts/secondFactorGate';
import { createSignInCheck, refuseEndedSignIns } from './modules/accounts/signIns';
import { refuseWithdrawnImpersonations } from './modules/impersonation/impersonatorCheck';
import { registerImpersonationTrail } from './modules/impersonation/impersonationTrail';
import { API_PREFIXES } from './modules/module';
import { modules } from './modules';
import { runSeeds } from './modules/seeding';
import { registerStaticApp } from './staticApp';
import { RequestLog, requestLoggerOptions } from './core/requestLog';
import { capConnectionsPerAddress, enforceBodyRate, refuseConnectionsOverCap, serverTimeouts } from './core/slowClients';
import { createRateLimitCounter, sharedRateLimitStore, sweepRateLimitsPeriodically } from './core/rateLimits';
import { fastifyTrustProxy, isTrustedProxyOf } from './core/trustedProxies';
import { markStartPhase } from './start/startPhases';

export interface BuiltApp {
  app: ReturnType<typeof Fastify>;
  database: Database;
  /** Every route as registered, for the test that each declares its access. */
  routes: RouteOptions[];
  /** What every module was given (tests reach the event bus and services through it). */
  ctx: AppContext;
  /** Each request's statements, when the build asked for them (`countStatements`). */
  statements?: StatementCounter;
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Count each request's round trips to PostgreSQL (tests and benches; costs nothing when off). */
  countStatements?: boolean;
}

function createFastify(config: Config, options: BuildOptions) {
  return Fastify({
    logger: options.logger ?? requestLoggerOptions(config.logLevel),
    logController: new RequestLog(config.logReadSample),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler: clientErrors,
    // While closing, requests still get answers (not 503): a long-polling client takes its shutdown Close with its next poll.
    return503OnClosing: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...serverTimeouts(config.limits),
  });
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = createFastify(config, options);
  try {
    return await assembleApp(app, config, options.countStatements ? new StatementCounter() : undefined);
  } catch (error) {
    // A start that failed half-way (the database or the bucket unreachable) leaves nothing open: it may be tried again.
    await app.close().catch(() => {});
    throw error;
  }
}

async function assembleApp(app: ReturnType<typeof createFastify>, config: Config, statements?: StatementCounter): Promise<BuiltApp> {
  // First of all hooks, so the guard's statements count too.
  statements?.register(app);
  const connectionCap = capConnectionsPerAddress(app.server, config.limits.maxConnectionsPerAddress, isTrustedProxyOf(config.trustProxy));
  enforceBodyRate(app.server, config.limits);
  const database = await openConfiguredDatabase(config, app.log, statements);
  markStartPhase('database (start or adopt, connect, migrations)');
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('onClose', () => database.close());
  registerErrorHandlers(app);
  refuseConnectionsOverCap(app, connectionCap);
  registerJsonBody(app);
  registerSecurityHeaders(app);
  // One LISTEN connection per instance takes domain events and the hub's deliveries to every instance.
  const notifications = database.url
    ? await openPostgresNotifications({ connectionString: database.url, log: app.log, opened: (client) => statements?.watch(client) })
    : undefined;
  if (notifications) app.addHook('onClose', () => notifications.close());

  const fileStore = await openFileStore(config, app.log);
  app.addHook('onClose', () => fileStore.close());
  markStartPhase('notifications and file store');

  const ctx: AppContext = {
    config,
    db: database.db,
    log: app.log,
    // An access change's request answers once its NOTIFY is committed (every instance then drops the old access).
    events: createEventBus({ log: app.log, channel: await notifications?.listen(DOMAIN_EVENTS_CHANNEL), acrossInstances: ACCESS_EVENTS }),
    ...(notifications ? { listening: () => notifications.isListening() } : {}),
    files: fileStore.files,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
      isBouncing: (address) => isBouncing(database.db, address),
      envelopeFrom: (to) => envelopeFromOf(config, to),
    }),
    engine: database.engine,
    draining: false,
  };

  await runSeeds(ctx, modules, { demo: config.seed === 'demo' });
  markStartPhase('seed checks');

  // Limits count in the database, so every instance adds to one count; ended windows are swept now and then.
  const rateLimitCounter = createRateLimitCounter(database.db);
  const stopSweeping = sweepRateLimitsPeriodically(rateLimitCounter, (error) => app.log.warn({ err: error }, 'rate limit sweep failed'));
  app.addHook('onClose', async () => stopSweeping());
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(rateLimitCounter),
    errorResponseBuilder: () => new ApiError(429, 'api.tooManyRequests'),
  });
  await registerApiDocs(app);
  // Ended sign-ins (issue 26): their access tokens are refused here and open no hub connection, on every instance.
  const signIns = createSignInCheck(database.db, ctx.events);
  // One cache of who is asking, for the API and the hub alike: one load per user, one forget per change, many users a
  // statement in a burst. A token's sign-in that is not kept either is read in the same round trip (a sign-in's first
  // request costs one, not two).
  const principals = cachePrincipals(
    (asks) =>
      loadPrincipals(
        database.db,
        asks.map(({ userId, claims }) => ({ userId, signIn: claims?.sid ? signIns.toRead(claims.sid) : null })),
      ),
    ctx.events,
  );
  registerGuard(app, config.jwtSecret, withProviderMfa(principals.load));
  registerSecondFactorGate(app, { enforced: config.secondFactorEnrolment === 'required' });
  refuseEndedSignIns(app, signIns);
  refuseWithdrawnImpersonations(app, principals.load);
  registerImpersonationTrail(app, database.db);
  registerIdempotency(app, database.db);

  await registerRealtimeHub(app, { ctx, notifications, principals, signIns });
  for (const module of modules) {
    for (const prefix of module.prefixes ?? API_PREFIXES) await app.register(module.plugin, { ctx, prefix });
  }
  await registerApiDocsRoutes(app);
  await registerStaticApp(app, config.staticDir);
  markStartPhase('routes and hub');
  return { app, database, routes, ctx, ...(statements ? { statements } : {}) };
}
