import { loadConfig } from './config';
import type { EngineInUse } from './db/client';
import { startEmbeddedPostgresEarly } from './db/embeddedPostgres';

const config = loadConfig();
// The embedded PostgreSQL starts while the rest of the server loads (the app's modules are imported below, not above).
if (config.databaseEngine === 'embedded') startEmbeddedPostgresEarly(config.dataDir);
const [{ buildApp }, { registerDrain }, { warmPasswordStrength }] = await Promise.all([
  import('./app'),
  import('./core/drain'),
  import('./modules/users/passwordStrengthCheck'),
]);
// zxcvbn's dictionaries load in their worker thread while the app starts, not on the first password a request sets.
warmPasswordStrength();

function engineName(engine: EngineInUse): string {
  if (engine.name === 'embedded') return `embedded PostgreSQL in ${config.dataDir}/postgres`;
  if (engine.name === 'postgres') return 'PostgreSQL at DATABASE_URL';
  if (engine.fallback) return `PGlite in ${config.dataDir}/pglite, NOT the embedded PostgreSQL: ${engine.fallback}`;
  return `PGlite in ${config.dataDir}/pglite`;
}

const { app, ctx } = await buildApp(config);
// After the hub's own close step: the drain's runs once every hub client has been sent its Close.
const drain = registerDrain(app, ctx);
await app.listen({ port: config.port, host: config.host });
// Timed from the process's start, module loading included. A fallback is said at warn level: heard at any LOG_LEVEL.
app.log[ctx.engine.fallback ? 'warn' : 'info'](
  `Partner Portal on ${config.publicUrl} (${engineName(ctx.engine)}), ready in ${Math.round(performance.now())} ms`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: draining (ready answers 503, no new connections, requests in flight finish), then stopping`);
    drain.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'The stop failed');
        process.exit(1);
      },
    );
  });
}
