import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HUB_KEEP_ALIVE_MS, HUB_RECONNECT_CAP_MS, HUB_SERVER_TIMEOUT_MS } from '../../../contract/realtime';
import { partnerClaims } from '../../../mocks/accounts';
import { mockApi } from '../../../mocks/handlers';
import { clearSession, saveCredentials } from '../../../src/providers/session/sessionStorage';
import type { ReconnectPolicy } from '../../../src/realtime/realtimeClient';
import { createResourceChangeApplier } from '../../../src/realtime/resourceChanges';
import { EXPIRED, signInAs } from '../sessionFixtures';
import { hub } from './fakeSignalr';

vi.mock('@microsoft/signalr', () => import('./fakeSignalr'));

const { realtime } = await import('../../../src/realtime/realtime');
const connection = () => hub.connection!;

/** Lets the client's pending promises run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function recordStates() {
  const states: string[] = [];
  const stop = realtime.subscribeState(() => states.push(realtime.getState()));
  return { states, stop };
}

let deactivate: (() => void) | undefined;

beforeEach(() => connection().reset());
afterEach(async () => {
  vi.useRealTimers();
  deactivate?.();
  deactivate = undefined;
  await settle();
});

describe('the realtime client', () => {
  it('builds one connection to /api/notifications with the timing of specification section 9', () => {
    const [url, options] = hub.builder.withUrl as [string, { accessTokenFactory: unknown }];
    expect(new URL(url).pathname).toBe('/api/notifications');
    expect(typeof options.accessTokenFactory).toBe('function');
    const [policy] = hub.builder.withAutomaticReconnect as [ReconnectPolicy];
    const waits = [0, 1, 2, 3, 4].map((previousRetryCount) =>
      policy.nextRetryDelayInMilliseconds({ previousRetryCount, elapsedMilliseconds: 0, retryReason: new Error() }),
    );
    expect(waits.slice(0, 4)).toEqual([0, 2000, 10000, 30000]);
    expect(waits[4]).toBeLessThan(HUB_RECONNECT_CAP_MS);
    expect(hub.builder.withServerTimeout).toEqual([HUB_SERVER_TIMEOUT_MS]);
    expect(hub.builder.withKeepAliveInterval).toEqual([HUB_KEEP_ALIVE_MS]);
    expect([HUB_SERVER_TIMEOUT_MS, HUB_KEEP_ALIVE_MS]).toEqual([30000, 15000]);
  });

  it('stays disconnected without a session and connects once the user signs in', async () => {
    deactivate = realtime.activate();
    await settle();
    expect(realtime.getState()).toBe('Disconnected');
    expect(connection().startCalls).toBe(0);

    const { states } = recordStates();
    const credentials = signInAs('partner');
    await settle();
    expect(states).toEqual(['Connecting', 'Connected']);
    expect(connection().tokens).toEqual([credentials.token]);
  });

  it('shows Reconnecting while the connection is lost and rejoins the followed tickets after it comes back', async () => {
    signInAs('partner');
    deactivate = realtime.activate();
    await settle();
    expect(await realtime.joinTicket('ticket-1')).toBe(true);
    const { states } = recordStates();

    connection().drop();
    expect(realtime.getState()).toBe('Reconnecting');
    connection().reconnect();
    await settle();
    expect(states).toEqual(['Reconnecting', 'Connected']);
    expect(connection().invoked).toEqual([
      ['JoinTicket', 'ticket-1'],
      ['JoinTicket', 'ticket-1'],
    ]);

    await realtime.leaveTicket('ticket-1');
    connection().drop();
    connection().reconnect();
    await settle();
    expect(connection().invoked.at(-1)).toEqual(['LeaveTicket', 'ticket-1']);
  });

  it('restarts with the new token when the token changes', async () => {
    signInAs('partner');
    deactivate = realtime.activate();
    await settle();
    const { states } = recordStates();

    const next = mockApi.issue(partnerClaims, { accessSeconds: 600 });
    saveCredentials(next);
    await settle();
    expect(states).toEqual(['Disconnecting', 'Disconnected', 'Connecting', 'Connected']);
    expect(connection().stopCalls).toBe(1);
    expect(connection().tokens.at(-1)).toBe(next.token);
  });

  it('does not restart for the token it refreshed itself to connect', async () => {
    signInAs('partner', { accessSeconds: EXPIRED });
    deactivate = realtime.activate();
    await vi.waitFor(() => expect(realtime.getState()).toBe('Connected'));
    expect(mockApi.refreshCalls).toBe(1);
    expect(connection().startCalls).toBe(1);
    expect(connection().stopCalls).toBe(0);
  });

  it('stops on sign-out and stays stopped', async () => {
    signInAs('partner');
    deactivate = realtime.activate();
    await settle();
    const { states } = recordStates();

    clearSession();
    await settle();
    expect(states).toEqual(['Disconnecting', 'Disconnected']);
    expect(connection().stopCalls).toBe(1);
    await settle();
    expect(connection().startCalls).toBe(1);
  });

  it('stops when another tab signs out', async () => {
    signInAs('partner');
    deactivate = realtime.activate();
    await settle();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'portal.credentials' }));
    await settle();
    expect(realtime.getState()).toBe('Disconnected');
    expect(connection().stopCalls).toBe(1);
  });

  it('stops when the signed-in layout goes away', async () => {
    signInAs('partner');
    deactivate = realtime.activate();
    await settle();
    deactivate();
    deactivate = undefined;
    await settle();
    expect(realtime.getState()).toBe('Disconnected');
    expect(connection().stopCalls).toBe(1);
  });

  it('hands each hub message to the handlers of its method, until they unsubscribe', async () => {
    const changes: unknown[] = [];
    const typing: unknown[] = [];
    const stopChanges = realtime.on('ResourceChanged', (change) => changes.push(change));
    realtime.on('UserTyping', (who) => typing.push(who));
    connection().receive('ResourceChanged', { resource: 'tickets', id: 't1', action: 'updated' });
    stopChanges();
    connection().receive('ResourceChanged', { resource: 'tickets', id: 't2', action: 'updated' });
    expect(changes).toEqual([{ resource: 'tickets', id: 't1', action: 'updated' }]);
    expect(typing).toEqual([]);
  });

  it('turns a Resync into one catch-up of what listens for reconnects (the open ticket loads again)', async () => {
    signInAs('partner');
    deactivate = realtime.activate();
    await settle();
    let caughtUp = 0;
    const stop = realtime.onConnected(() => (caughtUp += 1));
    connection().receive('Resync', undefined);
    stop();
    expect(caughtUp).toBe(1);
  });

  it('sends Typing only while connected', async () => {
    realtime.sendTyping('ticket-1');
    expect(connection().sent).toEqual([]);
    signInAs('partner');
    deactivate = realtime.activate();
    await settle();
    realtime.sendTyping('ticket-1');
    expect(connection().sent).toEqual([['Typing', 'ticket-1']]);
  });
});

describe('a ResourceChanged message', () => {
  it('refreshes the queries of that API resource only, once for changes arriving together', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    for (const resource of ['tickets', 'ticket-management', 'partners']) queryClient.setQueryData([resource, 'getList', {}], { data: [] });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const changes = createResourceChangeApplier(queryClient);

    changes.apply({ resource: 'tickets', id: 't1', action: 'created' });
    changes.apply({ resource: 'tickets', id: 't2', action: 'deleted' });
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();

    expect(invalidate).toHaveBeenCalledTimes(1);
    const invalidated = (resource: string) => queryClient.getQueryState([resource, 'getList', {}])?.isInvalidated;
    expect([invalidated('tickets'), invalidated('ticket-management'), invalidated('partners')]).toEqual([true, true, false]);
  });
});

describe('a Resync message', () => {
  it('refreshes every query once, together with changes arriving with it', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    for (const resource of ['tickets', 'partners']) queryClient.setQueryData([resource, 'getList', {}], { data: [] });
    queryClient.setQueryData(['tickets', 'getOne', { id: 't1' }], { data: { id: 't1' } });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const changes = createResourceChangeApplier(queryClient);

    changes.apply({ resource: 'tickets', id: 't1', action: 'updated' });
    changes.resync();
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();

    expect(invalidate).toHaveBeenCalledTimes(1);
    const invalidated = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect([invalidated(['tickets', 'getList', {}]), invalidated(['partners', 'getList', {}]), invalidated(['tickets', 'getOne', { id: 't1' }])]).toEqual([
      true,
      true,
      true,
    ]);
  });
});
