import {
  CLIENT_METHODS,
  HUB_ACCESS_ENDED_CLOSES,
  HUB_SIGN_IN_ENDED_CLOSE,
  hubReconnectDelayMs,
  hubReconnectPolicy,
  type HubRetryPolicy,
  SERVER_METHODS,
  type ServerMessages,
  type ServerMethod,
} from '../../contract/realtime';

/** The hub connection's states of specification section 4, named as @microsoft/signalr names them. */
export const CONNECTION_STATES = ['Disconnected', 'Connecting', 'Connected', 'Reconnecting', 'Disconnecting'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** The part of @microsoft/signalr's HubConnection the client uses; tests hand in a fake. */
export interface HubConnectionLike {
  readonly state: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  on(method: string, handler: (...args: unknown[]) => void): void;
  invoke<T = unknown>(method: string, ...args: unknown[]): Promise<T>;
  send(method: string, ...args: unknown[]): Promise<void>;
  onclose(callback: (error?: Error) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
}

export type ReconnectPolicy = HubRetryPolicy;

export interface RealtimeClientOptions {
  /** Builds the one connection; it calls `accessTokenFactory` before every negotiate and reconnects by `reconnectPolicy`. */
  buildConnection: (accessTokenFactory: () => Promise<string>, reconnectPolicy: ReconnectPolicy) => HubConnectionLike;
  /** A valid access token, refreshed first when the stored one has expired. */
  freshAccessToken: () => Promise<string>;
  /** The stored access token now, without asking the server; null when signed out. */
  currentAccessToken: () => string | null;
  /** Calls back with the new token whenever it changes, null on sign-out; answers an unsubscribe. */
  onAccessTokenChanged: (listener: (token: string | null) => void) => () => void;
  /** The hub closed the connection because its sign-in was ended (from a sessions list): the session is over. */
  onSignInEnded?: () => void;
  /** The random source of the reconnect waits' jitter (hubReconnectDelayMs); tests hand in their own. */
  random?: () => number;
  log?: (message: string, error?: unknown) => void;
}

type Handler<M extends ServerMethod> = (payload: ServerMessages[M]) => void;

/**
 * One hub connection for the signed-in user (DESIGN.md "Realtime"). It runs while the app is active and
 * a token exists, restarts when the token changes (a refresh or another user), stops on sign-out, and
 * rejoins the tickets it follows after every (re)connect, because groups do not survive one.
 * It never gives up while wanted: @microsoft/signalr reconnects a dropped connection by hubReconnectPolicy for
 * ever, a failed start and a close the server allowed no reconnect from are tried again here by the same schedule,
 * and a tab coming into view or the network coming back tries at once. Only a close that ended the user's access
 * (HUB_ACCESS_ENDED_CLOSES) stops it, until another token comes.
 */
export function createRealtimeClient(options: RealtimeClientOptions) {
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => undefined);
  const reconnectPolicy = hubReconnectPolicy(random);

  let state: ConnectionState = 'Disconnected';
  const stateListeners = new Set<() => void>();
  const connectedListeners = new Set<() => void>();
  const handlers = new Map<ServerMethod, Set<(payload: never) => void>>();
  const followedTickets = new Set<string>();

  let active = false;
  let tokenInUse: string | null = null;
  let acquiringToken = false;
  let restartWanted = false;
  let reconciling = false;
  let reconcileAgain = false;
  let failedStarts = 0;
  /** Closes the server allowed no reconnect from since the last fresh start: a server that keeps closing is tried ever less often. */
  let faultCloses = 0;
  /** A token whose access the server ended: no try with it, whatever the tab or the network do; another token tries. */
  let refusedToken: string | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  async function accessTokenFactory() {
    acquiringToken = true;
    try {
      tokenInUse = await options.freshAccessToken();
      return tokenInUse;
    } finally {
      acquiringToken = false;
    }
  }

  const connection = options.buildConnection(accessTokenFactory, reconnectPolicy);

  function setState(next: ConnectionState) {
    if (next === state) return;
    state = next;
    stateListeners.forEach((listener) => listener());
  }

  for (const method of Object.values(SERVER_METHODS)) {
    connection.on(method, (payload) => {
      handlers.get(method)?.forEach((handler) => {
        try {
          handler(payload as never);
        } catch (error) {
          log(`A ${method} handler failed`, error);
        }
      });
      // Messages may have been lost: catch up as after a reconnect (the open ticket's chat loads again).
      if (method === SERVER_METHODS.Resync) connectedListeners.forEach((listener) => listener());
    });
  }

  async function afterConnected() {
    failedStarts = 0;
    await Promise.all([...followedTickets].map((ticketId) => invokeJoin(ticketId)));
    connectedListeners.forEach((listener) => listener());
  }

  connection.onreconnecting((error) => {
    log('The realtime connection dropped; reconnecting', error);
    setState('Reconnecting');
  });
  connection.onreconnected(() => {
    setState('Connected');
    void afterConnected();
  });
  connection.onclose((error) => {
    if (error) log('The realtime connection closed', error);
    // Only while the closed connection's token is still the stored one: a newer sign-in in this browser lives on.
    const tokenStillStored = tokenInUse !== null && tokenInUse === options.currentAccessToken();
    const accessEnded = tokenStillStored && Object.values(HUB_ACCESS_ENDED_CLOSES).some((reason) => error?.message.includes(reason));
    if (accessEnded) refusedToken = tokenInUse;
    if (accessEnded && error?.message.includes(HUB_SIGN_IN_ENDED_CLOSE)) options.onSignInEnded?.();
    // Our own stop passes through Disconnecting; a close the server allowed no reconnect from lands here directly.
    if (state === 'Disconnecting') return;
    setState('Disconnected');
    scheduleRetry(hubReconnectDelayMs(faultCloses++, random));
  });

  const wanted = () => {
    const token = options.currentAccessToken();
    return active && token !== null && token !== refusedToken;
  };

  function scheduleRetry(delayMs: number) {
    clearTimeout(retryTimer);
    if (!wanted()) return;
    retryTimer = setTimeout(() => void reconcile(), delayMs);
  }

  /** Brings the connection to what is wanted now; calls made meanwhile are folded into one more pass. */
  async function reconcile() {
    if (reconciling) {
      reconcileAgain = true;
      return;
    }
    reconciling = true;
    try {
      do {
        reconcileAgain = false;
        const want = wanted();
        if (connection.state !== 'Disconnected' && (!want || restartWanted)) {
          restartWanted = false;
          clearTimeout(retryTimer);
          setState('Disconnecting');
          await connection.stop().catch((error: unknown) => log('Stopping the realtime connection failed', error));
          setState('Disconnected');
        }
        if (want && connection.state === 'Disconnected') {
          clearTimeout(retryTimer);
          restartWanted = false;
          setState('Connecting');
          try {
            await connection.start();
            setState('Connected');
            await afterConnected();
          } catch (error) {
            setState('Disconnected');
            failedStarts += 1;
            log('The realtime connection could not start', error);
            scheduleRetry(hubReconnectDelayMs(failedStarts, random));
          }
        }
      } while (reconcileAgain);
    } finally {
      reconciling = false;
    }
  }

  function onTokenChanged(token: string | null) {
    // A token the connection is fetching right now, or holds while up, is the one it uses: nothing to restart. A
    // stopped connection holds none, so the same token coming back (signed in again after the layout went) starts it.
    if (token !== null && (acquiringToken || (token === tokenInUse && connection.state !== 'Disconnected'))) return;
    if (token !== null) {
      restartWanted = state !== 'Disconnected';
      faultCloses = 0;
    } else tokenInUse = null;
    // Stopping during a start makes the start fail at once instead of finishing first.
    if (connection.state === 'Connecting' && (token === null || restartWanted)) void connection.stop().catch(() => undefined);
    void reconcile();
  }

  /** The network came back or the tab came into view: a connection that is down tries now, not at its next wait. */
  function tryNow() {
    if (!wanted()) return;
    if (connection.state === 'Reconnecting') restartWanted = true;
    else if (connection.state !== 'Disconnected') return;
    failedStarts = 0;
    faultCloses = 0;
    clearTimeout(retryTimer);
    void reconcile();
  }
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') tryNow();
  };

  async function invokeJoin(ticketId: string): Promise<boolean> {
    try {
      return (await connection.invoke<boolean>(CLIENT_METHODS.JoinTicket, ticketId)) === true;
    } catch (error) {
      log(`JoinTicket ${ticketId} failed`, error);
      return false;
    }
  }

  return {
    /** Starts the connection for this session and keeps it in step with the token; answers the stop. */
    activate(): () => void {
      active = true;
      failedStarts = 0;
      const stopFollowingToken = options.onAccessTokenChanged(onTokenChanged);
      window.addEventListener('online', tryNow);
      document.addEventListener('visibilitychange', onVisibilityChange);
      void reconcile();
      return () => {
        active = false;
        stopFollowingToken();
        window.removeEventListener('online', tryNow);
        document.removeEventListener('visibilitychange', onVisibilityChange);
        clearTimeout(retryTimer);
        followedTickets.clear();
        if (connection.state === 'Connecting') void connection.stop().catch(() => undefined);
        void reconcile();
      };
    },

    getState: (): ConnectionState => state,

    subscribeState(listener: () => void) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },

    /** Called after every start and reconnect, once the followed tickets are joined again, and on every Resync. */
    onConnected(listener: () => void) {
      connectedListeners.add(listener);
      return () => {
        connectedListeners.delete(listener);
      };
    },

    on<M extends ServerMethod>(method: M, handler: Handler<M>) {
      const set = handlers.get(method) ?? new Set();
      handlers.set(method, set);
      set.add(handler as (payload: never) => void);
      return () => {
        set.delete(handler as (payload: never) => void);
      };
    },

    /** Follows a ticket's chat, now if connected and again after every reconnect; true when the hub let us in. */
    async joinTicket(ticketId: string): Promise<boolean> {
      followedTickets.add(ticketId);
      return state === 'Connected' ? invokeJoin(ticketId) : false;
    },

    async leaveTicket(ticketId: string): Promise<void> {
      followedTickets.delete(ticketId);
      if (state !== 'Connected') return;
      await connection.invoke(CLIENT_METHODS.LeaveTicket, ticketId).catch((error: unknown) => log(`LeaveTicket ${ticketId} failed`, error));
    },

    /** Tells the ticket's other readers that we are typing; dropped when not connected. */
    sendTyping(ticketId: string) {
      if (state !== 'Connected') return;
      connection.send(CLIENT_METHODS.Typing, ticketId).catch((error: unknown) => log(`Typing ${ticketId} failed`, error));
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
