// Candidate 4, the peer: the PostgreSQL of DATABASE_URL (PostgreSQL mode), in a database of its own that the
// benchmark creates on the first open and drops at the end. "Cold" is create database + migrate.
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

/** The database of the candidate process `pid`: the parent drops it too, should that process die first. */
export const benchDatabaseName = (pid: number) => `bench_embedded_${pid}`;

export function systemPostgres(serverUrl: string): Candidate {
  const name = benchDatabaseName(process.pid);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let created = false;
  return {
    name: 'PostgreSQL (DATABASE_URL)',
    async open() {
      if (!created) {
        await onServer(serverUrl, `create database ${name}`);
        created = true;
      }
      // Its processes serve other work too: their memory is not this candidate's.
      const { postmasterPid: _shared, ...open } = await openPgPool(url.toString());
      return open;
    },
    async dispose() {
      if (created) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
