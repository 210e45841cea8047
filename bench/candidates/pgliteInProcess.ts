// Candidate 1, today's default: PGlite (WASM PostgreSQL) on the main thread, so its SQL runs where HTTP is served.
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/client';
import type { Candidate } from './candidate';

export const pgliteInProcess: Candidate = {
  name: 'PGlite in-process',
  async open(dataDir) {
    const database = await openDatabase({ pgliteDir: dataDir });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return {
      query: async (sql, params) => (await client.query(sql, params)).rows,
      close: () => database.close(),
    };
  },
};
