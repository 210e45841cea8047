import { loadConfig } from '../config';
import { openConfiguredDatabase } from './client';

/** `npm run db:migrate`: applies the migrations this build ships (on PostgreSQL under the advisory lock), then exits. */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.close();
console.log(`Migrated the ${config.databaseEngine} database`);
