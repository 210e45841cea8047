import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { HUB_PATH } from '../../contract/realtime';
import { ApiError, conflict } from '../core/errors';
import { authenticateHubUser, connectionOfTransportStart, hubToken, type HubAuth } from './auth';
import type { HubConnection } from './connection';
import type { HubServer } from './hubServer';
import { CLOSE_REASONS, MAX_TRANSPORT_CHUNK_BYTES, SHUTDOWN_GRACE_MS } from './hubSettings';
import { WebSocketTransport } from './transports';

function refuse(socket: Duplex, status: number) {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  else socket.destroy();
}

/** ws's refusal of a frame or message over `maxPayload`, which it answers with a bare close 1009. */
const MESSAGE_TOO_LONG = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';

/**
 * Runs `tell` when a frame is over `maxPayload`, before ws closes the socket with a bare 1009: the socket is
 * still open then, so the hub's Close record (and its close 1000) go out first, as for any oversized message.
 * ws has no public hook there; its receiver emits the error to the socket's listener, ours is put ahead of it.
 */
function whenFrameTooLarge(webSocket: WebSocket, tell: () => void) {
  const receiver = (webSocket as unknown as { _receiver?: NodeJS.EventEmitter })._receiver;
  receiver?.prependListener('error', (error: Error & { code?: string }) => {
    if (error.code === MESSAGE_TOO_LONG) tell();
  });
}

/**
 * WebSocket upgrades of the hub path (signalr-protocol.md §2), checked before the upgrade: 401 without a
 * valid token, 404 for an unknown id, 409 when the connection already has a transport. An id another instance
 * negotiated (a signed connection token) starts its connection here, so WebSockets need no affinity. Without an id
 * (a client that skipped negotiation) the connection is made on the spot.
 */
export function acceptWebSockets(server: Server, hub: HubServer, auth: HubAuth) {
  // No compression: it costs tens of kilobytes per socket, and hub records are small. A frame may hold several
  // messages; the hub closes a connection whose message is over its limit with a Close that says so.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_TRANSPORT_CHUNK_BYTES, perMessageDeflate: false });

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, query: URLSearchParams) {
    const token = hubToken(request.headers.authorization, query.get('access_token'));
    const id = query.get('id');
    let connection: HubConnection;
    if (id) {
      connection = await connectionOfTransportStart(hub, auth, id, token);
      if (connection.transport) throw conflict();
    } else {
      const { principal, tokenExpiresAt, origin } = await authenticateHubUser(auth, token);
      connection = hub.negotiate(principal, tokenExpiresAt, 1, origin);
    }
    if (socket.destroyed || connection.closing || connection.transport) return refuse(socket, 409);
    sockets.handleUpgrade(request, socket, head, (webSocket: WebSocket) => {
      hub.attach(connection, new WebSocketTransport(webSocket));
      whenFrameTooLarge(webSocket, () => hub.close(connection, CLOSE_REASONS.messageTooLarge, false));
      webSocket.on('message', (data) => hub.receive(connection, data.toString()));
      webSocket.on('close', () => hub.remove(connection));
      webSocket.on('error', () => webSocket.terminate());
    });
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://hub');
    if (url.pathname !== HUB_PATH && url.pathname !== `${HUB_PATH}/`) {
      // Nobody else takes upgrades: say so instead of leaving the socket hanging.
      if (server.listenerCount('upgrade') === 1) refuse(socket, 404);
      return;
    }
    socket.on('error', () => socket.destroy());
    upgrade(request, socket, head, url.searchParams).catch((error: unknown) => refuse(socket, error instanceof ApiError ? error.statusCode : 500));
  };
  server.on('upgrade', onUpgrade);

  return {
    /** After the hub has sent its Close records: waits a moment for sockets to close, then drops the rest. */
    async close() {
      server.off('upgrade', onUpgrade);
      const deadline = Date.now() + SHUTDOWN_GRACE_MS;
      while (sockets.clients.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const webSocket of sockets.clients) webSocket.terminate();
      sockets.close();
    },
  };
}
