import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedPostgresUrl } from '../../server/db/embeddedPostgres';
import { onCleanup } from '../harness/cleanup';
import { pgClient, pgliteClient, type SqlClient } from './rawFloor';
import { benchFolder } from '../engine';
import { startServerProcess, type ServerProcess } from '../harness/serverProcess';
import { httpLoad } from './load';
import type { Side } from './rounds';

/** A server under test with what its loads need: the raw floor on its database and ids of its partners. */
export interface Target {
  server: ServerProcess;
  /** Short name in the table: 'embedded', 'PostgreSQL mode', … */
  name: string;
  floor?: SqlClient;
  partnerIds: string[];
}

async function partnerIdsOf(server: ServerProcess): Promise<string[]> {
  const answer = await fetch(`${server.url}/api/v1/partners/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await server.token()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pageNumber: 1, pageSize: 100 }),
  });
  const body = (await answer.json()) as { data?: { items: { id: string }[] } };
  const ids = body.data?.items.map((p) => p.id) ?? [];
  if (!ids.length) throw new Error(`${server.label}: no partners to read (${answer.status})`);
  return ids;
}

/**
 * The default engine's server (or PGlite's, the engine before it), in a data folder the benchmark owns. Its raw floor:
 * a pg pool on its cluster; for PGlite (one opener per folder), PGlite in this process on a copy made while the server
 * is stopped.
 */
export async function startEmbeddedTarget(options: {
  label: string;
  port: number;
  logLevel: string;
  floor: boolean;
  engine: 'embedded' | 'pglite';
  /** Named by its log level even at info. */
  labelled?: boolean;
}): Promise<Target> {
  const dataDir = benchFolder(`pp-bench-api-${options.label}-`);
  onCleanup(`folder ${dataDir}`, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const start = () => startServerProcess({ label: options.label, engine: options.engine, port: options.port, logLevel: options.logLevel, dataDir });
  let server = await start();
  let floor: SqlClient | undefined;
  if (options.floor && server.engine === 'embedded') floor = pgClient(embeddedPostgresUrl(dataDir));
  else if (options.floor) {
    await server.stop();
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), `pp-bench-api-floor-`));
    onCleanup(`folder ${copy}`, () => fs.rmSync(copy, { recursive: true, force: true }));
    fs.cpSync(path.join(dataDir, 'pglite'), copy, { recursive: true });
    server = await start();
    floor = await pgliteClient(copy);
  }
  const name = server.engine === 'embedded' ? 'embedded' : 'embedded (PGlite)';
  return {
    server,
    name: options.logLevel === 'info' && !options.labelled ? name : `${name}, LOG_LEVEL=${options.logLevel}`,
    floor,
    partnerIds: await partnerIdsOf(server),
  };
}

/** PostgreSQL mode on a new database of the DATABASE_URL's server (dropped at the end); its floor a pg pool on it. */
export async function startPostgresTarget(options: { port: number; adminUrl: string }): Promise<Target> {
  const server = await startServerProcess({ label: 'postgres', engine: 'postgres', port: options.port, logLevel: 'info', adminUrl: options.adminUrl });
  return { server, name: 'PostgreSQL mode', floor: pgClient(server.databaseUrl!), partnerIds: await partnerIdsOf(server) };
}

const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)];

/** GET /api/v1/partners/{id} with an admin token, a random existing id each request. */
export async function byIdSide(target: Target, connections: number): Promise<Side> {
  const token = await target.server.token();
  return {
    name: target.name,
    run: (seconds) => httpLoad({ url: target.server.url, connections, token, path: () => `/api/v1/partners/${pick(target.partnerIds)}` }, seconds),
  };
}

/** Keywords of the demo partners (names, streets, cities; with and without diacritics). */
const KEYWORDS = ['logistics', 'Dương', 'hà nội', 'trading', 'acme', 'globex', '555', 'harbour', 'nguyen hue', 'đông'];

/** POST /api/v1/partners/search: the list page's request (first page of 10, default order), a keyword each request. */
export async function searchSide(target: Target, connections: number): Promise<Side> {
  const token = await target.server.token();
  return {
    name: target.name,
    run: (seconds) =>
      httpLoad(
        {
          url: target.server.url,
          connections,
          token,
          method: 'POST',
          path: () => '/api/v1/partners/search',
          body: () => JSON.stringify({ pageNumber: 1, pageSize: 10, advancedSearch: { keyword: pick(KEYWORDS) } }),
        },
        seconds,
      ),
  };
}

/**
 * Load on a newly started server before it is measured: a fresh server answers at half its speed or less for its
 * first thousands of requests (measured: about 380 req/s beside 740 of one that had served 20 s), so every server gets
 * this same break-in, GET by id then search, before its first comparison.
 */
export async function breakIn(target: Target, seconds: number) {
  await (await byIdSide(target, 10)).run(seconds / 2);
  await (await searchSide(target, 10)).run(seconds / 2);
}
