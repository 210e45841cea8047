import { fork } from 'node:child_process';
import path from 'node:path';
import { onCleanup } from '../harness/cleanup';
import { rssOf } from '../harness/processes';

export interface BareFastify {
  url: string;
  pid: number;
  rss(): number;
  stop(): Promise<void>;
}

/** A bare Fastify in a child process answering `body` (the server's own answer, byte for byte) at `urlPath`. */
export function startBareFastify(port: number, urlPath: string, body: string): Promise<BareFastify> {
  return startChild('bareFastifyChild.ts', port, { BENCH_BARE_PATH: urlPath, BENCH_BARE_BODY: body });
}

/** A bare Fastify with a pg pool answering GET /api/v1/partners/{id} by the server's SELECT on `databaseUrl`. */
export function startBareFastifyPg(port: number, databaseUrl: string): Promise<BareFastify> {
  return startChild('bareFastifyPgChild.ts', port, { BENCH_BARE_DATABASE_URL: databaseUrl });
}

async function startChild(file: string, port: number, env: Record<string, string>): Promise<BareFastify> {
  const child = fork(path.join(import.meta.dirname, file), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_BARE_PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const stop = onCleanup('bare Fastify', async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  child.disconnect();
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, rss: () => rssOf(child.pid!), stop };
}
