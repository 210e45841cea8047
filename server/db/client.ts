import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres, type EmbeddedPostgresLog } from './embeddedPostgres';
import { EmbeddedPostgresUnavailable } from './embeddedPostgresBinaries';
import type { StatementCounter } from './statementCount';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The engine a server runs on; `fallback` says why it is not the embedded PostgreSQL it was meant to run on. */
export interface EngineInUse {
  name: 'embedded' | 'pglite' | 'postgres';
  fallback?: string;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  engine: EngineInUse;
  /** The connection string (PostgreSQL kinds): LISTEN/NOTIFY opens its own connection with it. */
  url?: string;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long a stop waits for the pool's connections to come back before the embedded cluster is stopped under them. */
const POOL_END_GRACE_MS = 5_000;

/** Any number: it names the advisory lock that migrations of this application take. */
const MIGRATION_LOCK = 7_262_531_901;

/**
 * Several instances starting at once migrate one after another, on one session that holds an advisory lock:
 * the first applies what is new, the others find nothing left to do.
 */
async function migrateUnderLock(pool: Pool) {
  const session = await pool.connect();
  try {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(session, { schema }), { migrationsFolder });
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    session.release();
  }
}

export interface DatabaseOptions {
  /** A PostgreSQL server (the `postgres` engine). */
  databaseUrl?: string;
  /** Start (or adopt) the embedded PostgreSQL of this data folder. */
  embeddedDataDir?: string;
  /** PGlite's folder; in memory when neither this nor the others is given. */
  pgliteDir?: string;
  poolSize?: number;
  log?: EmbeddedPostgresLog;
  /** Counts each request's statements (tests and benches): PostgreSQL kinds only. */
  statements?: StatementCounter;
}

/** The engine a configuration names: DATABASE_URL, the embedded PostgreSQL in DATA_DIR/postgres, or PGlite in DATA_DIR/pglite. */
export async function openConfiguredDatabase(config: Config, log?: EmbeddedPostgresLog, statements?: StatementCounter): Promise<Database> {
  const poolSize = config.databasePoolSize;
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (config.databaseEngine === 'postgres') return openDatabase({ databaseUrl: config.databaseUrl, poolSize, statements });
  if (config.databaseEngine === 'pglite') return openDatabase({ pgliteDir });
  try {
    return await openDatabase({ embeddedDataDir: config.dataDir, poolSize, log, statements });
  } catch (error) {
    // Not chosen by name: a machine or a folder the embedded PostgreSQL cannot run on still gets a working portal.
    if (!(error instanceof EmbeddedPostgresUnavailable) || config.databaseEngineChosen) throw error;
    log?.warn(`${error.message} Running on PGlite in ${pgliteDir} instead.`);
    const database = await openDatabase({ pgliteDir });
    return { ...database, engine: { name: 'pglite', fallback: error.message } };
  }
}

/** PostgreSQL through a pool when a URL or an embedded folder is given, else PGlite. Migrations run before the first query. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize, options.statements);
  if (options.embeddedDataDir) {
    const cluster = await startEmbeddedPostgres({ dataDir: options.embeddedDataDir, log: options.log });
    try {
      const database = await openPostgres(cluster.url, options.poolSize, options.statements);
      return {
        ...database,
        engine: { name: 'embedded' },
        async close() {
          // The cluster stops (when no other server uses it) whatever the pool still does: a connection still busy
          // after the grace is ended by the stop.
          try {
            await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, POOL_END_GRACE_MS).unref())]);
          } finally {
            await cluster.close();
          }
        },
      };
    } catch (error) {
      await cluster.close();
      throw error;
    }
  }
  // Loaded only for PGlite: its drizzle driver alone takes a quarter of a second to load, at every start otherwise.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({ ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}), extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', engine: { name: 'pglite' }, close: () => client.close() };
}

/** How long a checked-out connection that died may stay with its holder before the pool takes it back. */
const DEAD_CONNECTION_GRACE_MS = 1_000;

/**
 * Hears the `error` of every checked-out connection, and gives a dead one back to the pool if its holder does not:
 * Drizzle's transaction never releases its connection when `begin` itself fails (the connection lost at that very
 * moment), which would leave the pool one short for good after each restart and hang its end. The holder's own
 * release, if it comes later, does nothing.
 */
function releaseDeadConnections(pool: Pool) {
  const checkedOut = new WeakSet<PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) =>
    client.on('error', () => {
      setTimeout(() => {
        if (!checkedOut.has(client)) return;
        client.release(true);
        client.release = () => {};
      }, DEAD_CONNECTION_GRACE_MS).unref();
    }),
  );
}

async function openPostgres(url: string, poolSize = 10, statements?: StatementCounter): Promise<Database> {
  const pg = await import('pg');
  const pool = new pg.default.Pool({ connectionString: url, max: poolSize });
  if (statements) pool.on('connect', (client) => statements.watch(client));
  // A connection that PostgreSQL ends (a restart, a terminated backend, a database dropped while the pool closes)
  // emits `error`; unheard, that error would end the process. An idle one is heard by the pool, which drops it; a
  // checked-out one between two queries by its own listener (its next query fails, the request answers 503, and the
  // pool drops it on release). New connections are made when needed, so the pool comes back with the database.
  pool.on('error', () => {});
  releaseDeadConnections(pool);
  const db = drizzlePg(pool, { schema });
  try {
    await migrateUnderLock(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: db as unknown as Db, kind: 'postgres', engine: { name: 'postgres' }, url, close: () => pool.end() };
}
