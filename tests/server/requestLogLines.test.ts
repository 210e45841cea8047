import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app';
import { requestLoggerOptions } from '../../server/core/requestLog';
import { createTestDatabase, testConfig, testDataDir } from './harness';

type Line = Record<string, unknown> & { msg?: string; reqId?: string };

/** The server's own logger options at info, its lines kept here; a line waited for arrives without sleeping. */
function logCapture() {
  const lines: Line[] = [];
  const waiting = new Set<{ test: (line: Line) => boolean; resolve: (line: Line) => void }>();
  return {
    lines,
    stream: {
      write(text: string) {
        const line = JSON.parse(text) as Line;
        lines.push(line);
        for (const waiter of [...waiting]) {
          if (!waiter.test(line)) continue;
          waiting.delete(waiter);
          waiter.resolve(line);
        }
      },
    },
    next: (test: (line: Line) => boolean) => new Promise<Line>((resolve) => waiting.add({ test, resolve })),
  };
}

const capture = logCapture();
let built: BuiltApp;
let url: string;
let drop: () => Promise<void>;
let dataDir: string;
const SECRET = 'eyJsecret.link.token';
const BEARER = 'Bearer not-a-real-access-token';

beforeAll(async () => {
  dataDir = testDataDir('demo');
  const database = await createTestDatabase('demo');
  drop = database.drop;
  built = await buildApp(testConfig(dataDir, database.databaseUrl), { logger: requestLoggerOptions('info', capture.stream) });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await built?.app.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends a request with a secret in its query and its Authorization header; answers every log line of it. */
async function requestLines(level: 'info' | 'debug') {
  built.app.log.level = level;
  const completed = capture.next((line) => line.msg === 'request completed' && String(line.url ?? (line.req as Line)?.url ?? '').includes('marker'));
  const marker = `marker-${level}-${Math.random().toString(36).slice(2)}`;
  const response = await fetch(`${url}/api/v1/users/permissions?${marker}=1&token=${SECRET}`, { headers: { authorization: BEARER, cookie: 'session=abc' } });
  await response.text();
  const last = await completed;
  const reqId = last.reqId;
  return {
    status: response.status,
    lines: capture.lines.filter((line) => line.reqId === reqId),
    text: JSON.stringify(capture.lines.filter((line) => line.reqId === reqId)),
  };
}

describe('request log lines', () => {
  it('at info, one lean line per request: method, URL without its token, status, time and request id, nothing more', async () => {
    const { status, lines, text } = await requestLines('info');
    expect(status).toBe(401);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ level: 30, msg: 'request completed', method: 'GET', statusCode: 401 });
    expect(line.url).toMatch(/^\/api\/v1\/users\/permissions\?marker-info-\w+=1&token=\[redacted\]$/);
    expect(typeof line.ms).toBe('number');
    expect(line.reqId).toMatch(/\w/);
    // What only debug carries: the serialised request and response, headers, addresses.
    for (const key of ['req', 'res', 'headers', 'remoteAddress', 'host', 'responseTime']) expect(line).not.toHaveProperty(key);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('not-a-real-access-token');
    expect(text).not.toContain('session=abc');
  });

  it('at info, quick successful reads are logged one in ten (marked sampled); writes and errors every time', async () => {
    built.app.log.level = 'info';
    const marker = `sample-${Math.random().toString(36).slice(2)}`;
    const lastRead = capture.next((line) => String(line.url).includes(`${marker}&n=19`) || String(line.url).includes(`${marker}-write`));
    for (let n = 0; n < 20; n += 1) await (await fetch(`${url}/api/health?${marker}&n=${n}`)).text();
    // A write after the reads: its line comes whatever the count, and tells the reads' lines have all been written.
    await (await fetch(`${url}/api/token?${marker}-write`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).text();
    await lastRead;
    const mine = capture.lines.filter((line) => String(line.url).includes(marker));
    const reads = mine.filter((line) => line.method === 'GET');
    // Any 20 reads in a row hold exactly two tenths, wherever the count stood before.
    expect(reads).toHaveLength(2);
    expect(reads.every((line) => line.sampled === 10 && line.statusCode === 200)).toBe(true);
    expect(mine.filter((line) => line.method === 'POST')).toEqual([expect.objectContaining({ statusCode: expect.any(Number), msg: 'request completed' })]);
    expect(mine.find((line) => line.method === 'POST')).not.toHaveProperty('sampled');
  });

  it('at debug, the request in detail (headers included) on its way in and out, still without secrets', async () => {
    const { lines, text } = await requestLines('debug');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    const req = lines[0].req as Line & { headers: Record<string, string> };
    expect(req).toMatchObject({ method: 'GET', host: expect.stringContaining('127.0.0.1'), remoteAddress: expect.any(String) });
    expect(req.url).toContain('token=[redacted]');
    expect(req.headers).toMatchObject({ authorization: '[redacted]', cookie: '[redacted]', host: expect.any(String) });
    expect(lines[1]).toMatchObject({ res: { statusCode: 401 }, responseTime: expect.any(Number) });
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('not-a-real-access-token');
    expect(text).not.toContain('session=abc');
  });
});
