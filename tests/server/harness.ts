import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import type { Envelope } from '../../contract/envelope';
import type { TokenResponse } from '../../contract/tokens';
import { afterAnswersSettled } from '../../server/modules/accounts/afterAnswer';
import { runPartnerFormReminders, type ReminderRun } from '../../server/modules/partnerForms/partnerFormReminders';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import { createDatabaseOn, type TestDatabaseStart } from './testDatabases';

export { DEMO_PASSWORD };

export interface TestServer {
  url: string;
  config: Config;
  built: BuiltApp;
  api<T = unknown>(method: string, urlPath: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  signIn(email: string, password?: string): Promise<TokenResponse>;
  /** The outbox's mails, newest last. */
  outbox(): string[];
  /** A fingerprint of every table's rows: equal before and after means nothing changed. */
  snapshot(): Promise<string>;
  /** One tick of the partner form reminder job at `now` (its mails and notifications sent when it resolves). */
  runReminders(now: Date): Promise<ReminderRun>;
  close(): Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
}

export interface ApiAnswer<T> {
  status: number;
  body: Envelope<T>;
  text: string;
  headers: Headers;
}

/**
 * A new database for one test server on the server suite's PostgreSQL (see testCluster.globalSetup.ts): a copy
 * of the demo template, or empty. Outside that suite (end to end), none: the server makes its own engine in its
 * data folder.
 */
export async function createTestDatabase(start: TestDatabaseStart = 'empty'): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  const databases = suiteDatabases();
  if (!databases) return { drop: async () => {} };
  return createDatabaseOn(databases, start);
}

/** The server suite's databases; none in other projects, or outside vitest (scripts/screens.ts). */
function suiteDatabases() {
  try {
    return inject('testDatabases');
  } catch {
    return undefined;
  }
}

/** A new data folder: holding the demo template's files (in the server suite) to go with its database, or empty. */
export function testDataDir(start: TestDatabaseStart = 'empty'): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-test-'));
  const templateDataDir = suiteDatabases()?.templateDataDir;
  if (start === 'demo' && templateDataDir) fs.cpSync(templateDataDir, dataDir, { recursive: true });
  return dataDir;
}

/** The server suite's PostgreSQL, for a test that makes databases or channels of its own. */
export function adminDatabaseUrl(): string {
  const databases = suiteDatabases();
  if (!databases) throw new Error('only the server suite has a PostgreSQL of its own (vitest --project server)');
  return databases.adminUrl;
}

/** The configuration of a test server: demo seed, quiet log, limits a test does not meet unless it sets them. */
export function testConfig(
  dataDir: string,
  databaseUrl: string | undefined,
  options: {
    limits?: Partial<Config['limits']>;
    staticDir?: string;
    databaseEngine?: 'pglite' | 'embedded';
    fileStore?: Config['fileStore'];
    secondFactorEnrolment?: Config['secondFactorEnrolment'];
    inboundMail?: Partial<Config['inboundMail']>;
  } = {},
): Config {
  // PGlite unless a test asks for the embedded PostgreSQL: in-process, fast, one per test server.
  const databaseEngine = databaseUrl ? 'postgres' : (options.databaseEngine ?? 'pglite');
  const base = loadConfig(
    { ...process.env, SEED: 'demo', DATABASE_URL: '', JWT_SECRET: '', FILE_STORE: '' },
    { dataDir, port: 0, databaseUrl, databaseEngine },
  );
  return {
    ...base,
    seed: 'demo',
    // The demo Admin and Support sign in with a password alone in every test but the ones about enrolment.
    secondFactorEnrolment: options.secondFactorEnrolment ?? 'off',
    logLevel: 'silent',
    staticDir: options.staticDir ?? path.join(dataDir, 'no-dist'),
    limits: { ...base.limits, tokenPerMinute: 10_000, forgotPasswordPerHour: 10_000, ...options.limits },
    ...(options.fileStore ? { fileStore: options.fileStore } : {}),
    // No SMTP listener nor IMAP reader unless a test starts one: a developer's INBOUND_SMTP_PORT would clash between test servers.
    inboundMail: { ...base.inboundMail, smtpPort: undefined, imapUrl: undefined, ...options.inboundMail },
  };
}

/**
 * Tables that count requests rather than hold what a request changed (a refused request still counts there), and the
 * hub's presence, which its connections write as they come and go (an earlier test's connection may leave meanwhile).
 */
const REQUEST_COUNTERS = ['rate_limit_hits', 'hub_presence'];

/**
 * Columns that record activity rather than a change: any request of a sign-in, a refused one too, may move its last
 * active (at most once a minute, signIns.ts); any request of a SCIM token its last use (scimAuth.ts).
 */
