import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HUB_RECONNECT_CAP_MS,
  HUB_RECONNECT_DELAYS_MS,
  HUB_RESTART_WINDOW_MS,
  HUB_SHUTDOWN_CLOSE,
  HUB_SIGN_IN_ENDED_CLOSE,
  hubReconnectDelayMs,
} from '../../../contract/realtime';
import { createRealtimeClient, type HubConnectionLike, type ReconnectPolicy } from '../../../src/realtime/realtimeClient';
import { FakeHubConnection } from './fakeSignalr';

/**
 * The client's reconnects, on a client of its own (not the app's singleton): the random source is the test's, the
 * clock is vitest's fake timers, the token a constant the test signs out of.
 */
let random = () => 0.5;
let token: string | null = 'token-1';
let tokenListener: ((next: string | null) => void) | undefined;
let connection: FakeHubConnection;
let policy: ReconnectPolicy;
let signInsEnded = 0;
let deactivate: (() => void) | undefined;

function startClient() {
  const client = createRealtimeClient({
    buildConnection: (accessTokenFactory, reconnectPolicy) => {
      connection = new FakeHubConnection(accessTokenFactory);
      policy = reconnectPolicy;
      return connection as unknown as HubConnectionLike;
    },
    freshAccessToken: async () => token ?? Promise.reject(new Error('signed out')),
    currentAccessToken: () => token,
    onAccessTokenChanged: (listener) => {
      tokenListener = listener;
      return () => (tokenListener = undefined);
    },
    onSignInEnded: () => (signInsEnded += 1),
    random: () => random(),
  });
  deactivate = client.activate();
  return client;
}

