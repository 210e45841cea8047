import os from 'node:os';
import argon2 from 'argon2';
import { ApiError } from '../../core/errors';
import { createWorkQueue, WorkQueueFullError } from '../../core/workQueue';

/**
 * One of OWASP's equal choices for Argon2id: 46 MiB, 1 pass. Over glibc's 32 MiB mmap ceiling, each hash's memory
 * goes back to the system when it ends (19 MiB blocks stay in the thread's arena: +76 MB for good). One lane, so a
 * hash uses one thread and the queue's concurrency is the number of cores hashing.
 */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 46 * 1024, timeCost: 1, parallelism: 1 } as const;

const positiveInt = (value: string | undefined) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/**
 * How many hashes run at once and how many may wait. By default one per core with a core left for HTTP, and never
 * all of libuv's threads (UV_THREADPOOL_SIZE, 4), which file reads and DNS share.
 */
export function passwordHashingLimits(env: NodeJS.ProcessEnv = process.env, cores = os.availableParallelism()) {
  const threads = positiveInt(env.UV_THREADPOOL_SIZE) ?? 4;
  return {
    concurrency: positiveInt(env.PASSWORD_HASH_CONCURRENCY) ?? Math.max(1, Math.min(cores - 1, threads - 1)),
    maxWaiting: positiveInt(env.PASSWORD_HASH_QUEUE_LIMIT) ?? 256,
  };
}

/** Every hash and verify of the process goes through it, so a burst of sign-ins queues instead of taking every core. */
export const passwordQueue = createWorkQueue(passwordHashingLimits());

async function queued<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await passwordQueue.run(task);
  } catch (error) {
    if (error instanceof WorkQueueFullError) throw new ApiError(503, 'auth.busy');
    throw error;
  }
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
