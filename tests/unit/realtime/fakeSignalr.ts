/**
 * A stand-in for @microsoft/signalr, for tests that mock it (`vi.mock('@microsoft/signalr', () => import('./fakeSignalr'))`):
 * the builder records its settings, the connection starts and stops on demand and records what is sent.
 */
export class FakeHubConnection {
  state = 'Disconnected';
  startCalls = 0;
  stopCalls = 0;
  tokens: string[] = [];
  invoked: unknown[][] = [];
  sent: unknown[][] = [];
  failStarts = 0;
  private handlers = new Map<string, (payload: unknown) => void>();
  private closed?: (error?: Error) => void;
  private reconnecting?: (error?: Error) => void;
  private reconnected?: (id?: string) => void;
  constructor(private readonly accessTokenFactory: () => Promise<string>) {}
  async start() {
    this.startCalls += 1;
    this.state = 'Connecting';
    this.tokens.push(await this.accessTokenFactory());
    if (this.failStarts > 0) {
      this.failStarts -= 1;
      this.state = 'Disconnected';
      throw new Error('negotiate failed');
    }
    this.state = 'Connected';
  }
  async stop() {
    this.stopCalls += 1;
    this.state = 'Disconnected';
    this.closed?.();
  }
  on(method: string, handler: (payload: unknown) => void) {
    this.handlers.set(method, handler);
  }
  async invoke(method: string, ...args: unknown[]) {
    this.invoked.push([method, ...args]);
    return true;
  }
  async send(method: string, ...args: unknown[]) {
    this.sent.push([method, ...args]);
  }
  onclose(callback: (error?: Error) => void) {
    this.closed = callback;
  }
  onreconnecting(callback: (error?: Error) => void) {
    this.reconnecting = callback;
  }
  onreconnected(callback: (id?: string) => void) {
    this.reconnected = callback;
  }
  /** The server calls a client method. */
  receive(method: string, payload: unknown) {
    this.handlers.get(method)?.(payload);
  }
  drop() {
    this.state = 'Reconnecting';
    this.reconnecting?.(new Error('WebSocket closed with status code: 1006'));
  }
  /** The server closes the connection with an error and no reconnect (as a Close message with `allowReconnect: false`). */
  closeWith(error: Error) {
    this.state = 'Disconnected';
    this.closed?.(error);
  }
  reconnect() {
    this.state = 'Connected';
    this.reconnected?.('new-id');
  }
  reset() {
    Object.assign(this, { startCalls: 0, stopCalls: 0, tokens: [], invoked: [], sent: [], failStarts: 0 });
  }
}

/** The connection the app built, and the builder's settings. */
export const hub = { connection: null as FakeHubConnection | null, builder: {} as Record<string, unknown[]> };

export class HubConnectionBuilder {
  private factory: () => Promise<string> = async () => '';
  withUrl(url: string, options: { accessTokenFactory: () => Promise<string> }) {
    hub.builder.withUrl = [url, options];
    this.factory = options.accessTokenFactory;
    return this;
  }
  withAutomaticReconnect(policy: unknown) {
    hub.builder.withAutomaticReconnect = [policy];
    return this;
  }
  withServerTimeout(ms: number) {
    hub.builder.withServerTimeout = [ms];
    return this;
  }
  withKeepAliveInterval(ms: number) {
    hub.builder.withKeepAliveInterval = [ms];
    return this;
  }
  configureLogging(level: unknown) {
    hub.builder.configureLogging = [level];
    return this;
  }
  build() {
    hub.connection = new FakeHubConnection(this.factory);
    return hub.connection;
  }
}

export const LogLevel = { None: 6 };
