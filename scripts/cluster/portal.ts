// Talking to the portal as its clients do: the API with a bearer token (optionally as a given client address, which
// nginx appends to X-Forwarded-For), and the official @microsoft/signalr client on one transport.
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { HUB_PATH } from '../../contract/realtime';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';

export interface Answer<T = unknown> {
  status: number;
  data: T;
  body: Buffer;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  /** The client address the request claims to come from (X-Forwarded-For, which nginx appends to). */
  from?: string;
  json?: unknown;
  form?: FormData;
  method?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** One API call; `data` is the envelope's data (or null), `body` the raw bytes (downloads). Network failures throw. */
export async function call<T = unknown>(base: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { tenant: 'root', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.from) headers['x-forwarded-for'] = options.from;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let data = null as T;
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    try {
      data = (JSON.parse(bytes.toString('utf8')) as { data: T }).data;
    } catch {
      // Not an envelope.
    }
  }
  return { status: response.status, data, body: bytes, headers: response.headers };
}

export interface Session {
  email: string;
  token: string;
  userId: string;
}

let nextAddress = 1;
/** A client address of its own (TEST-NET-2), so each sign-in has a rate-limit budget of its own. */
export const freshAddress = () => `198.51.100.${nextAddress++ % 250}`;

export async function signIn(base: string, email: string): Promise<Session> {
  const answer = await call<{ token: string }>(base, '/api/token', { json: { email, password: DEMO_PASSWORD }, from: freshAddress(), timeoutMs: 30_000 });
  if (answer.status !== 200 || !answer.data?.token) throw new Error(`sign-in of ${email}: ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`);
  const token = answer.data.token;
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string };
  return { email, token, userId: claims.sub };
}

export const TRANSPORTS = {
  WebSockets: HttpTransportType.WebSockets,
  ServerSentEvents: HttpTransportType.ServerSentEvents,
  LongPolling: HttpTransportType.LongPolling,
} as const;
export type TransportName = keyof typeof TRANSPORTS;

export interface ChatMessage {
  id: string;
  ticketId: string;
  body: string;
}

/**
 * An official client following one ticket's chat: what it heard (message ids, with when), the Resyncs it got, and
 * its reconnects. `reconnect` turns on automatic reconnection with these delays; the ticket is joined again after
 * each one, as the app does.
 */
export class Listener {
  readonly heard = new Map<string, number>();
  readonly resyncs: number[] = [];
  readonly dropped: number[] = [];
  readonly reconnected: number[] = [];
  closed: Error | undefined | null = null;
  readonly connection: HubConnection;

  constructor(
    readonly base: string,
    readonly transport: TransportName,
    readonly session: Session,
    readonly ticketId: string,
    reconnect?: number[],
  ) {
    let builder = new HubConnectionBuilder()
      .withUrl(`${base}${HUB_PATH}`, { transport: TRANSPORTS[transport], accessTokenFactory: () => session.token })
      .configureLogging(LogLevel.None);
    if (reconnect) builder = builder.withAutomaticReconnect(reconnect);
    this.connection = builder.build();
    this.connection.on('TicketMessageCreated', (message: ChatMessage) => {
      if (!this.heard.has(message.id)) this.heard.set(message.id, performance.now());
    });
    this.connection.on('Resync', () => this.resyncs.push(performance.now()));
    this.connection.onreconnecting(() => this.dropped.push(performance.now()));
    this.connection.onreconnected(() => {
      this.reconnected.push(performance.now());
      void this.join().catch(() => {});
    });
    this.connection.onclose((error) => (this.closed = error ?? undefined));
  }

  async join() {
    const joined = await this.connection.invoke<boolean>('JoinTicket', this.ticketId);
    if (joined !== true) throw new Error(`JoinTicket answered ${String(joined)}`);
  }

  /** Starts and joins the ticket; throws on failure. */
  async start(timeoutMs = 15_000) {
    await withTimeout(this.connection.start(), timeoutMs, `${this.transport} start`);
    await withTimeout(this.join(), timeoutMs, `${this.transport} JoinTicket`);
  }

  get connected() {
    return this.connection.state === HubConnectionState.Connected;
  }

  async hears(id: string, timeoutMs = 5000) {
    const deadline = performance.now() + timeoutMs;
    while (!this.heard.has(id)) {
      if (performance.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }

  async stop() {
    await withTimeout(this.connection.stop(), 5000, 'stop').catch(() => {});
  }
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Posts a chat message (JSON); the answer's data is the stored message. */
export function postMessage(base: string, session: Session, ticketId: string, body: string, idempotencyKey?: string) {
  const headers: Record<string, string> = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};
  return call<ChatMessage>(base, `/api/v1/tickets/${ticketId}/messages`, { token: session.token, json: { body }, headers });
}
