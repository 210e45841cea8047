import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { migrationsFolder } from '../../db/client';

/** The migrations this build ships, by their journal. */
function shippedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

export interface Readiness {
  database: boolean;
  /** This instance hears other instances' events (its LISTEN link is up); true for a lone instance without one. */
  listening: boolean;
  migrationsApplied: number;
  migrationsShipped: number;
}

/**
 * Whether the database answers and holds every migration this build ships (drizzle records them in its own table),
 * and whether the LISTEN link is up (`listening`: absent when the instance has none).
 */
export async function readiness(db: Db, listening?: () => boolean): Promise<Readiness> {
  const migrationsShipped = shippedMigrations();
  const listens = listening ? listening() : true;
  try {
    const result = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as { rows: { applied: number }[] };
    return { database: true, listening: listens, migrationsApplied: result.rows[0].applied, migrationsShipped };
  } catch {
    return { database: false, listening: listens, migrationsApplied: 0, migrationsShipped };
  }
}

export const isReady = (r: Readiness) => r.database && r.listening && r.migrationsApplied >= r.migrationsShipped;
