import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/http';
import type { TokenResponse } from '../../contract/tokens';
import apiEn from '../../i18n/api.en';
import { buildApp, type BuiltApp } from '../../server/app';
import { expectEnvelope } from './expectations';
import { relayToDatabase, type TcpRelay } from './tcpRelay';
import { adminDatabaseUrl, createTestDatabase, DEMO_PASSWORD, rootTenant, testConfig, testDataDir, type ApiAnswer } from './harness';

/**
 * A PostgreSQL restart must not kill an instance (issue 22, break 5). The instance reaches its own throwaway
 * database through a TCP relay the test can cut: every connection dropped and new ones refused, as while
 * PostgreSQL restarts. Requests meanwhile answer 503 with Retry-After, never 500; the instance stays up and answers
 * 200 once the database is back. Backends terminated by an administrator under load answer 503 as well.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let relay: TcpRelay;
let dataDir: string;
let built: BuiltApp;
let baseUrl: string;
let databaseName: string;

async function api<T = unknown>(
  method: string,
  urlPath: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...rootTenant, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(baseUrl + urlPath, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), text, headers: response.headers };
}

/** The instance's node-postgres pool, as Drizzle holds it. */
const pool = () => (built.database.db as unknown as { $client: { totalCount: number; idleCount: number } }).$client;

async function waitFor(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const signIn = (email = 'admin@example.com') => api<TokenResponse>('POST', '/api/token', { body: { email, password: DEMO_PASSWORD } });
const searchPartners = (token: string) => api('POST', '/api/v1/partners/search', { token, body: {} });

/** What an instance must answer while its database is away: 503, the envelope's words, and when to try again. */
function expectDatabaseUnavailable(answer: ApiAnswer<unknown>) {
  expectEnvelope(answer, 503, apiEn.api.databaseUnavailable);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

async function eventually(call: () => Promise<ApiAnswer<unknown>>, status: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call();
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  database = await createTestDatabase('demo');
  databaseName = new URL(database.databaseUrl!).pathname.slice(1);
  const relayed = await relayToDatabase(database.databaseUrl!);
  relay = relayed.relay;
  dataDir = testDataDir('demo');
  built = await buildApp(testConfig(dataDir, relayed.url), { logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(built.app.server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  const lingering = setTimeout(() => built.app.server.closeAllConnections(), 2000);
  await built?.app.close();
  clearTimeout(lingering);
  await relay?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the database going away', () => {
  it('while it is away requests answer 503 with Retry-After, a connection lost while checked out does not end the process, and 200 comes back with it', async () => {
    const admin = expectEnvelope(await signIn(), 200).body.data!;
    expectEnvelope(await searchPartners(admin.token), 200);

    // A transaction holds its connection, idle between two statements, when the database goes: the driver's
    // `error` on that checked-out connection must be heard (unheard, it ends the process). Another one's `begin` is
    // in flight: its connection must come back to the pool all the same.
    let cut!: () => void;
    const cutDone = new Promise<void>((resolve) => (cut = resolve));
    let holding!: () => void;
    const holdingConnection = new Promise<void>((resolve) => (holding = resolve));
    const outcome = (transaction: Promise<unknown>) =>
      transaction.then(
        () => 'committed',
        () => 'failed',
      );
    const held = outcome(
      built.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding();
        await cutDone;
        await tx.execute(sql`select 1`);
      }),
    );
    await holdingConnection;
    const beginning = outcome(built.database.db.transaction(async (tx) => void (await tx.execute(sql`select 1`))));
    await relay.cut();
    cut();
    expect(await held).toBe('failed');
    expect(await beginning).toBe('failed');

    for (const answer of await Promise.all([searchPartners(admin.token), signIn(), searchPartners(admin.token), signIn('partner@acme.example')])) {
      expectDatabaseUnavailable(answer);
    }

    await relay.restore();
    expectEnvelope(await eventually(() => searchPartners(admin.token), 200), 200);
    expectEnvelope(await signIn(), 200);
    expect(built.app.server.listening).toBe(true);
    // Every connection the outage took is back in the pool, none held for good by a transaction that failed.
    await waitFor(() => pool().totalCount === pool().idleCount);
  });

  it('backends terminated under load (an administrator, a restart) answer 503 or succeed, never 500', async () => {
    const admin = expectEnvelope(await signIn(), 200).body.data!;
    const statuses: number[] = [];
    let running = true;
    const load = Array.from({ length: 4 }, async () => {
      while (running) {
        const answer = await searchPartners(admin.token);
        statuses.push(answer.status);
        if (answer.status === 503) expectDatabaseUnavailable(answer);
      }
    });
    const superuser = new pg.Client({ connectionString: adminDatabaseUrl() });
    await superuser.connect();
    try {
      for (let round = 0; round < 10; round++) {
        await superuser.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName]);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      running = false;
      await Promise.all(load);
      await superuser.end();
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expectEnvelope(await eventually(() => searchPartners(admin.token), 200), 200);
  });

  it('a create whose key could not be given back while the database was away answers its retry once the database is back, not 409 for minutes', async () => {
    const admin = expectEnvelope(await signIn(), 200).body.data!;
    const key = `outage-${crypto.randomUUID()}`;
    const name = `Outage Partner ${key}`;
    const create = () =>
      api('POST', '/api/v1/partners', {
        token: admin.token,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        body: { name, email: `${key}@outage.example`, type: 'Logistics', address: '1 Relay Road', phone: '+84 90 000 4321' },
      });
    // The database goes once the key is claimed, before the write: the create fails, and so does giving the key back.
    const cut = relay.cutAtNextQuery('insert into "idempotency_keys"');
    expectDatabaseUnavailable(await create());
    await cut;
    const direct = new pg.Client({ connectionString: database.databaseUrl });
    await direct.connect();
    try {
      const keyRows = () => direct.query<{ status_code: number | null }>('select status_code from idempotency_keys where key = $1', [key]);
      expect((await keyRows()).rows).toEqual([{ status_code: null }]);

      await relay.restore();
      // As a client resends: after its Retry-After whenever told the key is still being answered.
      const answers: number[] = [];
      const retried = await eventually(async () => {
        const answer = await create();
        answers.push(answer.status);
        return answer;
      }, 201);
      expectEnvelope(retried, 201);
      expect(answers.filter((status) => status !== 409 && status !== 201)).toEqual([]);
      expect((await direct.query('select 1 from partners where name = $1', [name])).rowCount).toBe(1);
      expect((await keyRows()).rows).toEqual([{ status_code: 201 }]);
    } finally {
      await direct.query('delete from partners where name = $1', [name]);
      await direct.end();
    }
  });
});
