import { LANGUAGE_HEADER, TENANT_HEADER, TENANT_ROOT } from '../../../contract/http';
import { translateMessage } from '../../i18n/translateMessage';
import { showToast } from '../../notifications/toastStore';
import { languagePreference } from '../../preferences/language';
import { endSession, readCredentials } from '../session/sessionStorage';
import { isRefreshRefused, refreshCredentials } from '../session/tokenRefresh';
import { ApiError } from './ApiError';
import { fetchEnvelope, isFailedAnswer, isUnauthorizedAnswer, type EnvelopeAnswer } from './envelopeFetch';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON value, or FormData for uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** Sends the bearer token and refreshes it on 401 (default true). Sign-in pages' calls set false. */
  authenticated?: boolean;
  /** Sends `tenant: root` (token calls). */
  tenant?: boolean;
  /** Further headers (`If-Match`, `Idempotency-Key`), the same on the retry after a refresh. */
  headers?: Record<string, string>;
  /** Toasts of specification section 8 (default true): 201/202 info, failures error, 200 silent. */
  notify?: boolean;
}

export interface ApiResult<T> {
  data: T;
  message: string;
  statusCode: number;
}

/**
 * The one way the browser calls /api: adds the language, bearer and tenant headers, unwraps the envelope,
 * refreshes the session once on 401 and raises ApiError on any failure (specification section 8).
 */
export async function apiRequest<T>(url: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const notify = options.notify ?? true;
  try {
    const answer = await answerWithSession<T>(url, options);
    if (isFailedAnswer(answer)) throw failure(answer);
    const { envelope } = answer;
    if (notify && (answer.status === 201 || answer.status === 202) && envelope.message) showToast('info', envelope.message);
    return { data: envelope.data as T, message: envelope.message, statusCode: envelope.statusCode };
  } catch (error) {
    if (notify && error instanceof ApiError) showToast('error', error.message);
    throw error;
  }
}

async function answerWithSession<T>(url: string, options: ApiRequestOptions): Promise<EnvelopeAnswer<T>> {
  const authenticated = options.authenticated ?? true;
  const sentToken = authenticated ? readCredentials()?.token : undefined;
  const answer = await send<T>(url, options, sentToken);
  if (!sentToken || !isUnauthorizedAnswer(answer)) return answer;

  let token = readCredentials()?.token;
  if (!token || token === sentToken) {
    try {
      token = (await refreshCredentials()).token;
    } catch (error) {
      // Unreachable or failing server: the session is kept for a later try. Refused: the refresh has ended it.
      if (!isRefreshRefused(error)) throw error;
      throw failure(answer);
    }
  }
  const retried = await send<T>(url, options, token);
  if (isUnauthorizedAnswer(retried)) endSession();
  return retried;
}

function send<T>(url: string, { method = 'GET', body, signal, tenant, headers: extraHeaders }: ApiRequestOptions, token?: string) {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json', [LANGUAGE_HEADER]: languagePreference.get() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (tenant) headers[TENANT_HEADER] = TENANT_ROOT;
  const isUpload = body instanceof FormData;
  if (body !== undefined && !isUpload) headers['Content-Type'] = 'application/json';
  return fetchEnvelope<T>(url, {
    method,
    headers,
    signal,
    body: body === undefined ? undefined : isUpload ? body : JSON.stringify(body),
  });
}

function failure({ status, envelope }: EnvelopeAnswer<unknown>): ApiError {
  const statusCode = status >= 400 ? status : envelope.statusCode;
  const message = envelope.message || translateMessage('app.http.statusError', { status: statusCode });
  return new ApiError(message, statusCode, { envelope, fallbackFieldMessage: translateMessage('validation.fallback') });
}
