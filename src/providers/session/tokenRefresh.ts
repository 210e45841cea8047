import { LANGUAGE_HEADER, TENANT_HEADER, TENANT_ROOT } from '../../../contract/http';
import { apiPaths } from '../../config/apiPaths';
import { translateMessage } from '../../i18n/translateMessage';
import { languagePreference } from '../../preferences/language';
import { ApiError } from '../http/ApiError';
import { fetchEnvelope, isFailedAnswer, type EnvelopeAnswer } from '../http/envelopeFetch';
import { isAccessTokenFresh } from './accessToken';
import { endSession, isRefreshTokenUsable, readCredentials, saveCredentials, type Credentials } from './sessionStorage';

/** The Web Lock every tab of the app takes to refresh, so one tab refreshes and the others take its result. */
export const REFRESH_LOCK_NAME = 'portal.session.refresh';

let refreshInFlight: Promise<Credentials> | null = null;

/**
 * Exchanges the stored refresh token for new credentials. Calls made while a refresh is under way share it,
 * so any number of simultaneous 401s cause one refresh; across tabs a Web Lock does the same (the refresh
 * token rotates, and the server treats a late second use as a stolen token).
 */
export function refreshCredentials(): Promise<Credentials> {
  refreshInFlight ??= refreshOncePerTabs()
    .catch((error: unknown) => {
      // Every caller (HTTP client, checkAuth, realtime, downloads) then agrees: refused ends the session, unreachable keeps it.
      if (isRefreshRefused(error)) endSession();
      throw error;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

async function refreshOncePerTabs(): Promise<Credentials> {
  const seen = readCredentials();
  return withRefreshLock(async () => {
    const current = readCredentials();
    // Another tab refreshed while this one waited for the lock: its result is ours (both tabs share storage).
    if (current && current.refreshToken !== seen?.refreshToken && isAccessTokenFresh(current.token)) return current;
    return requestNewCredentials(current);
  });
}

/**
 * Without Web Locks (browsers before 2022) tabs refresh without waiting for each other: the server answers
 * a token presented twice within its grace period with the same pair, so they still end up sharing it.
 */
async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks?.request ? await locks.request(REFRESH_LOCK_NAME, work) : work();
}

/** The headers of the token calls (refresh and revoke), which the specification scopes to the root tenant. */
export function tokenCallHeaders(): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    [TENANT_HEADER]: TENANT_ROOT,
    [LANGUAGE_HEADER]: languagePreference.get(),
  };
}

async function requestNewCredentials(current: Credentials | null): Promise<Credentials> {
  if (!current || !isRefreshTokenUsable(current)) {
    throw new ApiError(translateMessage('app.http.sessionExpired'), 401);
  }
  const answer = await fetchEnvelope<Credentials>(apiPaths.refreshToken, {
    method: 'POST',
    headers: tokenCallHeaders(),
    body: JSON.stringify({ token: current.token, refreshToken: current.refreshToken }),
  });
  const credentials = answer.envelope.data;
  if (isFailedAnswer(answer) || !credentials?.token) {
    const message = answer.envelope.message || translateMessage('app.http.sessionExpired');
    throw new ApiError(message, isVerdictOnSession(answer) ? 401 : statusOf(answer), { envelope: answer.envelope });
  }
  saveCredentials(credentials);
  return credentials;
}

const statusOf = ({ status, envelope }: EnvelopeAnswer<unknown>) => (status >= 400 ? status : envelope.statusCode);

/** A 4xx says the session cannot go on; a server error, a timeout or a rate limit says nothing about it. */
function isVerdictOnSession(answer: EnvelopeAnswer<unknown>): boolean {
  const status = statusOf(answer);
  return !(status >= 500 || status === 408 || status === 429);
}

/**
 * Whether a refresh failed because the session is over (refused by the server, or its refresh token expired),
 * rather than because the server could not be reached or could not answer: then the session is kept.
 */
export function isRefreshRefused(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'response' && error.status === 401;
}

/** Credentials whose access token is still valid, refreshed first when only the refresh token is. */
export async function freshCredentials(): Promise<Credentials> {
  const current = readCredentials();
  if (current && isAccessTokenFresh(current.token)) return current;
  return refreshCredentials();
}

/** Whether a session exists that can still be used, without asking the server. */
export function hasUsableSession(now = Date.now()): boolean {
  const current = readCredentials();
  return !!current && (isAccessTokenFresh(current.token, now) || isRefreshTokenUsable(current, now));
}
