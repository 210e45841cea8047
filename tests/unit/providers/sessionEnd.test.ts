import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { failed } from '../../../mocks/envelopes';
import { mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { dataProvider } from '../../../src/providers/data/dataProvider';
import { onSessionEnded } from '../../../src/providers/session/sessionEvents';
import { readCredentials } from '../../../src/providers/session/sessionStorage';
import { freshCredentials } from '../../../src/providers/session/tokenRefresh';
import { EXPIRED, signInAs } from '../sessionFixtures';

const firstPartnerId = () => mockApi.partners[0].id;

/** Ways a refresh can fail that say nothing about the session: the server was not reached or could not answer. */
const unreachable = {
  'a network error': () => HttpResponse.error(),
  'a 503 page from a proxy': () => new HttpResponse('<html>Service Unavailable</html>', { status: 503, headers: { 'Content-Type': 'text/html' } }),
  'a 502 without a body': () => new HttpResponse(null, { status: 502 }),
  'a 500 envelope': () => failed(500, 'Something went wrong on our side'),
  'a 429 envelope': () => failed(429, 'Too many requests, please try again later'),
};

describe('a refresh that cannot reach the server keeps the session, in checkAuth as in the HTTP client', () => {
  for (const [what, answer] of Object.entries(unreachable)) {
    it(`on ${what}`, async () => {
      const stale = signInAs('admin', { accessSeconds: EXPIRED });
      server.use(http.post('/api/token/refresh', answer));

      await expect(authProvider.checkAuth()).resolves.toBeUndefined();
      expect(readCredentials()).toEqual(stale);

      const call = dataProvider.getOne('partners', { id: firstPartnerId() });
      await expect(call).rejects.toBeDefined();
      await expect(call).rejects.not.toMatchObject({ status: 401 });
      expect(readCredentials()).toEqual(stale);
    });
  }

  it('a refused refresh ends the session whoever asked for it (realtime, downloads), once', async () => {
    signInAs('admin', { accessSeconds: EXPIRED });
    mockApi.refreshTokens.clear();
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    await expect(freshCredentials()).rejects.toMatchObject({ status: 401 });
    stop();
    expect(readCredentials()).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a refused refresh signs out in both', async () => {
    signInAs('admin', { accessSeconds: EXPIRED });
    mockApi.refreshTokens.clear();
    await expect(authProvider.checkAuth()).rejects.toMatchObject({ redirectTo: '/sign-in' });
    expect(readCredentials()).toBeNull();

    signInAs('admin', { accessSeconds: EXPIRED });
    mockApi.refreshTokens.clear();
    await expect(dataProvider.getOne('partners', { id: firstPartnerId() })).rejects.toMatchObject({ status: 401 });
    expect(readCredentials()).toBeNull();
  });
});

describe('sign-out', () => {
  it('revokes the refresh token on the server with the root tenant', async () => {
    const session = signInAs('partner');
    expect(await authProvider.logout()).toBe('/sign-in');
    expect(readCredentials()).toBeNull();
    await vi.waitFor(() => expect(mockApi.requests.some((r) => r.path === '/api/token/revoke')).toBe(true));
    const call = mockApi.requests.find((r) => r.path === '/api/token/revoke')!;
    expect(call.method).toBe('POST');
    expect(call.headers.get('tenant')).toBe('root');
    expect(call.body).toEqual({ refreshToken: session.refreshToken });
    expect(mockApi.refreshTokens.has(session.refreshToken)).toBe(false);
  });

  it('completes in the browser when the server cannot be reached', async () => {
    signInAs('partner');
    let asked = false;
    server.use(
      http.post('/api/token/revoke', () => {
        asked = true;
        return HttpResponse.error();
      }),
    );
    expect(await authProvider.logout()).toBe('/sign-in');
    expect(readCredentials()).toBeNull();
    await vi.waitFor(() => expect(asked).toBe(true));
  });

  it('without a session asks the server nothing', async () => {
    expect(await authProvider.logout()).toBe('/sign-in');
    expect(mockApi.requests.some((r) => r.path === '/api/token/revoke')).toBe(false);
  });
});
