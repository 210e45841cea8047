import { loadConfig } from './config';
import type { EngineInUse } from './db/client';
import { startEmbeddedPostgresEarly } from './db/embeddedPostgres';

const config = loadConfig();
// The embedded PostgreSQL starts while the rest of the server loads (the app's modules are imported below, not above).
if (config.databaseEngine === 'embedded') startEmbeddedPostgresEarly(config.dataDir);
const [{ startInstance, portInUseLine }, { warmPasswordStrength }, { markStartPhase, startPhasesLine }] = await Promise.all([
  import('./start/startInstance'),
  import('./modules/users/passwordStrengthCheck'),
  import('./start/startPhases'),
]);
markStartPhase('modules');
// zxcvbn's dictionaries load in their worker thread while the app starts, not on the first password a request sets.
warmPasswordStrength();

function engineName(engine: EngineInUse): string {
  if (engine.name === 'embedded') return `embedded PostgreSQL in ${config.dataDir}/postgres`;
  if (engine.name === 'postgres') return 'PostgreSQL at DATABASE_URL';
  if (engine.fallback) return `PGlite in ${config.dataDir}/pglite, NOT the embedded PostgreSQL: ${engine.fallback}`;
  return `PGlite in ${config.dataDir}/pglite`;
}

// While the database or the bucket cannot be reached, the start waits (/api/health 200, /api/ready 503 meanwhile).
const instance = startInstance(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    instance.log.info(
      instance.isStarted()
        ? `${signal}: draining (ready answers 503, no new connections, requests in flight finish), then stopping`
        : `${signal}: stopping before the start finished`,
    );
    instance.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        instance.log.error({ err: error }, 'The stop failed');
        process.exit(1);
      },
    );
  });
}

const { app, ctx } = await instance.started.catch((error: unknown) => {
  const portInUse = portInUseLine(error, config);
  if (!portInUse) throw error;
  console.error(portInUse);
  process.exit(1);
});
// Timed from the process's start, module loading and any wait for the database included. A fallback is said at warn
// level: heard at any LOG_LEVEL.
app.log[ctx.engine.fallback ? 'warn' : 'info'](
  `Partner Portal on ${config.publicUrl} (${engineName(ctx.engine)}), ready in ${Math.round(performance.now())} ms (${startPhasesLine()})`,
);
