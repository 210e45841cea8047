import pg from 'pg';

/** `up`: answers queries; `starting`: a postmaster is there but not ready (recovery, shutdown); `down`: nothing answers. */
export type ClusterState = 'up' | 'starting' | 'down';

/** PostgreSQL's "the database system is starting up / shutting down / in recovery mode". */
const CANNOT_CONNECT_NOW = '57P03';

export async function probeCluster(url: string): Promise<ClusterState> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return 'up';
  } catch (error) {
    return (error as { code?: string }).code === CANNOT_CONNECT_NOW ? 'starting' : 'down';
  } finally {
    await client.end().catch(() => {});
  }
}

/** One query on a connection of its own, ended before the answer returns. */
export async function queryOnce<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'portal-embedded-launcher' });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}
