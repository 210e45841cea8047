import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileLinkDto, FileLinkViewDto } from '../../contract/files';
import type { TokenResponse } from '../../contract/tokens';
import apiEn from '../../i18n/api.en';
import { buildApp, type BuiltApp } from '../../server/app';
import type { Config } from '../../server/config';
import { createRateLimitCounter } from '../../server/core/rateLimits';
import { fileAccessLog, managedFiles, rateLimitHits } from '../../server/db/schema';
import { afterAnswersSettled } from '../../server/modules/accounts/afterAnswer';
import { expectEnvelope } from './expectations';
import { unique } from './factories';
import { createTestDatabase, DEMO_PASSWORD, rootTenant, testConfig, testDataDir, type ApiAnswer } from './harness';

/**
 * Limits counted once for several instances (issue 22, breaks 3 and 4): two instances on one database, behind a
 * trusted proxy (127.0.0.1, where the test's requests come from), count the token budget, the sign-in hold and the
 * reset mails together; each forwarded client address has a budget of its own; an instance that trusts no proxy
 * ignores X-Forwarded-For.
 */

const LIMITS = { tokenPerMinute: 4, failedSignInsBeforeHold: 5, forgotPasswordPerHour: 3 } satisfies Partial<Config['limits']>;
const ACME = 'partner@acme.example';

