import type { ServerResponse } from 'node:http';
import { WebSocket } from 'ws';
import type { Transport } from './connection';

/**
 * A client that reads slower than we write is dropped once this much waits for it, so one stalled socket
 * cannot hold an unbounded queue (it reconnects and the app refetches).
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Text frames, one per write; the client needs every frame to end on a record boundary. */
export class WebSocketTransport implements Transport {
  readonly kind = 'WebSockets';

  constructor(private readonly socket: WebSocket) {}

  write(records: string) {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(records);
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) this.socket.terminate();
  }

  end() {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close(1000);
  }

  /** Drops the socket without the closing handshake (server shutdown after a grace period). */
  terminate() {
    this.socket.terminate();
  }
}

/** One `data:` event per write; the JSON records never hold a newline, so one line each. */
export class ServerSentEventsTransport implements Transport {
  readonly kind = 'ServerSentEvents';

  constructor(private readonly response: ServerResponse) {}

  write(records: string) {
    if (this.response.writableEnded || this.response.destroyed) return;
    this.response.write(`data: ${records}\r\n\r\n`);
    if (this.response.writableLength > MAX_BUFFERED_BYTES) this.response.destroy();
  }

  end() {
    if (!this.response.writableEnded) this.response.end();
  }
}

/**
 * Records wait here for the next poll. A poll is held until there is something to say, the poll timeout
 * passes (empty 200: poll again) or the connection ends (204: stop polling).
 */
export class LongPollingTransport implements Transport {
  readonly kind = 'LongPolling';
  private pending = '';
  private poll: ServerResponse | null = null;
  private polledAt = 0;
  private lastPollEndedAt: number;
  private started = false;
  private ending = false;

  constructor(
    now: number,
    /** Called once the client has been told with a 204 that the connection is over. */
    private readonly onTerminated: () => void,
  ) {
    this.lastPollEndedAt = now;
  }

  write(records: string) {
    this.pending += records;
    if (this.poll) this.answer();
  }

  /** What was written goes first: with records waiting, the 204 waits for the poll after the one that takes them. */
  end() {
    this.ending = true;
    if (this.poll && !this.pending) this.terminate();
  }

  /** A poll arrived: the first is answered at once (the client's connect() waits on it), later ones wait. */
  accept(response: ServerResponse, now: number) {
    // A newer poll replaces the older one, which ends with 204 as in ASP.NET; the connection goes on.
    if (this.poll) this.finish(this.takePoll(), 204);
    this.poll = response;
    this.polledAt = now;
    if (!this.started || this.pending) {
      this.started = true;
      this.answer();
    } else if (this.ending) {
      this.terminate();
    } else {
      response.on('close', () => {
        if (this.poll !== response) return;
        this.poll = null; // the client gave up on this poll
        this.lastPollEndedAt = Date.now();
      });
    }
  }

  /** A poll held `timeout` ms gets an empty 200, before the client's own 100 s HTTP timeout. */
  expire(now: number, timeout: number) {
    if (this.poll && now - this.polledAt >= timeout) this.answer();
  }

  /** No poll has been in flight for `timeout` ms: the client is gone. */
  isAbandoned(now: number, timeout: number) {
    return !this.poll && now - this.lastPollEndedAt >= timeout;
  }

  /** Answers the held poll with every waiting record (or nothing). */
  private answer() {
    const body = this.pending;
    this.pending = '';
    this.finish(this.takePoll(), 200, body);
  }

  /** Answers the held poll with 204: the client stops polling, and the connection is over. */
  private terminate() {
    this.finish(this.takePoll(), 204);
    this.onTerminated();
  }

  private takePoll() {
    const response = this.poll;
    this.poll = null;
    this.lastPollEndedAt = Date.now();
    return response;
  }

  private finish(response: ServerResponse | null, status: 200 | 204, body = '') {
    if (!response || response.writableEnded || response.destroyed) return;
    if (status === 204) response.writeHead(204).end();
    else
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-cache' }).end(body);
  }
}
