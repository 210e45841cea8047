// Candidate 4, the peer: the PostgreSQL of DATABASE_URL (PostgreSQL mode), in a database of its own named after the
// candidate's data folder, created by the cold open and dropped by the benchmark at the end. "Cold" is create
// database + migrate; "warm" is connect + migrations already applied.
import path from 'node:path';
import pg from 'pg';
import type { Candidate } from './candidate';
import { openPgPool } from './pgPool';

export async function onServer(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Lower case: PostgreSQL folds unquoted names. */
export const benchDatabaseName = (dataDir: string) => path.basename(dataDir).replace(/\W/g, '_').toLowerCase();

export function systemPostgres(serverUrl: string): Candidate {
  return {
    name: 'PostgreSQL (DATABASE_URL)',
    async open(dataDir) {
      const name = benchDatabaseName(dataDir);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      await onServer(serverUrl, `create database ${name}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // already there: a warm open
      });
      // Its processes serve other work too: their memory is not this candidate's.
      const { postmasterPid: _shared, ...open } = await openPgPool(url.toString());
      return open;
    },
  };
}