const ACTIVITY_COLUMNS: Record<string, string[]> = { sign_ins: ['last_active_at'], scim_tokens: ['last_used_at'] };

/** A fingerprint of every table's rows but the request counters' (and activity columns'): equal before and after means nothing changed. */
export async function snapshotOf(db: BuiltApp['database']['db']) {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const counted = tables.rows.filter(({ table_name }) => !REQUEST_COUNTERS.includes(table_name));
  const parts: string[] = [];
  for (const { table_name } of counted) {
    const row = ACTIVITY_COLUMNS[table_name] ? `(to_jsonb(t) - array[${ACTIVITY_COLUMNS[table_name].map((c) => `'${c}'`).join(', ')}])::text` : 't::text';
    const result = (await db.execute(
      sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(${row}, '|' order by ${row})), '') as h from "${table_name}" t`),
    )) as unknown as { rows: { n: string; h: string }[] };
    parts.push(`${table_name}:${result.rows[0].n}:${result.rows[0].h}`);
  }
  return parts.join('\n');
}

/**
 * A real server on a free port over a fresh copy of the demo data: in the server suite a database made from the
 * run's template and the template's files, dropped afterwards; elsewhere its own engine in a temporary folder.
 */
export async function startServer(
  options: {
    limits?: Partial<Config['limits']>;
    staticDir?: string;
    databaseEngine?: 'pglite' | 'embedded';
    beforeListen?: (built: BuiltApp) => void;
    /** Where the server keeps its files (FILE_STORE=s3's settings); read at start, so an earlier beforeAll may set it. */
    fileStore?: Config['fileStore'];
    /** `required` enforces the roles' second-factor setting (off in tests unless asked). */
    secondFactorEnrolment?: Config['secondFactorEnrolment'];
    /** Count each request's statements (`built.statements`). */
    countStatements?: boolean;
    /** Replies by mail (a domain makes mails carry reply addresses; a port starts the SMTP listener). */
    inboundMail?: Partial<Config['inboundMail']>;
    /**
     * PUBLIC_URL is this server's own address on that host name, as a deployment's is (identity providers send the
     * browser back there); otherwise it names port 0, the port not being known when the configuration is made.
     */
    publicHost?: string;
  } = {},
): Promise<TestServer> {
  // An engine named by the test is its own, in the data folder, migrated and seeded at start (end to end, the PGlite fallback).
  const ownEngine = options.databaseEngine !== undefined;
  const dataDir = testDataDir(ownEngine ? 'empty' : 'demo');
  const database = ownEngine ? { databaseUrl: undefined, drop: async () => {} } : await createTestDatabase('demo');
  const config = testConfig(dataDir, database.databaseUrl, options);
  const built = await buildApp(config, { logger: false, countStatements: options.countStatements });
  options.beforeListen?.(built);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  if (options.publicHost) config.publicUrl = url.replace('127.0.0.1', options.publicHost);

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
    // Mail and other work the server does after answering is done before the test reads its effects.
    await afterAnswersSettled(built.app.server);
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed as Envelope<never>, text, headers: response.headers };
  };

  return {
    url,
    config,
    built,
    api,
    async signIn(email, password = DEMO_PASSWORD) {
      const answer = await api<TokenResponse>('POST', '/api/token', { body: { email, password }, headers: { [TENANT_HEADER]: TENANT_ROOT } });
      if (answer.status !== 200 || !answer.body.data) throw new Error(`sign-in of ${email} failed: ${answer.text}`);
      return answer.body.data;
    },
    outbox() {
      const dir = path.join(dataDir, 'outbox');
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    },
    snapshot: () => snapshotOf(built.database.db),
    runReminders: (now) => runPartnerFormReminders(built.ctx, now),
    async close() {
      // The file is done with its server: a connection a client left busy (seen: one kept-alive socket in one shuffled
      // order of tickets.test.ts) must not hold the close until the idle timeout. The hub's goodbye goes out first.
      const lingering = setTimeout(() => built.app.server.closeAllConnections(), 2000);
      await built.app.close();
      clearTimeout(lingering);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's snapshot but the named tables' lines: for a test where those tables move whatever the answer. */
export async function snapshotBeside(server: Pick<TestServer, 'snapshot'>, ...tables: string[]) {
  return (await server.snapshot())
    .split('\n')
    .filter((line) => !tables.includes(line.slice(0, line.indexOf(':'))))
    .join('\n');
}

export const rootTenant = { [TENANT_HEADER]: TENANT_ROOT };

/** The link a mail carries, as the console prints it. */
export function linkIn(mail: string): URL {
  const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = unfolded.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail:\n${mail}`);
  return new URL(match[0]);
}
