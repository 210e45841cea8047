// Candidate 2: PGlite in a worker thread. The main thread posts SQL and parameters and awaits the rows; the
// worker runs them one after another, so the main thread only pays for copying messages.
import { Worker } from 'node:worker_threads';
import type { Candidate } from './candidate';

export type ToWorker = { type: 'query'; id: number; sql: string; params: unknown[] } | { type: 'close' };
export type FromWorker =
  { type: 'ready' } | { type: 'closed' } | { type: 'rows'; id: number; rows: unknown[] } | { type: 'error'; id: number; message: string };

/** A worker running a .ts file: on Node 20, tsx's loader in this thread does not reach workers, so it registers its own. */
function typeScriptWorker(file: URL, workerData: unknown) {
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = `import(${tsx}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(entry, { eval: true, workerData });
}

export const pgliteWorker: Candidate = {
  name: 'PGlite in a worker',
  async open(dataDir) {
    const worker = typeScriptWorker(new URL('./pgliteWorkerThread.ts', import.meta.url), { dataDir });
    const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
    let nextId = 0;
    let settled: { resolve: () => void; reject: (error: Error) => void } | undefined;
    const failAll = (error: Error) => {
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
      settled?.reject(error);
    };
    const opened = new Promise<void>((resolve, reject) => (settled = { resolve, reject }));
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the PGlite worker exited (${code})`)));
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready' || message.type === 'closed') return settled?.resolve();
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.type === 'rows') pending?.resolve(message.rows);
      else pending?.reject(new Error(message.message));
    });
    try {
      await opened;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return {
      query: (sql, params) =>
        new Promise((resolve, reject) => {
          const id = nextId++;
          waiting.set(id, { resolve, reject });
          worker.postMessage({ type: 'query', id, sql, params } satisfies ToWorker);
        }),
      async close() {
        const closed = new Promise<void>((resolve, reject) => (settled = { resolve, reject }));
        worker.postMessage({ type: 'close' } satisfies ToWorker);
        try {
          await closed;
        } finally {
          await worker.terminate();
        }
      },
    };
  },
};
