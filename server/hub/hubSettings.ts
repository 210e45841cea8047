import { HUB_ACCESS_ENDED_CLOSES, HUB_SHUTDOWN_CLOSE } from '../../contract/realtime';

/** The hub's timers and limits, ASP.NET Core SignalR's defaults where it has them, and the Close reasons clients see. */

/** The hub's clock, ASP.NET's defaults unless told otherwise (tests shrink them to milliseconds). */
export interface HubTiming {
  /** A ping goes out after this long without sending anything (KeepAliveInterval). */
  keepAliveIntervalMs: number;
  /** A WebSocket or SSE client silent this long is dropped (ClientTimeoutInterval). */
  clientTimeoutMs: number;
  /** The handshake must arrive this soon after the transport starts (HandshakeTimeout). */
  handshakeTimeoutMs: number;
  /** A long poll is held this long, then answered empty; under the client's 100 s HTTP timeout (PollTimeout). */
  longPollTimeoutMs: number;
  /** A negotiated connection without a transport, or a long-polling one without a poll, goes after this (DisconnectTimeout). */
  disconnectTimeoutMs: number;
}

export const DEFAULT_HUB_TIMING: HubTiming = {
  keepAliveIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  longPollTimeoutMs: 90_000,
  disconnectTimeoutMs: 15_000,
};

/** The largest message a client may send (ASP.NET's MaximumReceiveMessageSize), and the largest unfinished record kept between chunks. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * The most one WebSocket frame or one send POST may carry: several messages, each within MAX_MESSAGE_BYTES.
 * It bounds what a client can make us buffer before a message is read; a bigger one is refused by the socket.
 */
export const MAX_TRANSPORT_CHUNK_BYTES = 1024 * 1024;

/** How long shutdown waits for clients to take their Close (a WebSocket's closing handshake, a long poll). */
export const SHUTDOWN_GRACE_MS = 1000;

export const CLOSE_REASONS = {
  tokenExpired: 'Unauthorized: the access token has expired.',
  clientTimeout: 'Client timeout elapsed without receiving a message from the client.',
  protocolError: 'Connection closed with an error.',
  messageTooLarge: `Connection closed with an error. InvalidDataException: The maximum message size of ${MAX_MESSAGE_BYTES}B was exceeded.`,
  shutdown: HUB_SHUTDOWN_CLOSE,
  accessUnknown: "The server could not check the connection's permissions.",
  ...HUB_ACCESS_ENDED_CLOSES,
} as const;
