import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';

/**
 * Work that would hold the server's one thread too long (a large PDF, a password's strength) runs in worker threads.
 * A worker is a `*.worker.ts` file that calls `serveTasks` (workerTasks.ts); its pool starts threads on first use (or
 * at `warm()`), spreads sessions over them, and starts a new one after a thread dies. Each session is a message
 * channel of its own, so a task may stream (a PDF's bytes, paused and cancelled by the reader) or answer once.
 */
export interface WorkerPool {
  /** Opens a session of `task` with `input` on the least busy thread: the port on which the worker answers. */
  session(task: string, input: unknown): MessagePort;
  /** Runs `task` and resolves with its one answer (rejects with the worker's error, or when the worker dies). */
  call<T>(task: string, input: unknown): Promise<T>;
  /** Starts every thread now (their scripts load what they need at start), instead of on first use. */
  warm(): void;
  /** Ends every thread; a later session starts new ones. */
  close(): Promise<void>;
  readonly size: number;
}

/** Message to a worker: one session. */
export interface SessionStart {
  task: string;
  input: unknown;
  port: MessagePort;
}

/** What a one-answer task sends back on its port. */
export type CallAnswer = { result: unknown } | { error: string };

/** A worker may use every core but one (left to the HTTP thread), and at least one. */
export const workerThreadsAvailable = () => Math.max(1, os.availableParallelism() - 1);

/**
 * Where a worker's script is. Run from the sources (tsx, vitest), the `.worker.ts` file itself, through tsx's loader
 * (on Node 20 a loader of this thread does not reach workers, so each registers its own). Run from the compiled server,
 * `dist-server/workers/<name>.js`, which scripts/buildServer.mjs makes of every `server/**\/*.worker.ts`.
 */
function startWorker(source: URL): Worker {
  const name = path.basename(source.pathname, '.worker.ts');
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./workers/${name}.js`, import.meta.url), { name });
  const entry = `import(${JSON.stringify(tsxRegisterUrl())}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(entry, { eval: true, name });
}

/** tsx's `register` as an ES module (its CommonJS build cannot register the ESM loader): read from its exports map. */
function tsxRegisterUrl(): string {
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(packageJson), exports['./esm/api'].import.default)).href;
}

interface Thread {
  worker: Worker;
  sessions: number;
}

export function createWorkerPool({ source, size = workerThreadsAvailable() }: { source: URL; size?: number }): WorkerPool {
  const threads: Thread[] = [];

  function startThread(): Thread {
    const thread: Thread = { worker: startWorker(source), sessions: 0 };
    // Threads never keep the process alive: a session's port does while it is open.
    thread.worker.unref();
    // A thread that dies (an error its script did not catch) closes its sessions' ports; the next session starts a new one.
    const forget = () => {
      const at = threads.indexOf(thread);
      if (at >= 0) threads.splice(at, 1);
    };
    thread.worker.once('error', (error) => {
      forget();
      process.emitWarning(`The worker thread ${path.basename(source.pathname)} failed: ${error.message}`);
    });
    thread.worker.once('exit', forget);
    threads.push(thread);
    return thread;
  }

  function leastBusy(): Thread {
    const idle = threads.reduce<Thread | undefined>((best, thread) => (!best || thread.sessions < best.sessions ? thread : best), undefined);
    return idle && (idle.sessions === 0 || threads.length >= size) ? idle : startThread();
  }

  const pool: WorkerPool = {
    size,
    session(task, input) {
      const thread = leastBusy();
      const { port1, port2 } = new MessageChannel();
      thread.sessions++;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        thread.sessions--;
      };
      port1.once('close', end);
      const start: SessionStart = { task, input, port: port2 };
      thread.worker.postMessage(start, [port2]);
      return port1;
    },
    call<T>(task: string, input: unknown) {
      return new Promise<T>((resolve, reject) => {
        const port = pool.session(task, input);
        let answered = false;
        port.once('message', (answer: CallAnswer) => {
          answered = true;
          port.close();
          if ('error' in answer) reject(new Error(answer.error));
          else resolve(answer.result as T);
        });
        port.once('close', () => answered || reject(new Error(`the ${task} worker stopped before answering`)));
      });
    },
    warm() {
      while (threads.length < size) startThread();
    },
    async close() {
      await Promise.all(threads.splice(0).map(({ worker }) => worker.terminate()));
    },
  };
  return pool;
}
