import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
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

  it('a database made before the support desk gives its seeded roles the desk’s grants once, and no other role', async () => {
    await withNewDatabase(async (url) => {
      // The migrations as shipped before 0025, applied to the new database.
      const before = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-migrations-'));
      fs.cpSync(migrationsFolder, before, { recursive: true });
      const journalPath = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const upTo = journal.entries.findIndex((entry) => entry.tag === '0025_support_desk_grants');
      fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
      const pool = new pg.Pool({ connectionString: url });
      try {
        await migrate(drizzle(pool), { migrationsFolder: before });
        const role = async (name: string) => (await pool.query(`insert into roles (name, priority) values ($1, 50) returning id`, [name])).rows[0].id as string;
        const support = await role('Support');
        await role('Partner');
        await role('Custom');
        await pool.query(`insert into role_permissions (role_id, permission) values ($1, 'Permissions.TicketNotes.View')`, [support]);
      } finally {
        await pool.end();
        fs.rmSync(before, { recursive: true, force: true });
      }
      const database = await openDatabase({ databaseUrl: url });
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ name: string; permission: string }>(
        `select r.name, p.permission from role_permissions p join roles r on r.id = p.role_id order by r.name, p.permission`,
      );
      await client.end();
      const of = (name: string) => rows.filter((row) => row.name === name).map((row) => row.permission);
      expect(of('Support')).toContain('Permissions.TicketNotes.Create');
      expect(of('Support')).toContain('Permissions.CannedResponses.Configure');
      expect(of('Support')).toContain('Permissions.TicketMerges.Create');
      expect(of('Support').filter((p) => p === 'Permissions.TicketNotes.View')).toHaveLength(1);
      expect(of('Partner')).toEqual(['Permissions.TicketRatings.Create']);
      expect(of('Custom')).toEqual([]);
    });
  });
});
