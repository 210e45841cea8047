import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { adminClaims, partnerClaims, permissionsOfRole } from '../../../mocks/accounts';
import { ok } from '../../../mocks/envelopes';
import { mockApi } from '../../../mocks/handlers';
import { server } from '../../../mocks/server';
import { fakeAccessToken } from '../../../mocks/tokens';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { leavePage } from '../../../src/providers/session/leavePage';
import { decodeAccessToken } from '../../../src/providers/session/accessToken';
import { readCredentials, readStoredPermissions, saveCredentials, savePermissions } from '../../../src/providers/session/sessionStorage';
import { EXPIRED, signInAs } from '../sessionFixtures';

describe('authProvider', () => {
  it('signs in with POST /api/token and tenant root, storing credentials and permissions', async () => {
    await authProvider.login({ email: 'admin@example.com', password: 'Portal@123' });
    const call = mockApi.requests.find((r) => r.path === '/api/token');
    expect(call?.headers.get('tenant')).toBe('root');
    expect(call?.body).toEqual({ email: 'admin@example.com', password: 'Portal@123' });
    expect(readCredentials()).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String), refreshTokenExpiryTime: expect.any(String) });
    expect(readStoredPermissions()).toEqual(permissionsOfRole('Admin'));
  });

  it('refuses a wrong password with the server message and stores nothing', async () => {
    await expect(authProvider.login({ email: 'admin@example.com', password: 'wrong' })).rejects.toMatchObject({ message: 'Invalid email or password' });
    expect(readCredentials()).toBeNull();
  });

  it('signs out by clearing the session and sending the user to /sign-in', async () => {
    signInAs('partner');
    expect(await authProvider.logout()).toBe('/sign-in');
    expect(readCredentials()).toBeNull();
    expect(readStoredPermissions()).toBeNull();
  });

  it("signs out at the organisation's identity provider too, after the server ended the sign-in, when the sign-in came through it", async () => {
    const credentials = mockApi.issue({ ...partnerClaims, idp: 'a5f8d1c2-0000-4000-8000-000000000001' });
    saveCredentials(credentials);
    server.use(http.post('/api/token/revoke', () => ok({ providerSignOutUrl: 'https://idp.example/logout?id_token_hint=x' })));
    const assign = vi.spyOn(leavePage, 'to').mockImplementation(() => {});
    try {
      expect(await authProvider.logout()).toBe(false);
      expect(assign).toHaveBeenCalledWith('https://idp.example/logout?id_token_hint=x');
      expect(readCredentials()).toBeNull();
    } finally {
      assign.mockRestore();
    }
  });

  it("a password sign-in's sign-out neither waits for the server nor leaves the portal", async () => {
    signInAs('partner');
    server.use(http.post('/api/token/revoke', () => ok({ providerSignOutUrl: 'https://idp.example/logout' })));
    const assign = vi.spyOn(leavePage, 'to').mockImplementation(() => {});
    try {
      expect(await authProvider.logout()).toBe('/sign-in');
      expect(assign).not.toHaveBeenCalled();
    } finally {
      assign.mockRestore();
    }
  });

  describe('checkAuth', () => {
    it('passes with a valid access token', async () => {
      signInAs('partner');
      await expect(authProvider.checkAuth()).resolves.toBeUndefined();
      expect(mockApi.refreshCalls).toBe(0);
    });

    it('refreshes an expired access token while the refresh token is valid', async () => {
      signInAs('partner', { accessSeconds: EXPIRED });
      await expect(authProvider.checkAuth()).resolves.toBeUndefined();
      expect(mockApi.refreshCalls).toBe(1);
    });

    it('sends a visitor without credentials to /sign-in', async () => {
      await expect(authProvider.checkAuth()).rejects.toMatchObject({ redirectTo: '/sign-in' });
    });

    it('sends a user whose refresh token expired to /sign-in and clears the session', async () => {
      signInAs('partner', { accessSeconds: EXPIRED, refreshSeconds: EXPIRED });
      await expect(authProvider.checkAuth()).rejects.toMatchObject({ redirectTo: '/sign-in' });
      expect(readCredentials()).toBeNull();
    });
  });

  describe('checkError', () => {
    it('signs out on a 401 that the refresh could not cure', async () => {
      await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/sign-in', logoutUser: true });
    });

    it('keeps the session on a 403: one missing permission is not a reason to sign out', async () => {
      await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
      await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    });
  });

  describe('getIdentity', () => {
    it('decodes the access token claims', async () => {
      signInAs('partner');
      expect(await authProvider.getIdentity()).toEqual({
        id: partnerClaims.sub,
        fullName: 'Pham Partner',
        email: 'partner@acme.example',
        role: 'Partner',
        partnerId: partnerClaims.partnerId,
        phone: partnerClaims.phone,
        avatar: partnerClaims.avatar,
        initial: 'P',
      });
    });

    it('falls back to the initial of the name when there is no avatar', async () => {
      signInAs('admin');
      expect(await authProvider.getIdentity()).toMatchObject({ avatar: undefined, initial: 'A', fullName: 'Ada Admin' });
    });

    it('rejects an expired token on decoding', () => {
      const token = fakeAccessToken(adminClaims, EXPIRED);
      expect(() => decodeAccessToken(token)).toThrow('Access token expired');
      expect(() => decodeAccessToken('not-a-jwt')).toThrow('Access token malformed');
      expect(decodeAccessToken(fakeAccessToken(adminClaims)).email).toBe('admin@example.com');
    });

    it('rejects when the token expired and cannot be refreshed', async () => {
      signInAs('admin', { accessSeconds: EXPIRED, refreshSeconds: EXPIRED });
      await expect(authProvider.getIdentity()).rejects.toBeDefined();
    });
  });

  describe('getPermissions', () => {
    it('uses the stored permissions when present, without asking the server', async () => {
      signInAs('partner', undefined, { withPermissions: false });
      savePermissions(['Permissions.Tickets.View']);
      expect(await authProvider.getPermissions()).toEqual(['Permissions.Tickets.View']);
      expect(mockApi.requests.some((r) => r.path === '/api/users/permissions')).toBe(false);
    });

    it('fetches GET /api/users/permissions once when none are stored, and caches them', async () => {
      signInAs('partner', undefined, { withPermissions: false });
      const [first, second] = await Promise.all([authProvider.getPermissions(), authProvider.getPermissions()]);
      expect(first).toEqual(permissionsOfRole('Partner'));
      expect(second).toEqual(first);
      expect(readStoredPermissions()).toEqual(first);
      await authProvider.getPermissions();
      expect(mockApi.requests.filter((r) => r.path === '/api/users/permissions')).toHaveLength(1);
    });

    it('stores what the server answers, even a list it shortened', async () => {
      signInAs('partner', undefined, { withPermissions: false });
      server.use(http.get('/api/users/permissions', () => ok(['Permissions.Tickets.Search'])));
      expect(await authProvider.getPermissions()).toEqual(['Permissions.Tickets.Search']);
    });
  });

  describe('canAccess', () => {
    const can = (action: string, resource?: string) => authProvider.canAccess({ action, resource });

    it('maps react-admin resources and actions onto permissions', async () => {
      signInAs('partner');
      expect(await can('list', 'tickets')).toBe(true);
      expect(await can('create', 'tickets')).toBe(true);
      expect(await can('delete', 'tickets')).toBe(false);
      expect(await can('list', 'partners')).toBe(false);
      expect(await can('list', 'partner-users')).toBe(false);
      expect(await can('list', 'own-partner-forms')).toBe(true);
    });

    it('gives the admin every mapped resource, action names passing through', async () => {
      signInAs('admin');
      for (const resource of ['partners', 'user-management', 'roles', 'partner-users', 'tickets', 'validation-rules', 'forms', 'files', 'file-grants']) {
        expect(await can('list', resource)).toBe(true);
      }
      expect(await can('AdminView', 'partners')).toBe(true);
      expect(await can('Configure', 'forms')).toBe(true);
      expect(await can('export', 'Partners')).toBe(true);
    });

    it('denies an unknown resource and a check without resource', async () => {
      signInAs('admin');
      expect(await can('list', 'posts')).toBe(false);
      expect(await can('list')).toBe(false);
    });
  });
});
