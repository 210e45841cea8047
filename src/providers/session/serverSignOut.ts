import { apiPaths } from '../../config/apiPaths';
import { tokenCallHeaders } from './tokenRefresh';

/**
 * Tells the server to end the sign-in of this refresh token. Best effort: the browser has already
 * forgotten the session, so an unreachable server changes nothing for the person signing out; `keepalive`
 * lets the call finish when the page is closing.
 */
export async function revokeSignInOnServer(refreshToken: string): Promise<void> {
  try {
    await fetch(apiPaths.revokeToken, { method: 'POST', headers: tokenCallHeaders(), body: JSON.stringify({ refreshToken }), keepalive: true });
  } catch {
    // Unreachable: the refresh token expires on its own; nothing else to do.
  }
}
