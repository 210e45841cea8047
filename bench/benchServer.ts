// The in-process server of bench:dashboard, bench:search and bench:forms: the app as main.ts builds it, on the default
// engine (the embedded PostgreSQL in a folder of its own; PostgreSQL at DATABASE_URL when one is set), with the demo seed
// and the test harness's settings (quiet log, limits a bench does not meet). A start on another engine (PGlite after a
// fallback) fails loudly: its figures would not be the default engine's.
import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { TENANT_HEADER, TENANT_ROOT } from '../contract/http';
import type { TokenResponse } from '../contract/tokens';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/client';
import * as schema from '../server/db/schema';
import { afterAnswersSettled } from '../server/modules/accounts/afterAnswer';
import { DEMO_PASSWORD } from '../server/modules/users/users.demo';
import type { TestServer } from '../tests/server/harness';
import { benchFolder, engineSettings, expectEngine, expectedEngine } from './engine';

export type BenchServer = Pick<TestServer, 'url' | 'config' | 'built' | 'api' | 'signIn' | 'close'> & {
  /** The engine the server runs on, as /api/ready says it: the one meant (checked at start). */
  engine: string;
};

/** Starts the server; throws unless it runs on the engine meant (`expectedEngine()`). */
export async function startBenchServer(name: string, options: { staticDir?: string } = {}): Promise<BenchServer> {
  // PostgreSQL's user reaches DATA_DIR in it (a root runner's 0700 folder would keep the embedded cluster from starting).
  const dataDir = benchFolder(`pp-bench-${name}-`);
  const base = loadConfig(
    { ...process.env, SEED: 'demo', SECOND_FACTOR_ENROLMENT: 'off', JWT_SECRET: '', FILE_STORE: '', ...engineSettings() },
    { dataDir, port: 0 },
  );
  const config = {
    ...base,
    seed: 'demo' as const,
    logLevel: 'silent',
    staticDir: options.staticDir ?? path.join(dataDir, 'no-dist'),
    limits: { ...base.limits, tokenPerMinute: 10_000, forgotPasswordPerHour: 10_000 },
  };
  let built: TestServer['built'] | undefined;
  try {
    built = await buildApp(config, { logger: false });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await expectEngine(url);
    const app = built;

    const api: TestServer['api'] = async (method, urlPath, opts = {}) => {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | Buffer | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(url + urlPath, { method, headers, body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body) });
      const text = await response.text();
      // As the harness does: work the server does after answering is done before the next request.
      await afterAnswersSettled(app.app.server);
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: response.status, body: parsed as never, text, headers: response.headers };
    };

    return {
      url,
      config,
      built: app,
      engine: expectedEngine(),
      api,
      async signIn(email, password = DEMO_PASSWORD) {
        const answer = await api<TokenResponse>('POST', '/api/token', { body: { email, password }, headers: { [TENANT_HEADER]: TENANT_ROOT } });
        if (answer.status !== 200 || !answer.body.data) throw new Error(`sign-in of ${email} failed: ${answer.text}`);
        return answer.body.data;
      },
      async close() {
        const lingering = setTimeout(() => app.app.server.closeAllConnections(), 2000);
        await app.app.close();
        clearTimeout(lingering);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await built?.app.close().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * One connection of its own to the server's database: what a bench seeds with temporary tables (each a connection's
 * own; the server's pool would run the next statement on another connection) and `vacuum` (outside a transaction).
 */
export async function oneSession(server: BenchServer): Promise<{ db: Db; close(): Promise<void> }> {
  const url = server.built.database.url;
  if (!url) throw new Error(`the server's database (${server.built.database.kind}) has no connection string`);
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  return { db: drizzle(client, { schema }) as unknown as Db, close: () => client.end() };
}
