import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../../server/db/client';
import { adminDatabaseUrl } from './harness';

/** Several instances starting at once on one new PostgreSQL database: each starts, the migrations apply once. */
const adminUrl = adminDatabaseUrl();

async function withNewDatabase(body: (url: string) => Promise<void>) {
  const name = `pp_migrate_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await body(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe('migrations on PostgreSQL', () => {
  it('four instances starting at once on a new database all start, and each migration is applied once', async () => {
    await withNewDatabase(async (url) => {
      const started = await Promise.allSettled([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: url })));
      const databases = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      try {
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started', 'started']);
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const { rows } = await client.query('select count(*)::int as applied from drizzle.__drizzle_migrations');
        await client.end();
        const shipped = (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
        expect(rows[0].applied).toBe(shipped);
      } finally {
        await Promise.all(databases.map((d) => d.close()));
      }
    });
  });
});
