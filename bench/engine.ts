// What every bench that starts a server needs so its figures are the default engine's: a folder PostgreSQL's user can
// enter (a root runner's mkdtemp is 0700, which the embedded cluster's `postgres` user cannot pass through), and a
// loud failure when the server runs on another engine than the one meant (PGlite after a fallback).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A new temporary folder that any user may pass through (not list): the embedded cluster's user reaches DATA_DIR in it. */
export function benchFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o711);
  return dir;
}

/** The engine a bench means to measure: PostgreSQL at DATABASE_URL when one is set, else the embedded default. */
export const expectedEngine = (): 'embedded' | 'postgres' => (process.env.DATABASE_URL ? 'postgres' : 'embedded');

/** Server settings that pin the engine: a start where it cannot run fails instead of falling back to PGlite. */
export const engineSettings = (): Record<string, string> =>
  process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_ENGINE: 'postgres' } : { DATABASE_URL: '', DATABASE_ENGINE: 'embedded' };

/** Asks the server which engine it runs on (`/api/ready`) and throws unless it is `expected`. */
export async function expectEngine(baseUrl: string, expected: string = expectedEngine()): Promise<void> {
  const answer = await fetch(`${baseUrl}/api/ready`);
  const body = (await answer.json().catch(() => null)) as { data?: { engine?: string; engineFallback?: string }; message?: string } | null;
  const engine = body?.data?.engine;
  if (engine === expected) return;
  const why = body?.data?.engineFallback ?? body?.message ?? `status ${answer.status}`;
  throw new Error(`The server under bench runs on ${engine ?? 'an unknown engine'} (${why}), not ${expected}: its figures would not be the default engine's.`);
}
