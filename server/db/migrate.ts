import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from './client';

/** `npm run db:migrate`: applies the migrations this build ships (on PostgreSQL under the advisory lock), then exits. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
await database.close();
console.log(`Migrated ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`);
