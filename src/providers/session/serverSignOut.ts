import { apiPaths } from '../../config/apiPaths';
import { tokenCallHeaders } from './tokenRefresh';

/**
 * Tells the server to end the sign-in of this refresh token. Best effort: the browser has already
 * forgotten the session, so an unreachable server changes nothing for the person signing out; `keepalive`
 * lets the call finish when the page is closing.
 */
export async function revokeSignInOnServer(refreshToken: string): Promise<string | null> {
  try {
    const response = await fetch(apiPaths.revokeToken, {
      method: 'POST',
      headers: tokenCallHeaders(),
      body: JSON.stringify({ refreshToken }),
      keepalive: true,
    });
    // A sign-in through an organisation's identity provider (issue 37): where to sign out there too.
    const answer = (await response.json().catch(() => null)) as { data?: { providerSignOutUrl?: unknown } | null } | null;
    const address = answer?.data?.providerSignOutUrl;
    return typeof address === 'string' && /^https?:\/\//.test(address) ? address : null;
  } catch {
    // Unreachable: the refresh token expires on its own; nothing else to do.
    return null;
  }
}
