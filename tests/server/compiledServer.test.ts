import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { PartnerFormDto } from '../../contract/forms';
import { pdfText } from './pdfText';
import { cleanUpEverything, clusterProcesses, createPartner, dataFolder, signInAdmin, type ServerProcess } from './embeddedPostgresServers';

/**
 * The server as `npm start` runs it: `npm run build:server`'s bundle (built here into a folder of this run, inside the
 * project so its packages resolve from node_modules as dist-server's do) started with plain `node`.
 */
const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, '.tmp', `compiled-server-${process.pid}`);
const slow = { timeout: 120_000 };

beforeAll(() => {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'buildServer.mjs'), outDir], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
}, 60_000);
afterEach(cleanUpEverything);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const running: ServerProcess[] = [];
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
});

/** `node <outDir>/main.js` on a data folder, its log (stdout and stderr) kept. */
async function startCompiled(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DATABASE_ENGINE: 'embedded',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      JWT_SECRET: '',
      FILE_JOBS: 'off',
      RATE_TOKEN_PER_MINUTE: '10000',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = { url: `http://127.0.0.1:${port}`, child, exited, stderr: () => output };
  running.push(server);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the compiled server exited before answering:\n${output}`);
    // Ready, not merely alive: /api/health answers as soon as it listens, before the database is open.
    const status = await fetch(`${server.url}/api/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return server;
    await wait(50);
  }
}

async function readiness(server: ServerProcess) {
  const answer = await fetch(`${server.url}/api/ready`);
  return { status: answer.status, data: ((await answer.json()) as { data: { engine?: string; engineFallback?: string } }).data };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the compiled server', () => {
  it('starts with node from its build, answers /api/health, runs on the embedded PostgreSQL, and stops it on SIGTERM', slow, async () => {
    const dataDir = dataFolder();
    const server = await startCompiled(dataDir);
    expect(await readiness(server)).toMatchObject({ status: 200, data: { engine: 'embedded' } });
    expect(clusterProcesses(dataDir)).not.toEqual([]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(clusterProcesses(dataDir)).toEqual([]);
  });

  it("serves a partner form's PDF, laid out by the worker thread built beside it", slow, async () => {
    const server = await startCompiled(dataFolder());
    const token = await signInAdmin(server);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const search = await fetch(`${server.url}/api/v1/partner-forms/search`, { method: 'POST', headers, body: JSON.stringify({ pageNumber: 1, pageSize: 1 }) });
    const [form] = ((await search.json()) as { data: PagedResult<PartnerFormDto> }).data.items;
    const answer = await fetch(`${server.url}/api/v1/partner-forms/${form.id}/pdf`, { headers });
    expect(answer.status).toBe(200);
    const lines = pdfText(Buffer.from(await answer.arrayBuffer()));
    expect(lines).toContain(form.formName);
    expect(lines).toContain(form.partnerName);
  });

  it('stopped in the middle of writes (its pool busy), the last server out stops the embedded cluster', slow, async () => {
    const dataDir = dataFolder();
    const server = await startCompiled(dataDir);
    const token = await signInAdmin(server);
    let writing = true;
    let written = 0;
    const writers = Array.from({ length: 30 }, async () => {
      while (writing) {
        if (await createPartner(server, token)) written += 1;
      }
    });
    // Stopped once writes flow on every connection of its pool.
    await vi.waitFor(() => expect(written).toBeGreaterThanOrEqual(30), { timeout: 20_000, interval: 20 });
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    writing = false;
    await Promise.all(writers);
    expect(clusterProcesses(dataDir)).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)(
    'on the default engine where PostgreSQL cannot run, it falls back to PGlite and says so in its ready line and in /api/ready',
    slow,
    async () => {
      // The folder above DATA_DIR is private to root (mkdtemp's 0700): the cluster's user cannot pass through it.
      const dataDir = path.join(dataFolder(), 'data');
      const server = await startCompiled(dataDir, { DATABASE_ENGINE: '' });
      const ready = await readiness(server);
      expect(ready).toMatchObject({ status: 200, data: { engine: 'pglite', engineFallback: expect.stringMatching(/cannot enter/) } });
      // Logged once listening: it may follow the first answer by a moment.
      for (let tries = 0; !/ ready in /.test(server.stderr()) && tries < 100; tries++) await wait(50);
      expect(server.stderr()).toMatch(/PGlite in \S+, NOT the embedded PostgreSQL: .*cannot enter.*ready in \d+ ms/);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    },
  );
});
