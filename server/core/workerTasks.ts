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

/** A worker's script: serves its pool's sessions (workerPool.ts) with these tasks. */
export function serveTasks(tasks: Record<string, WorkerTask>) {
  if (!parentPort) throw new Error('serveTasks runs in a worker thread');
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
