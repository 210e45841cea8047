/** Codes of a socket that could not reach, or lost, the database server. */
export const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * SQLSTATEs of a server going or gone: class 08 (connection exception), a shutdown or restart (57P01–57P03), the
 * database itself missing (3D000), no connection slot left (53300).
 */
const SERVER_GONE = /^(08...|57P0[1-3]|3D000|53300)$/;

/** What node-postgres says when its connection ended under it, or it could not get one. */
const DRIVER_MESSAGES = [/connection terminated/i, /connection error and is not queryable/i, /timeout exceeded when trying to connect/i];

/**
 * Whether an error (or one it wraps: Drizzle's query error has the driver's as its cause, a failed connect may
 * be an AggregateError of one per address) says the database cannot be reached now, rather than a fault of the
 * request or the code: such a request is answered 503 with a Retry-After, and the instance carries on.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE.test(code))) return true;
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
