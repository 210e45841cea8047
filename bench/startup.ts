// npm run bench:startup: cold start on an empty data folder and warm restart, each to the first answered request.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = 18000 + Math.floor(Math.random() * 1000);

async function startOnce(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/users/permissions`);
        if (response.status === 401) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error('server did not answer within 60 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-startup-'));
const cold = await startOnce(dataDir);
const warm: number[] = [];
for (let i = 0; i < 3; i++) warm.push(await startOnce(dataDir));
fs.rmSync(dataDir, { recursive: true, force: true });

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`cold start (empty data folder, migrate + seed) to first answer: ${fmt(cold)} (target < 10 s)`);
console.log(`warm restart to first answer: median ${fmt(warm.sort((a, b) => a - b)[1])}, runs ${warm.map(fmt).join(', ')} (target < 3 s)`);
