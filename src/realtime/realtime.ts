import { storageKeys } from '../config/storageKeys';
import { onAccessTokenChanged } from '../providers/session/sessionEvents';
import { endSession, readCredentials } from '../providers/session/sessionStorage';
import { freshCredentials } from '../providers/session/tokenRefresh';
import { buildHubConnection } from './hubConnection';
import { createRealtimeClient } from './realtimeClient';

const currentAccessToken = () => readCredentials()?.token ?? null;

/** The token's changes in this tab (session events) and in the others (a sign-out or refresh there). */
function followAccessToken(listener: (token: string | null) => void) {
  const stopFollowingThisTab = onAccessTokenChanged(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.credentials || event.key === null) listener(currentAccessToken());
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopFollowingThisTab();
    window.removeEventListener('storage', onStorage);
  };
}

/** The app's one realtime client, made when the admin bundle first needs it. */
export const realtime = createRealtimeClient({
  buildConnection: buildHubConnection,
  freshAccessToken: async () => (await freshCredentials()).token,
  currentAccessToken,
  onAccessTokenChanged: followAccessToken,
  onSignInEnded: () => endSession('signInEnded'),
  log: (message, error) => console.warn(`[realtime] ${message}${error instanceof Error ? `: ${error.message}` : ''}`),
});

export const joinTicket = (ticketId: string) => realtime.joinTicket(ticketId);
export const leaveTicket = (ticketId: string) => realtime.leaveTicket(ticketId);
export const sendTyping = (ticketId: string) => realtime.sendTyping(ticketId);