interface Instance {
  built: BuiltApp;
  api<T = unknown>(
    method: string,
    urlPath: string,
    options?: { body?: unknown; token?: string; from?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  fetch(urlPath: string, from: string): Promise<Response>;
}

async function startInstance(config: Config): Promise<Instance> {
  const built = await buildApp(config, { logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    built,
    async api(method, urlPath, options = {}) {
      const headers: Record<string, string> = { ...rootTenant, ...options.headers };
      if (options.from) headers['x-forwarded-for'] = options.from;
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url + urlPath, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      const text = await response.text();
      return { status: response.status, body: JSON.parse(text), text, headers: response.headers };
    },
    fetch: (urlPath, from) => fetch(url + urlPath, { headers: { 'x-forwarded-for': from } }),
  };
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let a: Instance;
let b: Instance;
/** The same database, trusting no proxy (TRUST_PROXY unset). */
let direct: Instance;

beforeAll(async () => {
  database = await createTestDatabase('demo');
  dataDir = testDataDir('demo');
  const config: Config = { ...testConfig(dataDir, database.databaseUrl, { limits: LIMITS }), trustProxy: ['127.0.0.1'] };
  [a, b, direct] = await Promise.all([startInstance(config), startInstance(config), startInstance({ ...config, trustProxy: false })]);
});

afterAll(async () => {
  await Promise.all([a, b, direct].map((instance) => instance?.built.app.close()));
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A client address of the documentation range, new for each call, so each test spends a budget of its own. */
let lastOctet = 0;
const newAddress = () => `203.0.113.${++lastOctet}`;

const signIn = (instance: Instance, from: string, email: string, password = DEMO_PASSWORD) =>
  instance.api<TokenResponse>('POST', '/api/token', { from, body: { email, password } });

/** A token call that costs nothing but its place in the budget: revoking a refresh token nobody holds. */
const revokeNothing = (instance: Instance, from?: string) => instance.api('POST', '/api/token/revoke', { from, body: { refreshToken: 'x'.repeat(40) } });

const forgotPassword = (instance: Instance, from: string, email: string) => instance.api('POST', '/api/v1/users/forgot-password', { from, body: { email } });

const mailsTo = (email: string) => {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  // The outbox names each mail's file after its recipient.
  return fs.readdirSync(outbox).filter((name) => name.endsWith(`-${email}.eml`));
};

describe('limits counted once across instances', () => {
  it('the token budget of one address is spent by calls on either instance', async () => {
    const from = newAddress();
    for (const instance of [a, b, a, b]) expectEnvelope(await revokeNothing(instance, from), 200);
    const overA = await signIn(a, from, ACME);
    expectEnvelope(overA, 429, apiEn.api.tooManyRequests);
    expect(Number(overA.headers.get('retry-after'))).toBeGreaterThan(0);
    expectEnvelope(await revokeNothing(b, from), 429, apiEn.api.tooManyRequests);
  });

  it('five wrong passwords split across the two instances hold the account on both', async () => {
    const email = `nobody-${unique()}@example.com`;
    // Each attempt from an address of its own: the hold counts per account, whatever the addresses.
    for (const instance of [a, b, a, b, a]) expectEnvelope(await signIn(instance, newAddress(), email, 'wrong-password'), 401, apiEn.auth.invalidCredentials);
    expectEnvelope(await signIn(b, newAddress(), email, 'wrong-password'), 429, apiEn.auth.signInHeld);
    expectEnvelope(await signIn(a, newAddress(), email, 'wrong-password'), 429, apiEn.auth.signInHeld);
  });

  it('four wrong passwords across the instances and a right one clear the count: the next four do not hold', async () => {
    const email = 'partner@globex.example';
    for (const instance of [a, b, a, b]) expectEnvelope(await signIn(instance, newAddress(), email, 'wrong-password'), 401);
    expectEnvelope(await signIn(a, newAddress(), email), 200);
    for (const instance of [b, a, b, a]) expectEnvelope(await signIn(instance, newAddress(), email, 'wrong-password'), 401);
    expectEnvelope(await signIn(b, newAddress(), email), 200);
  });

  it('reset mails to one address are counted across the instances: three an hour, however the requests are spread', async () => {
    const before = mailsTo(ACME).length;
    for (const instance of [a, b, a, b, a]) expectEnvelope(await forgotPassword(instance, newAddress(), ACME), 200);
    // Each mail is written after its answer, on a loaded machine seconds later: wait for the allowed ones, then
    // for the instances' after-answer work, by which the refused ones would have been written too.
    await expect.poll(() => mailsTo(ACME).length - before, { timeout: 20_000 }).toBeGreaterThanOrEqual(LIMITS.forgotPasswordPerHour);
    await Promise.all([a, b].map((instance) => afterAnswersSettled(instance.built.app.server)));
    expect(mailsTo(ACME).length - before).toBe(LIMITS.forgotPasswordPerHour);
  });

  it("forgot-password's budget of one address is spent by requests on either instance", async () => {
    const from = newAddress();
    for (const instance of [a, b, a]) expectEnvelope(await forgotPassword(instance, from, `nobody-${unique()}@example.com`), 200);
    expectEnvelope(await forgotPassword(b, from, `nobody-${unique()}@example.com`), 429, apiEn.api.tooManyRequests);
  });
});

describe('the counts', () => {
  it('a window that ended counts from one again, and rows ended over a minute ago are swept', async () => {
    const db = a.built.database.db;
    const counter = createRateLimitCounter(db);
    const [ended, recent, live] = [`test:${unique()}`, `test:${unique()}`, `test:${unique()}`];
    await db.insert(rateLimitHits).values([
      { key: ended, hits: 7, windowEndsAt: sql`now() - interval '2 minutes'` },
      { key: recent, hits: 7, windowEndsAt: sql`now() - interval '10 seconds'` },
      { key: live, hits: 7, windowEndsAt: sql`now() + interval '1 minute'` },
    ]);
    expect((await counter.hit(recent, 60_000)).hits).toBe(1);
    expect((await counter.hit(live, 60_000)).hits).toBe(8);
    await counter.sweep();
    const left = await db
      .select({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(inArray(rateLimitHits.key, [ended, recent, live]));
    expect(left.map((row) => row.key).sort()).toEqual([recent, live].sort());
  });
});

describe('TRUST_PROXY', () => {
  it('through a trusted proxy, three client addresses have three budgets: one spent leaves the others whole', async () => {
    const [spent, second, third] = [newAddress(), newAddress(), newAddress()];
    for (let call = 0; call < LIMITS.tokenPerMinute; call++) await revokeNothing(a, spent);
    expectEnvelope(await signIn(a, spent, ACME), 429, apiEn.api.tooManyRequests);
    expectEnvelope(await signIn(b, second, ACME), 200);
    expectEnvelope(await signIn(a, third, ACME), 200);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: every call counts against the address the connection comes from', async () => {
    for (let call = 0; call < LIMITS.tokenPerMinute; call++) expectEnvelope(await revokeNothing(direct, newAddress()), 200);
    expectEnvelope(await revokeNothing(direct, newAddress()), 429, apiEn.api.tooManyRequests);
  });

  it('the file access log records the forwarded client address, not the proxy', async () => {
    const client = newAddress();
    const session = expectEnvelope(await signIn(b, client, ACME), 200).body.data!;
    const [file] = await a.built.database.db.select({ id: managedFiles.id }).from(managedFiles).where(eq(managedFiles.fileName, 'tax-form.pdf'));
    const link = expectEnvelope(await a.api<FileLinkDto>('POST', `/api/v1/files/${file.id}/links`, { from: client, token: session.token }), 201).body.data!;
    const view = expectEnvelope(
      await a.api<FileLinkViewDto>('GET', `/api/v1/file-links/view?token=${encodeURIComponent(link.token)}`, { from: client, token: session.token }),
      200,
    ).body.data!;
    const download = await b.fetch(view.downloadUrl!, client);
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const rows = await a.built.database.db
      .select({ kind: fileAccessLog.kind, address: fileAccessLog.address })
      .from(fileAccessLog)
      .where(eq(fileAccessLog.fileId, file.id));
    expect(rows.map((row) => row.address)).toContain(client);
    expect(rows.filter((row) => row.address.includes('127.0.0.1'))).toEqual([]);
  });
});