const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers();
  random = () => 0.5;
  token = 'token-1';
  signInsEnded = 0;
});
afterEach(async () => {
  deactivate?.();
  deactivate = undefined;
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('the reconnect schedule', () => {
  it("starts with the specification's waits (0, 2, 10 and 30 s), then draws each wait between 0 and the cap, for ever", () => {
    expect([0, 1, 2, 3].map((count) => hubReconnectDelayMs(count, () => 0.99))).toEqual(HUB_RECONNECT_DELAYS_MS);
    expect(HUB_RECONNECT_DELAYS_MS).toEqual([0, 2_000, 10_000, 30_000]);
    expect(HUB_RECONNECT_CAP_MS).toBe(60_000);
    for (const count of [4, 5, 50, 10_000]) {
      expect(hubReconnectDelayMs(count, () => 0)).toBe(0);
      expect(hubReconnectDelayMs(count, () => 0.5)).toBe(30_000);
      expect(hubReconnectDelayMs(count, () => 0.999_999)).toBeLessThan(HUB_RECONNECT_CAP_MS);
    }
  });

  it("is the policy @microsoft/signalr's automatic reconnect follows: it never gives up, and its waits are capped and jittered", () => {
    const draws = [0.1, 0.7, 0.3];
    random = () => draws.shift() ?? 0.9;
    startClient();
    const next = (previousRetryCount: number) =>
      policy.nextRetryDelayInMilliseconds({ previousRetryCount, elapsedMilliseconds: 0, retryReason: new Error('down') });
    expect([0, 1, 2, 3].map(next)).toEqual([0, 2_000, 10_000, 30_000]);
    expect([4, 5, 6].map(next)).toEqual([6_000, 42_000, 18_000]);
    for (let count = 7; count < 1_000; count++) {
      const wait = next(count);
      expect(wait).not.toBeNull();
      expect(wait).toBeLessThanOrEqual(HUB_RECONNECT_CAP_MS);
    }
  });

  it('after the hub said it is shutting down, tries every 1 to 2 s (jittered) for a minute, then the schedule goes on', () => {
    const draws = [0, 0.5, 0.999];
    random = () => draws.shift() ?? 0.5;
    startClient();
    const shutdown = new Error(`Server returned an error on close: ${HUB_SHUTDOWN_CLOSE}`);
    const failed = new Error('Failed to complete negotiation with the server: TypeError: Failed to fetch');
    const next = (previousRetryCount: number, elapsedMilliseconds: number) =>
      policy.nextRetryDelayInMilliseconds({ previousRetryCount, elapsedMilliseconds, retryReason: previousRetryCount === 0 ? shutdown : failed });
    expect(next(0, 0)).toBe(0);
    expect([next(1, 10), next(2, 1_500), next(3, 3_500)]).toEqual([1_000, 1_500, 1_999]);
    expect(next(30, HUB_RESTART_WINDOW_MS - 1)).toBe(1_500);
    expect(next(31, HUB_RESTART_WINDOW_MS)).toBe(30_000);
    // A drop without that Close (the network) keeps the specification's waits.
    const dropped = (previousRetryCount: number) =>
      policy.nextRetryDelayInMilliseconds({ previousRetryCount, elapsedMilliseconds: 0, retryReason: new Error('WebSocket closed with status code: 1006') });
    expect([0, 1, 2, 3].map(dropped)).toEqual([0, 2_000, 10_000, 30_000]);
  });
});

describe('the realtime client', () => {
  it('never gives up on a failed start: an hour on, it still tries at jittered waits under the cap', async () => {
    token = null;
    startClient();
    connection.failStarts = 100_000;
    token = 'token-1';
    tokenListener?.('token-1');
    await vi.advanceTimersByTimeAsync(2_000 + 10_000 + 30_000);
    expect(connection.startCalls).toBe(4);
    await vi.advanceTimersByTimeAsync(3_600_000);
    // random() is 0.5: every wait after the specification's is half the cap.
    expect(connection.startCalls).toBe(4 + 3_600_000 / (HUB_RECONNECT_CAP_MS / 2));
    expect(connection.state).toBe('Disconnected');
  });

  it('waits exactly the schedule after each failed start', async () => {
    token = null;
    startClient();
    connection.failStarts = 1_000;
    random = () => 0.1;
    token = 'token-1';
    tokenListener?.('token-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.startCalls).toBe(1);
    for (const [wait, calls] of [
      [2_000, 2],
      [10_000, 3],
      [30_000, 4],
      [6_000, 5],
      [6_000, 6],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(connection.startCalls).toBe(calls - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(connection.startCalls).toBe(calls);
    }
  });

  it('tries at once when the tab becomes visible while a failed start waits', async () => {
    token = null;
    startClient();
    connection.failStarts = 2;
    token = 'token-1';
    tokenListener?.('token-1');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connection.startCalls).toBe(2);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.startCalls).toBe(2);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.startCalls).toBe(3);
    expect(connection.state).toBe('Connected');
  });

  it("tries at once when the network returns during @microsoft/signalr's reconnect waits", async () => {
    const client = startClient();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getState()).toBe('Connected');
    connection.drop();
    expect(client.getState()).toBe('Reconnecting');
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.stopCalls).toBe(1);
    expect(connection.startCalls).toBe(2);
    expect(client.getState()).toBe('Connected');
  });

  it('starts again after a close the server did not allow a reconnect from, unless it ended the sign-in', async () => {
    const client = startClient();
    await vi.advanceTimersByTimeAsync(0);
    connection.closeWith(new Error('Server returned an error on close: Connection closed with an error.'));
    expect(client.getState()).toBe('Disconnected');
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.startCalls).toBe(2);
    expect(client.getState()).toBe('Connected');
  });

  it('does not try again after the server ended the sign-in: not on a timer, not when the tab shows, not when online', async () => {
    const client = startClient();
    await vi.advanceTimersByTimeAsync(0);
    connection.closeWith(new Error(`Server returned an error on close: ${HUB_SIGN_IN_ENDED_CLOSE}`));
    expect(signInsEnded).toBe(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    setVisibility('visible');
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(connection.startCalls).toBe(1);
    expect(client.getState()).toBe('Disconnected');
  });

  it('after the server ended the sign-in, the same token told again does not try; another token does', async () => {
    startClient();
    await vi.advanceTimersByTimeAsync(0);
    connection.closeWith(new Error(`Server returned an error on close: ${HUB_SIGN_IN_ENDED_CLOSE}`));
    tokenListener?.('token-1');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connection.startCalls).toBe(1);
    token = 'token-2';
    tokenListener?.('token-2');
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.startCalls).toBe(2);
    expect(connection.tokens.at(-1)).toBe('token-2');
  });

  it('does not try when the tab shows or the network returns while it is connected', async () => {
    startClient();
    await vi.advanceTimersByTimeAsync(0);
    setVisibility('visible');
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect([connection.startCalls, connection.stopCalls]).toEqual([1, 0]);
  });

  it('does not start again once the signed-in layout went, whatever the tab or the network do', async () => {
    startClient();
    await vi.advanceTimersByTimeAsync(0);
    deactivate?.();
    deactivate = undefined;
    await vi.advanceTimersByTimeAsync(0);
    setVisibility('visible');
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connection.startCalls).toBe(1);
  });
});
