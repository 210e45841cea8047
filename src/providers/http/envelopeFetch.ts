import { isEnvelope, type Envelope } from '../../../contract/envelope';
import { SIGN_IN_ENDED_CHALLENGE } from '../../../contract/http';
import { translateMessage } from '../../i18n/translateMessage';
import { ApiError, isAbortError } from './ApiError';

/** Statuses that raise an API error even when the body is not an envelope (a proxy's error page). */
const API_ERROR_STATUSES = [404, 500, 502, 503];

export interface EnvelopeAnswer<T> {
  status: number;
  envelope: Envelope<T>;
  /** A 401 saying the sign-in was ended (its `WWW-Authenticate`): no refresh can help. */
  signInEnded?: boolean;
}

/** How an answer refused the bearer token: not at all, the token (a refresh may help), or the sign-in was ended (none can). */
export type TokenRefusal = false | 'token' | 'signInEnded';

/** The refusal of a 401 from its status and `WWW-Authenticate`. */
export function tokenRefusalOf(status: number, challenge: string | null): TokenRefusal {
  if (status !== 401) return false;
  return challenge === SIGN_IN_ENDED_CHALLENGE ? 'signInEnded' : 'token';
}

/** The specification's failure rule: isSuccess false or an HTTP status of 400 or more. */
export function isFailedAnswer({ status, envelope }: EnvelopeAnswer<unknown>): boolean {
  return !envelope.isSuccess || status >= 400;
}

export function tokenRefusalOfAnswer({ status, envelope, signInEnded }: EnvelopeAnswer<unknown>): TokenRefusal {
  if (status !== 401 && envelope.statusCode !== 401) return false;
  return signInEnded ? 'signInEnded' : 'token';
}

/** The ApiError of a failed answer: the envelope's message and field errors, its status. */
export function answerFailure({ status, envelope }: EnvelopeAnswer<unknown>): ApiError {
  const statusCode = status >= 400 ? status : envelope.statusCode;
  const message = envelope.message || translateMessage('app.http.statusError', { status: statusCode });
  return new ApiError(message, statusCode, { envelope, fallbackFieldMessage: translateMessage('validation.fallback') });
}

/** The server was not reached (offline, refused, cut off). */
export function unreachable(error: unknown): ApiError {
  const reason = error instanceof Error ? error.message : String(error);
  return new ApiError(translateMessage('app.http.connectError', { message: reason }), 0, { kind: 'network' });
}

/** Reads a parsed body as an envelope, or throws ApiError: a status error for a proxy's page, else 'invalid-response'. */
export function toEnvelopeAnswer<T>(status: number, body: unknown, challenge: string | null = null): EnvelopeAnswer<T> {
  if (isEnvelope(body)) return { status, envelope: body as Envelope<T>, signInEnded: tokenRefusalOf(status, challenge) === 'signInEnded' };
  if (API_ERROR_STATUSES.includes(status)) {
    throw new ApiError(translateMessage('app.http.statusError', { status }), status);
  }
  throw new ApiError(translateMessage('app.http.invalidResponse'), status, { kind: 'invalid-response' });
}

/** A response's body as JSON, undefined when it is not JSON; an abort while reading stays an abort. */
export function readJsonBody(response: Response): Promise<unknown> {
  return response.json().catch((error: unknown) => {
    if (isAbortError(error)) throw error;
    return undefined;
  });
}

/**
 * One fetch that answers an envelope, or throws: AbortError as is, ApiError 'network' when the server was
 * not reached, ApiError 'invalid-response' when the body is not an envelope.
 */
export async function fetchEnvelope<T>(url: string, init: RequestInit): Promise<EnvelopeAnswer<T>> {
  const response = await fetchOrUnreachable(url, init);
  return toEnvelopeAnswer<T>(response.status, await readJsonBody(response), response.headers.get('www-authenticate'));
}

/** fetch, with a failure to reach the server as ApiError 'network' (an abort stays an abort). */
export async function fetchOrUnreachable(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw unreachable(error);
  }
}
