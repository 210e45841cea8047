// A PostgreSQL server reached the way the server reaches it: openDatabase (its pool of 10, the migrations under the
// advisory lock), raw SQL through that pool.
import type { Pool } from 'pg';
import { openDatabase } from '../../server/db/client';
import type { OpenCandidate } from './candidate';
import { parentOf } from './memory';

export async function openPgPool(url: string, stop: () => Promise<void> = async () => {}): Promise<OpenCandidate> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: url });
  } catch (error) {
    await stop();
    throw error;
  }
  const pool = (database.db as unknown as { $client: Pool }).$client;
  return {
    query: async (text, values, name) => (await pool.query({ text, values, name })).rows,
    connections: pool.options.max,
    async postmasterPid() {
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      return parentOf(rows[0].pid);
    },
    async close() {
      try {
        await database.close();
      } finally {
        await stop();
      }
    },
  };
}
