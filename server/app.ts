import path from 'node:path';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { ApiError } from './core/errors';
import { clientErrors, frameworkErrors, registerErrorHandlers } from './core/errorHandlers';
import { createEventBus } from './core/events';
import { registerGuard } from './core/guard';
import { registerJsonBody } from './core/jsonBody';
import { registerIdempotency } from './core/idempotency';
import { registerSecurityHeaders } from './core/securityHeaders';
import { registerRealtimeHub } from './hub';
import { createMailer } from './mail/mailer';
import { loadPrincipal } from './modules/accounts/principal';
import { cachePrincipals } from './modules/accounts/principalCache';
import { tokenRoutes } from './modules/accounts/token.routes';
import { healthRoutes } from './modules/health/health.routes';
import { partnerRoutes } from './modules/partners/partners.routes';
import { roleRoutes } from './modules/roles/roles.routes';
import { partnerUserRoutes } from './modules/partnerUsers/partnerUsers.routes';
import { ticketRoutes } from './modules/tickets/tickets.routes';
import { accountRoutes } from './modules/users/account.routes';
import { recoveryRoutes } from './modules/users/recovery.routes';
import { userRoutes } from './modules/users/users.routes';
import { userRoleRoutes } from './modules/users/userRoles.routes';
import { seedDemo, seedRoles } from './seed/seedDemo';
import { registerStaticApp } from './staticApp';

export interface BuiltApp {
  app: ReturnType<typeof Fastify>;
  database: Database;
  /** Every route as registered, for the test that each declares its access. */
  routes: RouteOptions[];
}

/** Resource modules answer under /api/v1 and, as the specification's unversioned paths, under /api. */
const API_PREFIXES = ['/api/v1', '/api'];

export async function buildApp(config: Config, options: { logger?: FastifyServerOptions['logger'] } = {}): Promise<BuiltApp> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  await seedRoles(database.db);
  if (config.seed === 'demo') await seedDemo(database.db, { attachmentsDir: path.join(config.dataDir, 'attachments') });

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler: clientErrors,
    // While closing, requests still get answers (not 503): a long-polling client takes its shutdown Close with its next poll.
    return503OnClosing: false,
  });
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('onClose', () => database.close());
  registerErrorHandlers(app);
  registerJsonBody(app);
  registerSecurityHeaders(app);

  const ctx: AppContext = {
    config,
    db: database.db,
    log: app.log,
    events: createEventBus(),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
  };

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(429, 'api.tooManyRequests'),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Partner Portal API', version: '1.0.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
  });
  registerGuard(app, config.jwtSecret, cachePrincipals((id) => loadPrincipal(database.db, id), ctx.events));
  registerIdempotency(app, database.db);

  await app.register(tokenRoutes, { ctx, prefix: '/api' });
  await app.register(healthRoutes, { ctx, prefix: '/api' });
  for (const prefix of API_PREFIXES) {
    await app.register(accountRoutes, { ctx, prefix });
    await app.register(recoveryRoutes, { ctx, prefix });
    await app.register(userRoutes, { ctx, prefix });
    await app.register(userRoleRoutes, { ctx, prefix });
    await app.register(partnerRoutes, { ctx, prefix });
    await app.register(roleRoutes, { ctx, prefix });
    await app.register(partnerUserRoutes, { ctx, prefix });
  }
  const realtime = await registerRealtimeHub(app, { ctx });
  // After the hub: tickets announce their changes on it and tell it who may join a ticket's chat.
  for (const prefix of API_PREFIXES) await app.register(ticketRoutes, { ctx, realtime, prefix });
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await registerStaticApp(app, config.staticDir);
  return { app, database, routes };
}
