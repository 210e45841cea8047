import type { FieldError } from '../../contract/envelope';

/** A refusal the client can act on: its message is an i18n key, translated when the envelope is written. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly errors?: FieldError[],
    readonly values?: Record<string, unknown>,
    /** The envelope's data, e.g. the current record of a 412. */
    readonly data?: unknown,
  ) {
    super(messageKey);
  }

  /** Seconds after which a retry may succeed, sent as `Retry-After` (a 503 "busy", a 429). */
  retryAfterSeconds?: number;
}

export const badRequest = (key = 'api.badRequest', errors?: FieldError[]) => new ApiError(400, key, errors);
export const unauthorized = (key = 'api.unauthorized') => new ApiError(401, key);
export const forbidden = (key = 'api.forbidden') => new ApiError(403, key);
export const notFound = (key = 'api.notFound') => new ApiError(404, key);
export const conflict = (key = 'api.conflict') => new ApiError(409, key);
export const tooManyRequests = (key = 'api.tooManyRequests') => new ApiError(429, key);
/** One field at fault: a 400 whose field error carries the same message. */
export const fieldError = (field: string, key: string) => new ApiError(400, key, [{ field, message: key }]);
/** Too much work queued to answer in time: refused at once, with when to try again. */
export const busy = (key: string, retryAfterSeconds: number) =>
  Object.assign(new ApiError(503, key), { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
