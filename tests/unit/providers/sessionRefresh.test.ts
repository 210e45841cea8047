import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { failed, ok } from '../../../mocks/envelopes';
import { mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import { toastStore } from '../../../src/notifications/toastStore';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { dataProvider } from '../../../src/providers/data/dataProvider';
import { onSessionEnded } from '../../../src/providers/session/sessionEvents';
import { readCredentials } from '../../../src/providers/session/sessionStorage';
import { EXPIRED, signInAs } from '../sessionFixtures';

const toasts = () => toastStore.getSnapshot().map(({ severity, message }) => ({ severity, message }));
const firstPartnerId = () => mockApi.partners[0].id;

describe('token refresh on 401 (specification section 8)', () => {
  it('refreshes once with tenant root and repeats the call when the refresh token is unexpired', async () => {
    const stale = signInAs('admin', { accessSeconds: EXPIRED });
    const { data } = await dataProvider.getOne('partners', { id: firstPartnerId() });
    expect(data.name).toBe('Acme Logistics');
    expect(mockApi.refreshCalls).toBe(1);
    const refresh = mockApi.requests.find((r) => r.path === '/api/token/refresh');
    expect(refresh?.headers.get('tenant')).toBe('root');
    expect(refresh?.body).toEqual({ token: stale.token, refreshToken: stale.refreshToken });
    expect(readCredentials()?.token).not.toBe(stale.token);
    expect(mockApi.requests.filter((r) => r.path.startsWith('/api/v1/partners/'))).toHaveLength(2);
    expect(toasts()).toEqual([]);
  });

  it('refreshes on an envelope 401 carried by an HTTP 200 too', async () => {
    signInAs('admin');
    let calls = 0;
    server.use(
      http.get('/api/v1/partners/:id', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ isSuccess: false, statusCode: 401, message: 'Token expired', data: null }, { status: 200 })
          : ok({ id: 'p1', name: 'After refresh' });
      }),
    );
    expect((await dataProvider.getOne('partners', { id: 'p1' })).data.name).toBe('After refresh');
    expect(mockApi.refreshCalls).toBe(1);
  });

  it('shows the message and signs out when the refresh token has expired, without trying to refresh', async () => {
    signInAs('admin', { accessSeconds: EXPIRED, refreshSeconds: EXPIRED });
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    await expect(dataProvider.getOne('partners', { id: firstPartnerId() })).rejects.toMatchObject({ status: 401 });
    stop();
    expect(mockApi.refreshCalls).toBe(0);
    expect(toasts()).toEqual([{ severity: 'error', message: 'Your session has expired' }]);
    expect(readCredentials()).toBeNull();
    expect(localStorage.getItem('portal.permissions')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('signs out when the server refuses the refresh', async () => {
    signInAs('admin', { accessSeconds: EXPIRED });
    mockApi.refreshTokens.clear();
    await expect(dataProvider.getOne('partners', { id: firstPartnerId() })).rejects.toMatchObject({ status: 401 });
    expect(mockApi.refreshCalls).toBe(1);
    expect(readCredentials()).toBeNull();
    expect(toasts()).toEqual([{ severity: 'error', message: 'Your session has expired' }]);
  });

  it('repeats the call only once: a second 401 signs out', async () => {
    signInAs('admin');
    let calls = 0;
    server.use(
      http.get('/api/v1/partners/:id', () => {
        calls += 1;
        return failed(401, 'Still not allowed');
      }),
    );
    await expect(dataProvider.getOne('partners', { id: 'p1' })).rejects.toMatchObject({ status: 401, message: 'Still not allowed' });
    expect(mockApi.refreshCalls).toBe(1);
    expect(calls).toBe(2);
    expect(readCredentials()).toBeNull();
  });

  it('keeps the session when the server cannot be reached for the refresh', async () => {
    signInAs('admin', { accessSeconds: EXPIRED });
    server.use(http.post('/api/token/refresh', () => HttpResponse.error()));
    await expect(dataProvider.getOne('partners', { id: firstPartnerId() })).rejects.toMatchObject({ status: 0 });
    expect(readCredentials()).not.toBeNull();
  });

  it('ten calls failing with 401 at once cause exactly one refresh', async () => {
    signInAs('admin', { accessSeconds: EXPIRED });
    const ids = Array.from({ length: 10 }, () => firstPartnerId());
    const results = await Promise.all(ids.map((id) => dataProvider.getOne('partners', { id })));
    expect(results.every(({ data }) => data.name === 'Acme Logistics')).toBe(true);
    expect(mockApi.refreshCalls).toBe(1);
    expect(toasts()).toEqual([]);
  });

  it('covers getPermissions and canAccess: their 401s share the same single refresh', async () => {
    signInAs('admin', { accessSeconds: EXPIRED }, { withPermissions: false });
    const [permissions, canList, identityCall] = await Promise.all([
      authProvider.getPermissions(),
      authProvider.canAccess({ action: 'list', resource: 'partners' }),
      dataProvider.getOne('partners', { id: firstPartnerId() }),
    ]);
    expect(permissions).toContain('Permissions.Partners.View');
    expect(canList).toBe(true);
    expect(identityCall.data.name).toBe('Acme Logistics');
    expect(mockApi.refreshCalls).toBe(1);
    expect(mockApi.requests.filter((r) => r.path === '/api/users/permissions')).toHaveLength(2);
  });
});
