import { WebSocket } from 'ws';
import { CLIENT_METHODS, HUB_KEEP_ALIVE_MS, HUB_PATH, SERVER_METHODS } from '../../contract/realtime';

const RS = '\x1e';

/** A chat message's body carries when it was sent (epoch ms), so each receiver measures its delivery. */
export const stampedBody = (who: string, sentAt = Date.now()) => `crowd ${sentAt} from ${who}`;
const sentAtOf = (body: string) => Number(/^crowd (\d+) /.exec(body)?.[1] ?? Number.NaN);

/**
 * One person's hub connection over WebSockets, speaking the SignalR JSON protocol as @microsoft/signalr does
 * (negotiate, socket, handshake, JoinTicket, a ping every HUB_KEEP_ALIVE_MS): raw `ws` so two hundred of them cost
 * little in the bench's process. Every TicketMessageCreated with a stamped body reports its delivery latency.
 */
export class CrowdHubClient {
  private socket: WebSocket | null = null;
  private keepAlive: NodeJS.Timeout | undefined;
  closedUnexpectedly = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly ticketId: string,
    private readonly delivered: (latencyMs: number) => void,
  ) {}

  /** Resolves once joined to the ticket; rejects when negotiate, the socket, the handshake or the join fails. */
  async connect(): Promise<void> {
    const hubUrl = `${this.baseUrl}${HUB_PATH}`;
    const negotiated = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${this.token}` } });
    if (negotiated.status !== 200) throw new Error(`negotiate answered ${negotiated.status}: ${await negotiated.text()}`);
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const socket = new WebSocket(`${hubUrl.replace(/^http/, 'ws')}?id=${encodeURIComponent(connectionToken)}`, {
      headers: { authorization: `Bearer ${this.token}` },
      perMessageDeflate: false,
    });
    await new Promise<void>((resolve, reject) => {
      let joined = false;
      socket.once('error', reject);
      socket.once('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
      socket.once('close', () => {
        clearInterval(this.keepAlive);
        if (!joined) reject(new Error('the hub closed the connection before the join'));
        else if (this.socket === socket) this.closedUnexpectedly++;
      });
      socket.on('message', (data) => {
        const receivedAt = Date.now();
        for (const text of data.toString().split(RS)) {
          if (!text) continue;
          const message = JSON.parse(text) as {
            type?: number;
            error?: string;
            target?: string;
            invocationId?: string;
            result?: unknown;
            arguments?: [{ body?: string }];
          };
          if (message.type === undefined) {
            if (message.error) return reject(new Error(`handshake refused: ${message.error}`));
            socket.send(JSON.stringify({ type: 1, invocationId: 'join', target: CLIENT_METHODS.JoinTicket, arguments: [this.ticketId] }) + RS);
          } else if (message.type === 3 && message.invocationId === 'join') {
            if (message.result !== true) return reject(new Error(`JoinTicket ${this.ticketId} answered ${JSON.stringify(message)}`));
            joined = true;
            this.socket = socket;
            this.keepAlive = setInterval(() => socket.send(`{"type":6}${RS}`), HUB_KEEP_ALIVE_MS);
            resolve();
          } else if (message.type === 1 && message.target === SERVER_METHODS.TicketMessageCreated) {
            const sentAt = sentAtOf(message.arguments?.[0]?.body ?? '');
            if (Number.isFinite(sentAt)) this.delivered(receivedAt - sentAt);
          }
        }
      });
    });
  }

  close() {
    clearInterval(this.keepAlive);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}
