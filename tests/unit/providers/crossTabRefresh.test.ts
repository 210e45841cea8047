import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../mocks/handlers';
import { EXPIRED, signInAs } from '../sessionFixtures';

type TokenRefreshModule = typeof import('../../../src/providers/session/tokenRefresh');

/**
 * Web Locks as a browser gives them to every tab of an origin: one holder per name at a time, in order of
 * request. jsdom has none.
 */
function sharedLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => callback());
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** A tab: its own copy of the session modules (its own in-tab refresh sharing), over the storage all tabs share. */
async function openTab(): Promise<TokenRefreshModule> {
  vi.resetModules();
  return import('../../../src/providers/session/tokenRefresh');
}

function installWebLocks() {
  Object.defineProperty(navigator, 'locks', { value: sharedLocks(), configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

describe('refresh across tabs', () => {
  it('two tabs refreshing at once: one refreshes, the other takes its result', async () => {
    installWebLocks();
    const stale = signInAs('admin', { accessSeconds: EXPIRED });
    const [first, second] = [await openTab(), await openTab()];

    const [a, b] = await Promise.all([first.refreshCredentials(), second.refreshCredentials()]);

    expect(mockApi.refreshCalls).toBe(1);
    expect(a.refreshToken).not.toBe(stale.refreshToken);
    expect(b).toEqual(a);
    expect(JSON.parse(localStorage.getItem('portal.credentials')!)).toEqual(a);
  });

  it('a tab asking for fresh credentials after another tab refreshed takes them without asking the server', async () => {
    installWebLocks();
    signInAs('partner', { accessSeconds: EXPIRED });
    const [first, second] = [await openTab(), await openTab()];
    const refreshed = await first.freshCredentials();
    expect(await second.freshCredentials()).toEqual(refreshed);
    expect(mockApi.refreshCalls).toBe(1);
  });

  it('ten tabs at once cause one refresh and all end with the same credentials', async () => {
    installWebLocks();
    signInAs('partner', { accessSeconds: EXPIRED });
    const tabs: TokenRefreshModule[] = [];
    for (let i = 0; i < 10; i++) tabs.push(await openTab());
    const results = await Promise.all(tabs.map((tab) => tab.refreshCredentials()));
    expect(mockApi.refreshCalls).toBe(1);
    expect(new Set(results.map((r) => r.refreshToken)).size).toBe(1);
  });

  it('a tab that refreshes on purpose (a changed profile) still refreshes when nobody else did', async () => {
    installWebLocks();
    const current = signInAs('admin');
    const tab = await openTab();
    const refreshed = await tab.refreshCredentials();
    expect(mockApi.refreshCalls).toBe(1);
    expect(refreshed.refreshToken).not.toBe(current.refreshToken);
  });

  it('without Web Locks a tab still refreshes (the server grace period covers tabs that overlap)', async () => {
    signInAs('admin', { accessSeconds: EXPIRED });
    const tab = await openTab();
    await expect(tab.refreshCredentials()).resolves.toMatchObject({ token: expect.any(String) });
    expect(mockApi.refreshCalls).toBe(1);
  });
});
