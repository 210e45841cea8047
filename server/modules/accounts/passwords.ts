import os from 'node:os';
import argon2 from 'argon2';
import { busy } from '../../core/errors';
import { createWorkQueue, WorkQueueFullError } from '../../core/workQueue';

/**
 * One of OWASP's equal choices for Argon2id: 46 MiB, 1 pass. Over glibc's 32 MiB mmap ceiling, each hash's memory
 * goes back to the system when it ends (19 MiB blocks stay in the thread's arena: +76 MB for good). One lane, so a
 * hash uses one thread and the queue's concurrency is the number of cores hashing.
 */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 46 * 1024, timeCost: 1, parallelism: 1 } as const;

const positiveInt = (value: string | undefined) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);
const positiveNumber = (value: string | undefined) => (value && Number.isFinite(Number(value)) && Number(value) > 0 ? Number(value) : undefined);

/**
 * How many hashes run at once, how long one may wait in line (PASSWORD_HASH_MAX_WAIT_SECONDS, 3 s) and how many
 * may wait at most whatever the rate (PASSWORD_HASH_QUEUE_LIMIT, 256). By default one hash per core with a core
 * left for HTTP, and never all of libuv's threads (UV_THREADPOOL_SIZE, 4), which file reads and DNS share.
 * PASSWORD_HASH_RATE (hashes a second) replaces the measured rate: for tests, or a machine measured once.
 */
export function passwordHashingLimits(env: NodeJS.ProcessEnv = process.env, cores = os.availableParallelism()) {
  const threads = positiveInt(env.UV_THREADPOOL_SIZE) ?? 4;
  return {
    concurrency: positiveInt(env.PASSWORD_HASH_CONCURRENCY) ?? Math.max(1, Math.min(cores - 1, threads - 1)),
    maxWaiting: positiveInt(env.PASSWORD_HASH_QUEUE_LIMIT) ?? 256,
    maxWaitSeconds: positiveNumber(env.PASSWORD_HASH_MAX_WAIT_SECONDS) ?? 3,
    hashesPerSecond: positiveNumber(env.PASSWORD_HASH_RATE),
  };
}

/**
 * Hashes a second the queue gets through: how long a hash takes (smoothed over the last ones, the first made at
 * start with the decoy) times how many run at once. Measured on this machine under its load, so a slower or
 * busier machine queues fewer.
 */
export function createHashRate(concurrency: number, fixed?: number) {
  let secondsPerHash: number | undefined;
  let forced = fixed;
  return {
    record(seconds: number) {
      secondsPerHash = secondsPerHash === undefined ? seconds : secondsPerHash * 0.8 + seconds * 0.2;
    },
    /** Undefined until a hash was timed (then nothing but the fixed limit bounds the line). */
    perSecond(): number | undefined {
      if (forced !== undefined) return forced;
      return secondsPerHash === undefined ? undefined : concurrency / Math.max(secondsPerHash, 1e-3);
    },
    /** Replaces the measured rate (undefined: measure again); a test's lever for a slow machine. */
    force(hashesPerSecond: number | undefined) {
      forced = hashesPerSecond;
    },
  };
}

const limits = passwordHashingLimits();
export const passwordHashRate = createHashRate(limits.concurrency, limits.hashesPerSecond);

/** The most hashes that may wait: as many as the measured rate gets through within the longest wait. */
function mostWaiting() {
  const rate = passwordHashRate.perSecond();
  return rate === undefined ? limits.maxWaiting : Math.min(limits.maxWaiting, Math.floor(rate * limits.maxWaitSeconds));
}

/** Every hash and verify of the process goes through it, so a burst of sign-ins queues instead of taking every core. */
export const passwordQueue = createWorkQueue({ concurrency: limits.concurrency, maxWaiting: mostWaiting });

/**
 * A hash that would wait longer than the longest wait answers 503 at once, without hashing, with the wait it
 * would have had as Retry-After; the caller has changed nothing yet (no hold counted, no row written).
 */
async function queued<T>(task: () => Promise<T>): Promise<T> {
  const timed = async () => {
    const started = performance.now();
    const result = await task();
    passwordHashRate.record((performance.now() - started) / 1000);
    return result;
  };
  try {
    return await passwordQueue.run(timed);
  } catch (error) {
    if (error instanceof WorkQueueFullError) throw hashingBusy();
    throw error;
  }
}

const hashingBusy = () => busy('auth.busy', (passwordQueue.waiting + 1) / (passwordHashRate.perSecond() ?? 1));

/**
 * Refuses at once, before any database work, a request whose hash the queue would refuse now (a sign-in in a
 * burst); the queue still decides for those admitted here, since it may fill meanwhile.
 */
export function refuseWhenHashingBusy(): void {
  const queue = passwordQueue;
  if (queue.running >= queue.concurrency && queue.waiting >= queue.maxWaiting) throw hashingBusy();
}

export const hashPassword = (password: string) => queued(() => argon2.hash(password, PASSWORD_HASH_OPTIONS));

/** Whether a stored hash was made with other parameters than today's (older defaults); a malformed one is left alone. */
export function passwordNeedsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
  } catch {
    return false;
  }
}

// A hash to verify against when the account does not exist, so both answers take the same time.
let decoyHash: Promise<string> | undefined;
const decoy = () =>
  (decoyHash ??= hashPassword('decoy-password-for-timing').catch((error: unknown) => {
    decoyHash = undefined;
    throw error;
  }));

/** Made when the token routes start, so the first unknown email does not also pay for hashing the decoy. */
export const prepareDecoyHash = async () => void (await decoy());

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  const stored = hash || (await decoy());
  const matches = await queued(() => argon2.verify(stored, password).catch(() => false));
  return Boolean(hash) && matches;
}
