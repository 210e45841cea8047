import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from '../../server/db/embeddedPostgresPid';

/**
 * The bench harness (bench/harness) stops what a bench started however the bench fails: the compiled server, the
 * embedded PostgreSQL it runs on (whose postmaster pg_ctl detached from the server), a client process and the
 * folders. tests/fixtures/failingBench.ts is the bench; the compiled server is a build of this run's own.
 */
const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, '.tmp', `bench-harness-${process.pid}`);
const slow = { timeout: 180_000 };

beforeAll(() => {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'buildServer.mjs'), outDir], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
}, 60_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

interface Started {
  serverPid: number;
  postmasterPid: number | null;
  clientPid: number;
  dataDir: string;
  logFile: string;
  folder: string;
}

/** Runs the failing bench until it prints what it started; then `afterStart` (a signal, say) and the exit. */
async function runFailingBench(how: string, afterStart: (bench: ReturnType<typeof spawn>) => void = () => {}) {
  const bench = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests', 'fixtures', 'failingBench.ts'), how], {
    cwd: root,
    env: { ...process.env, BENCH_SERVER_ENTRY: path.join(outDir, 'main.js'), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  bench.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => bench.once('exit', (code) => resolve(code)));
  const started = await new Promise<Started>((resolve, reject) => {
    let lines = '';
    bench.stdout!.on('data', (chunk: Buffer) => {
      lines += chunk.toString('utf8');
      const line = lines.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Started);
    });
    void exited.then((code) => reject(new Error(`the bench exited with ${code} before it started its server:\n${output}`)));
  });
  afterStart(bench);
  return { started, code: await exited, output };
}

function expectNothingLeft(started: Started) {
  expect(started.postmasterPid, 'the server ran on the embedded PostgreSQL').toBeTypeOf('number');
  expect(processAlive(started.serverPid), 'the server').toBe(false);
  expect(processAlive(started.postmasterPid!), "the embedded PostgreSQL's postmaster").toBe(false);
  expect(processAlive(started.clientPid), 'the client process').toBe(false);
  expect(fs.existsSync(started.dataDir), "the server's data folder").toBe(false);
  expect(fs.existsSync(path.dirname(started.logFile)), "the servers' log folder").toBe(false);
  expect(fs.existsSync(started.folder), "the bench's own folder").toBe(false);
}

describe('bench harness', () => {
  it('a bench whose body throws exits with 1 and leaves no server, PostgreSQL, client or folder behind', slow, async () => {
    const { started, code, output } = await runFailingBench('throw');
    expect(code, output).toBe(1);
    expect(output).toContain('this bench fails on purpose');
    expectNothingLeft(started);
  });

  it('a bench whose callback throws exits with 1 and leaves nothing behind', slow, async () => {
    const { started, code, output } = await runFailingBench('uncaught');
    expect(code, output).toBe(1);
    expectNothingLeft(started);
  });

  it('a bench stopped with SIGTERM exits with 143 and leaves nothing behind', slow, async () => {
    const { started, code, output } = await runFailingBench('signal', (bench) => bench.kill('SIGTERM'));
    expect(code, output).toBe(143);
    expectNothingLeft(started);
  });
});
