import fs from 'node:fs';
import os from 'node:os';
import { type MessagePort, parentPort } from 'node:worker_threads';
import type { CallAnswer, SessionStart } from './workerPool';

/** A task of a worker thread: given its input and its session's port, it streams on the port or answers once (`answering`). */
export type WorkerTask = (input: never, port: MessagePort) => void | Promise<void>;

/** A task whose one answer is what `run` resolves with (or its error's message). */
export const answering =
  <I, O>(run: (input: I) => O | Promise<O>): WorkerTask =>
  async (input: I, port: MessagePort) => {
    let answer: CallAnswer;
    try {
      answer = { result: await run(input) };
    } catch (error) {
      answer = { error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
    port.close();
  };

/** How much lower than the HTTP thread a worker thread is scheduled (a nice value: 0 is the process's own, 19 the lowest). */
export const WORKER_NICENESS = 10;

/**
 * On a busy machine (ten large PDFs on two cores) a worker at the HTTP thread's priority took the CPU from it: other
 * requests waited 200–300 ms with no JavaScript of theirs running (bench:pdf). Linux schedules threads on their own,
 * so each worker lowers its own priority; elsewhere it keeps the process's.
 */
export function yieldToTheHttpThread(niceness = WORKER_NICENESS): number | null {
  try {
    const thread = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(thread) || thread <= 0) return null;
    os.setPriority(thread, niceness);
    return thread;
  } catch {
    return null;
  }
}

/** A worker's script: serves its pool's sessions (workerPool.ts) with these tasks, below the HTTP thread's priority. */
export function serveTasks(tasks: Record<string, WorkerTask>) {
  if (!parentPort) throw new Error('serveTasks runs in a worker thread');
  yieldToTheHttpThread();
  parentPort.on('message', ({ task, input, port }: SessionStart) => {
    const run = Object.hasOwn(tasks, task) ? tasks[task] : undefined;
    if (!run) {
      port.postMessage({ error: `no task ${task}` } satisfies CallAnswer);
      port.close();
      return;
    }
    void Promise.resolve()
      .then(() => run(input as never, port))
      .catch((error: unknown) => {
        port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies CallAnswer);
        port.close();
      });
  });
}
