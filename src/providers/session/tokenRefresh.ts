import { LANGUAGE_HEADER, TENANT_HEADER, TENANT_ROOT } from '../../../contract/http';
import { apiPaths } from '../../config/apiPaths';
import { translateMessage } from '../../i18n/translateMessage';
import { languagePreference } from '../../preferences/language';
import { ApiError } from '../http/ApiError';
import { fetchEnvelope, isFailedAnswer } from '../http/envelopeFetch';
import { isAccessTokenFresh } from './accessToken';
import { isRefreshTokenUsable, readCredentials, saveCredentials, type Credentials } from './sessionStorage';

let refreshInFlight: Promise<Credentials> | null = null;

/**
 * Exchanges the stored refresh token for new credentials. Calls made while a refresh is under way share it,
 * so any number of simultaneous 401s cause one refresh (the refresh token rotates: a second use would
 * revoke the sign-in).
 */
export function refreshCredentials(): Promise<Credentials> {
  refreshInFlight ??= requestNewCredentials().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function requestNewCredentials(): Promise<Credentials> {
  const current = readCredentials();
  if (!current || !isRefreshTokenUsable(current)) {
    throw new ApiError(translateMessage('app.http.sessionExpired'), 401);
  }
  const answer = await fetchEnvelope<Credentials>(apiPaths.refreshToken, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      [TENANT_HEADER]: TENANT_ROOT,
      [LANGUAGE_HEADER]: languagePreference.get(),
    },
    body: JSON.stringify({ token: current.token, refreshToken: current.refreshToken }),
  });
  const credentials = answer.envelope.data;
  if (isFailedAnswer(answer) || !credentials?.token) {
    throw new ApiError(answer.envelope.message || translateMessage('app.http.sessionExpired'), 401, { envelope: answer.envelope });
  }
  saveCredentials(credentials);
  return credentials;
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
