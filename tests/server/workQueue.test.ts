import { describe, expect, it } from 'vitest';
import { passwordHashingLimits } from '../../server/modules/accounts/passwords';
import { createWorkQueue, WorkQueueFullError } from '../../server/core/workQueue';

/** A task the test finishes by hand, which records when it started and how many ran beside it. */
function gatedTasks() {
  const started: number[] = [];
  const finish: Record<number, (value: number) => void> = {};
  let running = 0;
  let mostAtOnce = 0;
  const task = (id: number) => () =>
    new Promise<number>((resolve) => {
      started.push(id);
      mostAtOnce = Math.max(mostAtOnce, ++running);
      finish[id] = (value) => {
        running--;
        resolve(value);
      };
    });
  return { started, finish, task, mostAtOnce: () => mostAtOnce };
}

describe('work queue', () => {
  it('runs at most its concurrency at once and starts the others in the order they came', async () => {
    const queue = createWorkQueue({ concurrency: 2 });
    const { started, finish, task, mostAtOnce } = gatedTasks();
    const results = [1, 2, 3, 4, 5].map((id) => queue.run(task(id)));
    expect(started).toEqual([1, 2]);
    expect([queue.running, queue.waiting]).toEqual([2, 3]);

    finish[2](20);
    await expect(results[1]).resolves.toBe(20);
    expect(started).toEqual([1, 2, 3]);
    finish[1](10);
    await expect(results[0]).resolves.toBe(10);
    expect(started).toEqual([1, 2, 3, 4]);
    finish[4](40);
    finish[3](30);
    await Promise.all([results[2], results[3]]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    finish[5](50);
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50]);
    expect(mostAtOnce()).toBe(2);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('a task that fails or throws frees its place for the next', async () => {
    const queue = createWorkQueue({ concurrency: 1 });
    const failing = queue.run(() => Promise.reject(new Error('broken')));
    const throwing = queue.run(() => {
      throw new Error('thrown');
    });
    const next = queue.run(async () => 'ran');
    await expect(failing).rejects.toThrow('broken');
    await expect(throwing).rejects.toThrow('thrown');
    await expect(next).resolves.toBe('ran');
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('beyond its most waiting tasks it refuses at once, and takes tasks again once one has started', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 2 });
    const { started, finish, task } = gatedTasks();
    const accepted = [1, 2, 3].map((id) => queue.run(task(id)));
    await expect(queue.run(task(4))).rejects.toBeInstanceOf(WorkQueueFullError);
    expect(started).toEqual([1]);
    finish[1](1);
    await accepted[0];
    const fourth = queue.run(task(4));
    expect([queue.running, queue.waiting]).toEqual([1, 2]);
    finish[2](2);
    await accepted[1];
    finish[3](3);
    await accepted[2];
    finish[4](4);
    await expect(fourth).resolves.toBe(4);
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it('a limit given as a function is read at each run, so it may follow a measured rate', async () => {
    let limit = 0;
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: () => limit });
    const { finish, task } = gatedTasks();
    const first = queue.run(task(1));
    await expect(queue.run(task(2))).rejects.toBeInstanceOf(WorkQueueFullError);
    limit = 1;
    expect(queue.maxWaiting).toBe(1);
    const second = queue.run(task(2));
    finish[1](1);
    await first;
    finish[2](2);
    await expect(second).resolves.toBe(2);
  });

  it('refuses a concurrency that is not a positive whole number', () => {
    for (const concurrency of [0, -1, 1.5, Number.NaN]) expect(() => createWorkQueue({ concurrency })).toThrow(RangeError);
  });
});

describe('password hashing limits', () => {
  it('hash one per core with a core left for HTTP and a libuv thread left for files, at least one', () => {
    expect(passwordHashingLimits({}, 1).concurrency).toBe(1);
    expect(passwordHashingLimits({}, 2).concurrency).toBe(1);
    expect(passwordHashingLimits({}, 3).concurrency).toBe(2);
    expect(passwordHashingLimits({}, 16).concurrency).toBe(3);
    expect(passwordHashingLimits({ UV_THREADPOOL_SIZE: '9' }, 16).concurrency).toBe(8);
  });

  it('PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE_LIMIT set them; values that are not positive whole numbers are ignored', () => {
    expect(passwordHashingLimits({ PASSWORD_HASH_CONCURRENCY: '6', PASSWORD_HASH_QUEUE_LIMIT: '40' }, 2)).toMatchObject({ concurrency: 6, maxWaiting: 40 });
    expect(passwordHashingLimits({ PASSWORD_HASH_CONCURRENCY: '0', PASSWORD_HASH_QUEUE_LIMIT: 'many' }, 4)).toMatchObject({ concurrency: 3, maxWaiting: 256 });
  });

  it('a sign-in waits at most PASSWORD_HASH_MAX_WAIT_SECONDS (3 s by default); PASSWORD_HASH_RATE fixes the rate instead of measuring it', () => {
    expect(passwordHashingLimits({}, 2)).toMatchObject({ maxWaitSeconds: 3, hashesPerSecond: undefined });
    expect(passwordHashingLimits({ PASSWORD_HASH_MAX_WAIT_SECONDS: '1.5', PASSWORD_HASH_RATE: '12' }, 2)).toMatchObject({
      maxWaitSeconds: 1.5,
      hashesPerSecond: 12,
    });
    expect(passwordHashingLimits({ PASSWORD_HASH_MAX_WAIT_SECONDS: '-1', PASSWORD_HASH_RATE: 'fast' }, 2)).toMatchObject({
      maxWaitSeconds: 3,
      hashesPerSecond: undefined,
    });
  });
});
