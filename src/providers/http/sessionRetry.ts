import { LANGUAGE_HEADER, TENANT_HEADER, TENANT_ROOT } from '../../../contract/http';
import { languagePreference } from '../../preferences/language';
import { endSession, readCredentials } from '../session/sessionStorage';
import { isRefreshRefused, refreshCredentials } from '../session/tokenRefresh';
import type { TokenRefusal } from './envelopeFetch';

export interface SessionOptions {
  /** Sends the bearer token and refreshes it on 401 (default true). Sign-in pages' calls set false. */
  authenticated?: boolean;
  /** Sends `tenant: root` (token calls). */
  tenant?: boolean;
  /** Further headers (`If-Match`, `Idempotency-Key`), the same on the retry after a refresh. */
  headers?: Record<string, string>;
}

/** The headers of every call to /api: the caller's, the language, the bearer token and the tenant when asked. */
export function requestHeaders({ tenant, headers }: SessionOptions, token: string | undefined, accept: string): Record<string, string> {
  const all: Record<string, string> = { ...headers, Accept: accept, [LANGUAGE_HEADER]: languagePreference.get() };
  if (token) all.Authorization = `Bearer ${token}`;
  if (tenant) all[TENANT_HEADER] = TENANT_ROOT;
  return all;
}

/**
 * The one bearer and refresh path of the browser's calls (JSON, uploads, downloads). Sends with the stored
 * token; on 401 refreshes once (calls meeting a 401 meanwhile share that refresh) and sends once more. A call
 * sent with an older token retries with the current one without refreshing again. A second 401 ends the
 * session; a refused refresh answers the first 401; an unreachable server keeps the session and throws. A 401
 * saying the sign-in was ended (from a sessions list) ends the session at once, with that reason, without a refresh.
 */
export async function sendWithSession<A>(
  send: (token: string | undefined) => Promise<A>,
  refusalOf: (answer: A) => TokenRefusal,
  { authenticated = true }: SessionOptions = {},
): Promise<A> {
  const sentToken = authenticated ? readCredentials()?.token : undefined;
  const answer = await send(sentToken);
  const refusal = sentToken ? refusalOf(answer) : false;
  if (!refusal) return answer;
  if (refusal === 'signInEnded') {
    // Only while the ended sign-in is still this tab's: a newer sign-in (here or in another tab) must not be ended.
    if (readCredentials()?.token === sentToken) endSession('signInEnded');
    return answer;
  }

  let token = readCredentials()?.token;
  if (!token || token === sentToken) {
    try {
      token = (await refreshCredentials()).token;
    } catch (error) {
      // Refused: the refresh has ended the session and the first answer says why. Unreachable: keep it for a later try.
      if (!isRefreshRefused(error)) throw error;
      return answer;
    }
  }
  const retried = await send(token);
  const again = refusalOf(retried);
  if (again) endSession(again === 'signInEnded' ? again : undefined);
  return retried;
}
