import { loadConfig } from './config';
import { buildApp } from './app';

const startedAt = performance.now();
const config = loadConfig();
const engineName = {
  embedded: `embedded PostgreSQL in ${config.dataDir}/postgres`,
  pglite: `PGlite in ${config.dataDir}/pglite`,
  postgres: 'PostgreSQL at DATABASE_URL',
};
const { app } = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
app.log.info(`Partner Portal on ${config.publicUrl} (${engineName[config.databaseEngine]}), ready in ${Math.round(performance.now() - startedAt)} ms`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
