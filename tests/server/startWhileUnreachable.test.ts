import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../contract/tokens';
import apiEn from '../../i18n/api.en';
import type { Config } from '../../server/config';
import { startInstance, type Instance } from '../../server/start/startInstance';
import { expectEnvelope } from './expectations';
import { createTestDatabase, DEMO_PASSWORD, rootTenant, testConfig, testDataDir, type ApiAnswer } from './harness';
import { startS3Server } from './s3Server';
import { relayToDatabase, startRelay } from './tcpRelay';

/**
 * An instance started while its database or its bucket cannot be reached (a reboot, a failover) does not exit: it
 * listens once an attempt failed, `/api/health` answers 200 and `/api/ready` 503, it logs why once per attempt, and
 * it becomes ready (migrated, seeded) once they answer. The database and the bucket are reached through relays whose
 * port refuses connections until the test opens it. A start that finds them opens its port only when ready, so a
 * balancer sends nothing to it before (a rolling restart).
 */

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Short waits between attempts, so the test sees several of them. */
const delays = { firstMs: 20, maxMs: 100 };

async function start(config: Config) {
  const lines: string[] = [];
  const logger = { level: 'warn', stream: { write: (line: string) => void lines.push(line) } };
  const instance = startInstance(config, { logger, delays });
  cleanups.push(async () => {
    await instance.stop();
    await instance.started.catch(() => undefined);
  });
  const url = () => `http://127.0.0.1:${instance.port}`;
  async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...rootTenant, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    const response = await fetch(url() + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text), text, headers: response.headers };
  }
  /** The attempts logged so far, as an operator reads them. */
  const attempts = () => lines.map((line) => (JSON.parse(line) as { msg: string }).msg).filter((message) => message.includes('trying again'));
  let startFailed: unknown;
  instance.started.catch((error: unknown) => (startFailed = error));
  /** Resolves once `count` attempts have failed (each logs its line before its wait); throws if the start gave up. */
  async function failedAttempts(count: number) {
    while (attempts().length < count) {
      if (startFailed) throw startFailed;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return attempts();
  }
  return { instance, api, failedAttempts };
}

/** What a starting instance answers: alive, not ready, and every other request told to come back. */
async function expectStarting(api: Awaited<ReturnType<typeof start>>['api']) {
  expectEnvelope(await api('GET', '/api/health'), 200);
  const ready = expectEnvelope(await api('GET', '/api/ready'), 503, apiEn.api.notReady);
  expect(Number(ready.headers.get('retry-after'))).toBeGreaterThan(0);
  expectEnvelope(await api('POST', '/api/token', { email: 'admin@example.com', password: DEMO_PASSWORD }), 503, apiEn.api.notReady);
}

const notStarted = (instance: Instance) => Promise.race([instance.started.then(() => 'started'), new Promise((resolve) => setImmediate(resolve, 'waiting'))]);

describe('a start while the database or the bucket cannot be reached', () => {
  it('waits for PostgreSQL: health 200 and ready 503 meanwhile, one log line per attempt, then migrated, seeded and ready', async () => {
    const database = await createTestDatabase('empty');
    cleanups.push(() => database.drop());
    const { relay, url } = await relayToDatabase(database.databaseUrl!, { closed: true });
    cleanups.push(() => relay.close());
    const dataDir = testDataDir('empty');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    const { instance, api, failedAttempts } = await start(testConfig(dataDir, url));
    const logged = await failedAttempts(3);
    expect(logged[0]).toMatch(/^The database cannot be reached \(.*ECONNREFUSED.*\): not ready; trying again in 0\.02 s \(attempt 1\)$/);
    expect(logged[2]).toMatch(/trying again in 0\.08 s \(attempt 3\)$/);
    await expectStarting(api);
    expect(await notStarted(instance)).toBe('waiting');

    await relay.restore();
    await instance.started;
    const ready = expectEnvelope(await api<{ migrationsApplied: number; migrationsShipped: number }>('GET', '/api/ready'), 200);
    expect(ready.body.data!.migrationsApplied).toBe(ready.body.data!.migrationsShipped);
    // The demo seed ran once the database answered.
    expectEnvelope(await api<TokenResponse>('POST', '/api/token', { email: 'admin@example.com', password: DEMO_PASSWORD }), 200);
  });

  it('waits for the bucket: ready 503 while its server refuses connections, ready once it answers, the bucket made', async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.stop());
    const relay = await startRelay({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) }, { closed: true });
    cleanups.push(() => relay.close());
    const database = await createTestDatabase('demo');
    cleanups.push(() => database.drop());
    const dataDir = testDataDir('demo');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const bucket = s3.settings();
    const fileStore = { kind: 's3' as const, ...bucket, endpoint: `http://127.0.0.1:${relay.port}` };

    const { instance, api, failedAttempts } = await start(testConfig(dataDir, database.databaseUrl, { fileStore }));
    const logged = await failedAttempts(2);
    expect(logged[0]).toMatch(/^The file store cannot be reached \(S3 bucket pp-\w+ at http:\/\/127\.0\.0\.1:\d+ cannot be reached: .*\): not ready/);
    await expectStarting(api);

    await relay.restore();
    await instance.started;
    expectEnvelope(await api('GET', '/api/ready'), 200);
    expect((await fetch(`${s3.endpoint}/${bucket.bucket}`, { method: 'HEAD' })).status).toBe(200);
  });

  it('a failure that is not an outage (a wrong password) ends the start with its reason, and the port is closed', async () => {
    const database = await createTestDatabase('demo');
    cleanups.push(() => database.drop());
    const dataDir = testDataDir('demo');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const wrongPassword = new URL(database.databaseUrl!);
    wrongPassword.username = 'nobody_here';
    const { instance, failedAttempts } = await start(testConfig(dataDir, wrongPassword.toString()));
    await expect(instance.started).rejects.toThrow(/nobody_here/);
    expect(await failedAttempts(0)).toEqual([]);
    expect(instance.port).toBeUndefined();
  });

  it('a start that reaches its database opens no port until it is ready: a balancer meanwhile sends requests elsewhere', async () => {
    const database = await createTestDatabase('demo');
    cleanups.push(() => database.drop());
    const dataDir = testDataDir('demo');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { instance, api, failedAttempts } = await start(testConfig(dataDir, database.databaseUrl));
    // Sampled on every turn of the event loop until the app has the port: none before.
    const sampled = new Set<number | undefined>();
    while (!instance.isStarted()) {
      sampled.add(instance.port);
      await Promise.race([instance.started, new Promise((resolve) => setImmediate(resolve))]);
    }
    await instance.started;
    expect(sampled).toEqual(new Set([undefined]));
    expect(await failedAttempts(0)).toEqual([]);
    expectEnvelope(await api('GET', '/api/ready'), 200);
  });
});
