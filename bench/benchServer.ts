// The server of bench:dashboard, bench:search, bench:forms and bench:hostile: the compiled server in a process of its
// own (bench/harness: stopped with its cluster and folder however the bench ends) on the default engine (the embedded
// PostgreSQL in a folder of its own; PostgreSQL at DATABASE_URL when one is set), with the demo seed and limits a bench
// does not meet. A start on another engine (PGlite after a fallback) fails loudly: its figures would not be the default
// engine's. What a bench does to the database beside the API goes through connections of its own (`oneSession`,
// `benchPool`), and what it tells the server's instances through the events channel every instance listens on.
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Envelope } from '../contract/envelope';
import { TENANT_HEADER, TENANT_ROOT } from '../contract/http';
import type { TokenResponse } from '../contract/tokens';
import type { Db } from '../server/db/client';
import * as schema from '../server/db/schema';
import { createEventBus, DOMAIN_EVENTS_CHANNEL, openPostgresNotifications, type EventBus } from '../server/core/events';
import { DEMO_PASSWORD } from '../server/modules/users/users.demo';
import { onCleanup } from './harness/cleanup';
import { startServerProcess, type ServerProcess, type StartOptions } from './harness/serverProcess';

export interface ApiAnswer<T> {
  status: number;
  body: Envelope<T>;
  text: string;
  headers: Headers;
}

export interface BenchServer extends ServerProcess {
  databaseUrl: string;
  /** One request: the body as JSON unless `rawBody` is given; the answer's envelope parsed (null when not JSON). */
  api<T = unknown>(
    method: string,
    urlPath: string,
    options?: { token?: string; body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  signIn(email: string, password?: string): Promise<TokenResponse>;
  /** Closes the server (as the bench's cleanup would at the end). */
  close(): Promise<void>;
}

/** Starts the compiled server; throws unless it runs on the engine meant. */
export async function startBenchServer(
  name: string,
  options: { staticDir?: string; env?: Record<string, string>; probe?: StartOptions['probe'] } = {},
): Promise<BenchServer> {
  const server = await startServerProcess({
    label: name,
    probe: options.probe,
    env: {
      // No built app unless the bench serves one (a folder that does not exist: the API alone).
      STATIC_DIR: options.staticDir ?? '/nonexistent/pp-bench-no-dist',
      RATE_FORGOT_PASSWORD_PER_HOUR: '10000',
      ...options.env,
    },
  });
  if (!server.databaseUrl) throw new Error(`bench:${name} needs PostgreSQL (embedded or at DATABASE_URL); the server runs on ${server.engine}`);

  const api: BenchServer['api'] = async (method, urlPath, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | Buffer | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(server.url + urlPath, {
      method,
      headers,
      body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed as never, text, headers: response.headers };
  };

  return {
    ...server,
    databaseUrl: server.databaseUrl,
    api,
    async signIn(email, password = DEMO_PASSWORD) {
      const answer = await api<TokenResponse>('POST', '/api/token', { body: { email, password }, headers: { [TENANT_HEADER]: TENANT_ROOT } });
      if (answer.status !== 200 || !answer.body.data) throw new Error(`sign-in of ${email} failed: ${answer.text}`);
      return answer.body.data;
    },
    close: () => server.stop(),
  };
}

/**
 * One connection of its own to the server's database: what a bench seeds with temporary tables (each a connection's
 * own; a pool would run the next statement on another connection) and `vacuum` (outside a transaction).
 */
export async function oneSession(server: BenchServer): Promise<{ db: Db; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const close = onCleanup('a database session', () => client.end());
  return { db: drizzle(client, { schema }) as unknown as Db, close };
}

/** A pool of the bench's own on the server's database (as large as the server's): raw SQL beside the API's figures. */
export function benchPool(server: BenchServer): Db {
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 10 });
  onCleanup('a database pool', () => pool.end());
  return drizzle(pool, { schema }) as unknown as Db;
}

/** The bench's instance says only what went wrong. */
const quietLog = {
  level: 'warn',
  fatal: console.error,
  error: console.error,
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => quietLog,
} as unknown as FastifyBaseLogger;

/**
 * The bench as one more instance on the server's database: what it publishes reaches the server as another
 * instance's change does (`acrossInstances: true` waits until the server has heard it).
 */
export async function instanceEvents(server: BenchServer): Promise<EventBus> {
  const notifications = await openPostgresNotifications({ connectionString: server.databaseUrl, log: quietLog });
  onCleanup('the events channel', () => notifications.close());
  return createEventBus({ channel: await notifications.listen(DOMAIN_EVENTS_CHANNEL) });
}
