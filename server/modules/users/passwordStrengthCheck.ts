import type { PasswordStrength } from '../../../contract/passwordStrength';
import { strongPasswordSchemas } from '../../../contract/schemas/strongPasswords';
import { busy } from '../../core/errors';
import { createWorkerPool } from '../../core/workerPool';
import { createWorkQueue, WorkQueueFullError } from '../../core/workQueue';

export interface StrengthQuestion {
  password: string;
  userInputs: string[];
}

/**
 * zxcvbn's dictionaries take about a second to load and a check of a long password up to a few hundred milliseconds
 * (bench:password-strength): both run in one worker thread, started with the server (`warmPasswordStrength`), so no
 * request waits for the load and none holds the HTTP thread. Checks take turns there; beyond STRENGTH_MOST_WAITING
 * waiting, a request is refused at once (503, Retry-After) rather than queued behind seconds of others.
 */
const strengthWorker = createWorkerPool({ source: new URL('./passwordStrength.worker.ts', import.meta.url), size: 1 });
const STRENGTH_MOST_WAITING = 32;
const strengthQueue = createWorkQueue({ concurrency: 1, maxWaiting: STRENGTH_MOST_WAITING });

export const warmPasswordStrength = () => strengthWorker.warm();

export function checkPasswordStrength(password: string, userInputs: string[]): Promise<PasswordStrength> {
  return strengthQueue
    .run(() => strengthWorker.call<PasswordStrength>('passwordStrength', { password, userInputs } satisfies StrengthQuestion))
    .catch((error: unknown) => {
      throw error instanceof WorkQueueFullError ? busy('api.busy', 1) : error;
    });
}

/** The routes' schemas that set a password, their strength told by the worker. */
export const serverStrongPasswordSchemas = strongPasswordSchemas(checkPasswordStrength);
