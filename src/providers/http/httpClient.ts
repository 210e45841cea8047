import { showToast } from '../../notifications/toastStore';
import { ApiError } from './ApiError';
import { answerFailure, fetchEnvelope, isFailedAnswer, tokenRefusalOfAnswer } from './envelopeFetch';
import { requestHeaders, sendWithSession, type SessionOptions } from './sessionRetry';

export interface ApiRequestOptions extends SessionOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON value. Files go through apiUpload. */
  body?: unknown;
  signal?: AbortSignal;
  /** Toasts of specification section 8 (default true): 201/202 info, failures error, 200 silent. */
  notify?: boolean;
}

export interface ApiResult<T> {
  data: T;
  message: string;
  statusCode: number;
}

/**
 * The one way the browser calls /api with JSON: adds the language, bearer and tenant headers, unwraps the
 * envelope, refreshes the session once on 401 and raises ApiError on any failure (specification section 8).
 */
export async function apiRequest<T>(url: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const notify = options.notify ?? true;
  try {
    const answer = await sendWithSession((token) => send<T>(url, options, token), tokenRefusalOfAnswer, options);
    if (isFailedAnswer(answer)) throw answerFailure(answer);
    const { envelope } = answer;
    if (notify && (answer.status === 201 || answer.status === 202) && envelope.message) showToast('info', envelope.message);
    return { data: envelope.data as T, message: envelope.message, statusCode: envelope.statusCode };
  } catch (error) {
    if (notify && error instanceof ApiError) showToast('error', error.message);
    throw error;
  }
}

function send<T>(url: string, options: ApiRequestOptions, token?: string) {
  const { method = 'GET', body, signal } = options;
  const headers = requestHeaders(options, token, 'application/json');
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetchEnvelope<T>(url, { method, headers, signal, body: body === undefined ? undefined : JSON.stringify(body) });
}
