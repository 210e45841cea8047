/** Refused by `run` because the queue already holds its most waiting tasks: the caller answers "busy" at once. */
export class WorkQueueFullError extends Error {
  constructor() {
    super('the work queue is full');
  }
}

export interface WorkQueue {
  /** Runs `task` when fewer than `concurrency` tasks are running, in the order `run` was called. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly concurrency: number;
  /** The most tasks that may wait now (a limit given as a function is read at each `run`). */
  readonly maxWaiting: number;
  readonly running: number;
  readonly waiting: number;
}

interface Waiter {
  start(): void;
  next?: Waiter;
}

/**
 * At most `concurrency` tasks at once, the others first in, first out. A waiter costs one closure; beyond
 * `maxWaiting` of them `run` rejects with WorkQueueFullError instead of queueing. A function for `maxWaiting`
 * lets the limit follow something measured (how fast tasks finish).
 */
export function createWorkQueue({
  concurrency,
  maxWaiting = Number.POSITIVE_INFINITY,
}: {
  concurrency: number;
  maxWaiting?: number | (() => number);
}): WorkQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, not ${concurrency}`);
  const mostWaiting = typeof maxWaiting === 'function' ? maxWaiting : () => maxWaiting;
  let running = 0;
  let waiting = 0;
  // A linked list, so taking the first waiter costs the same however many wait.
  let head: Waiter | undefined;
  let tail: Waiter | undefined;

  function startWaiters() {
    while (running < concurrency && head) {
      const first = head;
      head = first.next;
      if (!head) tail = undefined;
      waiting--;
      first.start();
    }
  }

  async function runNow<T>(task: () => Promise<T>): Promise<T> {
    running++;
    try {
      return await task();
    } finally {
      running--;
      startWaiters();
    }
  }

  return {
    concurrency,
    get maxWaiting() {
      return mostWaiting();
    },
    run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency && !head) return runNow(task);
      if (waiting >= mostWaiting()) return Promise.reject(new WorkQueueFullError());
      return new Promise<T>((resolve, reject) => {
        const waiter: Waiter = { start: () => void runNow(task).then(resolve, reject) };
        if (tail) tail.next = waiter;
        else head = waiter;
        tail = waiter;
        waiting++;
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
  };
}
