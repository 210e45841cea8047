import { isEnvelope, type Envelope } from '../../../contract/envelope';
import { translateMessage } from '../../i18n/translateMessage';
import { ApiError, isAbortError } from './ApiError';

/** Statuses that raise an API error even when the body is not an envelope (a proxy's error page). */
const API_ERROR_STATUSES = [404, 500, 502, 503];

export interface EnvelopeAnswer<T> {
  status: number;
  envelope: Envelope<T>;
}

/** The specification's failure rule: isSuccess false or an HTTP status of 400 or more. */
export function isFailedAnswer({ status, envelope }: EnvelopeAnswer<unknown>): boolean {
  return !envelope.isSuccess || status >= 400;
}

export function isUnauthorizedAnswer({ status, envelope }: EnvelopeAnswer<unknown>): boolean {
  return status === 401 || envelope.statusCode === 401;
}

/**
 * One fetch that answers an envelope, or throws: AbortError as is, ApiError 'network' when the server was
 * not reached, ApiError 'invalid-response' when the body is not an envelope.
 */
export async function fetchEnvelope<T>(url: string, init: RequestInit): Promise<EnvelopeAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (isAbortError(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(translateMessage('app.http.connectError', { message: reason }), 0, { kind: 'network' });
  }
  const body: unknown = await response.json().catch((error: unknown) => {
    if (isAbortError(error)) throw error;
    return undefined;
  });
  if (isEnvelope(body)) return { status: response.status, envelope: body as Envelope<T> };
  if (API_ERROR_STATUSES.includes(response.status)) {
    throw new ApiError(translateMessage('app.http.statusError', { status: response.status }), response.status);
  }
  throw new ApiError(translateMessage('app.http.invalidResponse'), response.status, { kind: 'invalid-response' });
}
