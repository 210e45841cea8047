import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** One run of the server suite on the probe file; the order the probe's tests ran in, and the seed printed. */
async function probeRun(extraArguments: string[] = []): Promise<{ order: string; seed: string }> {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pp-shuffle-')), 'order');
  fs.writeFileSync(log, '');
  // vitest.config.ts as `npm run test:server` reads it, without that script's report (which would overwrite this run's).
  const child = spawn(path.resolve('node_modules/.bin/vitest'), ['run', '--project', 'server', 'tests/server/shuffleProbe.test.ts', ...extraArguments], {
    env: { ...process.env, SHUFFLE_PROBE_LOG: log, PP_TEST_WITHOUT_DATABASE: '1', FORCE_COLOR: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect(code, output).toBe(0);
  const seed = output.match(/Running tests with seed "(\d+)"/)?.[1];
  expect(seed, output).toBeDefined();
  const order = fs.readFileSync(log, 'utf8');
  fs.rmSync(path.dirname(log), { recursive: true, force: true });
  return { order, seed: seed! };
}

describe('the server suite runs shuffled', () => {
  it('two runs put the tests of a file in different orders, and the printed seed replays one', { timeout: 120_000 }, async () => {
    const first = await probeRun();
    const second = await probeRun();
    expect(first.order.split('').sort().join('')).toBe('abcdefgh');
    // Eight tests: two runs agree by chance once in 40,320.
    expect(second.order).not.toBe(first.order);
    const replay = await probeRun([`--sequence.seed=${first.seed}`]);
    expect(replay.order).toBe(first.order);
  });
});
