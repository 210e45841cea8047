import { queryOnce } from '../../server/db/embeddedPostgresProbe';

/** What the server suite's global setup made for its test files (vitest's `inject('testDatabases')`). */
export interface TestDatabases {
  /** A superuser's connection to the run's PostgreSQL: it makes and drops each test file's databases. */
  adminUrl: string;
  /** The database migrated and seeded with the demo data that each test server's database is copied from. */
  template: string;
  /** The data folder the template was seeded beside (its attachments, files and avatars), copied for each server. */
  templateDataDir: string;
  engine: 'embedded' | 'postgres';
}

/** What a test database starts as: a copy of the demo template, or empty (a test of migrations or seeds). */
export type TestDatabaseStart = 'demo' | 'empty';

/** The same server, another database. */
export function databaseUrlOn(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A new database on the run's PostgreSQL, and how to drop it. */
export async function createDatabaseOn(databases: TestDatabases, start: TestDatabaseStart) {
  const name = `pp_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await queryOnce(databases.adminUrl, start === 'demo' ? `create database ${name} template ${databases.template}` : `create database ${name}`);
  return {
    databaseUrl: databaseUrlOn(databases.adminUrl, name),
    drop: async () => void (await queryOnce(databases.adminUrl, `drop database if exists ${name} with (force)`)),
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases?: TestDatabases;
  }
}
