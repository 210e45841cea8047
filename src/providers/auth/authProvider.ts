import type { AuthProvider } from 'react-admin';
import type { TokenResponse } from '../../../contract/tokens';
import { apiPaths } from '../../config/apiPaths';
import { routePaths } from '../../config/routePaths';
import { apiRequest } from '../http/httpClient';
import { decodeAccessToken } from '../session/accessToken';
import { clearSession, readCredentials, saveCredentials } from '../session/sessionStorage';
import { freshCredentials } from '../session/tokenRefresh';
import { loadPermissions } from './permissions';
import { canAccessResource } from './resourcePermissions';
import { toSessionUser } from './sessionUser';

export interface SignInInput {
  email: string;
  password: string;
}

/**
 * react-admin's authProvider over the token API. It imports no react-admin code (types only), because the
 * sign-in pages call it directly and must stay out of react-admin's bundle.
 */
export const authProvider = {
  async login({ email, password }: SignInInput) {
    const { data } = await apiRequest<TokenResponse>(apiPaths.token, {
      method: 'POST',
      body: { email, password },
      authenticated: false,
      tenant: true,
      notify: false,
    });
    clearSession();
    saveCredentials(data);
    await loadPermissions().catch(() => undefined);
  },

  async logout() {
    clearSession();
    return routePaths.signIn;
  },

  async checkAuth() {
    if (!readCredentials()) throw { redirectTo: routePaths.signIn, message: false };
    try {
      await freshCredentials();
    } catch {
      clearSession();
      throw { redirectTo: routePaths.signIn };
    }
  },

  /** 401 reaching here means the refresh could not help: sign out (the toast was shown). 403 keeps the session. */
  async checkError(error: { status?: number } | undefined) {
    if (error?.status === 401) throw { redirectTo: routePaths.signIn, logoutUser: true, message: false };
  },

  async getIdentity() {
    const { token } = await freshCredentials();
    return toSessionUser(decodeAccessToken(token));
  },

  getPermissions: () => loadPermissions(),

  async canAccess({ action, resource }: { action: string; resource?: string }) {
    return canAccessResource(await loadPermissions(), { action, resource });
  },
} satisfies AuthProvider;
