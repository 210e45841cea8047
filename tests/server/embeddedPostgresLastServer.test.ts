import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { embeddedPostgresUrl } from '../../server/db/embeddedPostgres';
import { cleanUpEverything, clusterProcesses, dataFolder } from './embeddedPostgresServers';

/**
 * The embedded cluster is stopped by the last server out, whatever that server's own connections are doing: it counts
 * the servers on its folder, not the connections (the server's own closing pool once counted as other clients).
 */
const slow = { timeout: 120_000 };
afterEach(cleanUpEverything);

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the last server out of the embedded PostgreSQL', () => {
  it('stops the cluster while its pool still has a connection busy in a query: the stop ends that query', slow, async () => {
    const dataDir = dataFolder();
    const database = await openDatabase({ embeddedDataDir: dataDir, poolSize: 4 });
    const busy = database.db.execute(sql`select pg_sleep(600)`).then(
      () => 'finished',
      () => 'ended by the stop',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database.close();
    expect(clusterProcesses(dataDir)).toEqual([]);
    expect(await busy).toBe('ended by the stop');
  });

  it('stops the cluster when the connections left are no server’s (a straggler of its own pool, a psql beside it)', slow, async () => {
    const dataDir = dataFolder();
    const database = await openDatabase({ embeddedDataDir: dataDir, poolSize: 4 });
    const straggler = new pg.Client({ connectionString: embeddedPostgresUrl(dataDir) });
    straggler.on('error', () => {});
    await straggler.connect();
    await database.close();
    expect(clusterProcesses(dataDir)).toEqual([]);
    await straggler.end().catch(() => {});
  });

  it('leaves the cluster up while another server still uses it; that one stops it', slow, async () => {
    const dataDir = dataFolder();
    const [first, second] = await Promise.all([
      openDatabase({ embeddedDataDir: dataDir, poolSize: 2 }),
      openDatabase({ embeddedDataDir: dataDir, poolSize: 2 }),
    ]);
    await first.close();
    expect(clusterProcesses(dataDir)).not.toEqual([]);
    expect(await second.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
    await second.close();
    expect(clusterProcesses(dataDir)).toEqual([]);
  });
});
