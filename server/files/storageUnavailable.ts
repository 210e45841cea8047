import { NETWORK_CODES } from '../db/databaseUnavailable';

/** The file store could not be reached or failed on its side: the request may succeed later (503, not 500). */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown, message = 'the file store is unavailable') {
    super(message, { cause });
  }
}

/** S3 error names of a server that is busy or failing, not of a request at fault. */
const SERVER_SIDE = new Set(['ServiceUnavailable', 'SlowDown', 'InternalError', 'TimeoutError', 'RequestTimeout']);

/** Whether an S3 client's error says the bucket's server cannot be reached or failed, rather than refused the request. */
export function isStorageOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, name, $metadata } = error as { code?: unknown; name?: string; $metadata?: { httpStatusCode?: number } };
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (name && SERVER_SIDE.has(name)) return true;
  return ($metadata?.httpStatusCode ?? 0) >= 500;
}
