import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { HUB_KEEP_ALIVE_MS, HUB_PATH, HUB_SERVER_TIMEOUT_MS } from '../../contract/realtime';
import type { HubConnectionLike, ReconnectPolicy } from './realtimeClient';

/**
 * The hub connection of specification section 9: /api/notifications with the access token, reconnect waits
 * 0, 2, 10 and 30 s and then jittered ones for ever (the realtime client's policy), server timeout 30 s,
 * keep-alive 15 s. The client picks WebSockets, then server-sent events, then long polling, as the server offers
 * them. Its own logging is off: the realtime client reports what matters (a failed start, a drop, a close) in one
 * line each.
 */
export function buildHubConnection(accessTokenFactory: () => Promise<string>, reconnectPolicy: ReconnectPolicy): HubConnectionLike {
  // Absolute: the client's Node build (component tests under jsdom) cannot resolve a relative URL.
  return new HubConnectionBuilder()
    .withUrl(new URL(HUB_PATH, window.location.origin).href, { accessTokenFactory })
    .withAutomaticReconnect(reconnectPolicy)
    .withServerTimeout(HUB_SERVER_TIMEOUT_MS)
    .withKeepAliveInterval(HUB_KEEP_ALIVE_MS)
    .configureLogging(LogLevel.None)
    .build();
}
