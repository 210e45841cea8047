import http from 'node:http';
import { setTimeout as wait } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { hubReconnectPolicy } from '../../contract/realtime';

const RS = '\x1e';
/** Wall-clock milliseconds, comparable with a server's log times. */
export const now = () => performance.timeOrigin + performance.now();

/**
 * One browser's hub connection over WebSockets, speaking SignalR's JSON protocol as @microsoft/signalr does
 * (negotiate, socket, handshake) on raw `ws`, so thousands cost little in the bench's process. After a Close or a
 * drop it reconnects as the library does with the app's policy (hubReconnectPolicy, told the Close's error as the
 * library tells it), never giving up.
 */
export class PolicyHubClient {
  /** When the last try that succeeded began and when its handshake was answered (0 until then). */
  tryStartedAt = 0;
  backAt = 0;
  /** When it lost its connection last. */
  droppedAt = 0;
  /** Tries since the last drop. */
  tries = 0;
  private stopped = false;
  private socket: WebSocket | null = null;
  /** The error of the hub's Close record, when one came before the socket closed. */
  private closeError: string | undefined;

  constructor(
    private readonly hubUrl: string,
    private readonly token: string,
    private readonly onBack: (client: PolicyHubClient) => void,
    /** Why a try failed, in a few words ("negotiate 503", "negotiate ECONNREFUSED", "socket …"). */
    private readonly onFailure: (reason: string) => void = () => {},
  ) {}

  /** One try: true once the handshake is answered, false when any step fails. */
  private async connectOnce(): Promise<boolean> {
    this.tries++;
    const startedAt = now();
    const connectionToken = await this.negotiate().catch((error: NodeJS.ErrnoException) => {
      this.onFailure(`negotiate ${error.code ?? error.message}`);
      return null;
    });
    if (!connectionToken) return false;
    const socket = new WebSocket(`${this.hubUrl.replace(/^http/, 'ws')}?id=${encodeURIComponent(connectionToken)}`, {
      headers: { authorization: `Bearer ${this.token}` },
      perMessageDeflate: false,
    });
    return new Promise((resolve) => {
      let handshaken = false;
      socket.once('error', (error) => {
        this.onFailure(`socket ${error.message}`);
        resolve(false);
      });
      socket.once('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
      socket.on('message', (data) => {
        if (handshaken) {
          for (const record of data.toString().split(RS))
            if (record.startsWith('{"type":7')) this.closeError = (JSON.parse(record) as { error?: string }).error;
          return;
        }
        const [first] = data.toString().split(RS);
        const message = JSON.parse(first!) as { type?: number; error?: string };
        if (message.type !== undefined || message.error) {
          this.onFailure(`handshake ${message.error ?? message.type}`);
          return socket.terminate();
        }
        handshaken = true;
        this.socket = socket;
        this.tryStartedAt = startedAt;
        this.backAt = now();
        this.onBack(this);
        resolve(true);
      });
      socket.once('close', () => {
        if (!handshaken) return resolve(false);
        if (this.stopped) return;
        this.droppedAt = now();
        void this.reconnect();
      });
    });
  }

  private async reconnect() {
    this.tries = 0;
    const policy = hubReconnectPolicy();
    const began = now();
    // What @microsoft/signalr tells the policy on its first call, where it reads why the connection went.
    const retryReason = new Error(this.closeError ? `Server returned an error on close: ${this.closeError}` : 'WebSocket closed with status code: 1006');
    this.closeError = undefined;
    for (let failed = 0; !this.stopped; failed++) {
      await wait(policy.nextRetryDelayInMilliseconds({ previousRetryCount: failed, elapsedMilliseconds: now() - began, retryReason })!);
      if (this.stopped || (await this.connectOnce())) return;
    }
  }

  /**
   * POST negotiate on a connection of its own, as a browser's after a restart (its kept-alive ones died with the old
   * process); node:http, not fetch: thousands of fetches at once cost the bench's process more than the server.
   */
  private negotiate(): Promise<string> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.hubUrl}/negotiate?negotiateVersion=1`,
        { method: 'POST', agent: false, headers: { authorization: `Bearer ${this.token}` } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            response.statusCode === 200
              ? resolve((JSON.parse(body) as { connectionToken: string }).connectionToken)
              : reject(new Error(String(response.statusCode))),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  async start() {
    if (!(await this.connectOnce())) throw new Error('a hub client could not connect at the start');
  }

  stop() {
    this.stopped = true;
    this.socket?.terminate();
  }
}
