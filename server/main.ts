import { loadConfig } from './config';
import { buildApp } from './app';

const startedAt = performance.now();
const config = loadConfig();
const { app } = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Partner Portal on ${config.publicUrl} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}), ready in ${Math.round(performance.now() - startedAt)} ms`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
