import type { AuthProvider } from 'react-admin';
import type { SecondFactorStep } from '../../../contract/secondFactor';
import type { TokenResponse } from '../../../contract/tokens';
import { apiPaths } from '../../config/apiPaths';
import { routePaths } from '../../config/routePaths';
import { apiRequest } from '../http/httpClient';
import { decodeAccessToken, identityProviderOf } from '../session/accessToken';
import { clearSession, isReturningFromImpersonation, readCredentials, resumeSession, takeImpersonatorSession } from '../session/sessionStorage';
import { revokeSignInOnServer } from '../session/serverSignOut';
import { leavePage } from '../session/leavePage';
import { freshCredentials, isRefreshRefused } from '../session/tokenRefresh';
import { loadPermissions } from './permissions';
import { adoptSignIn, isSecondFactorStep, secondFactorSetupPending } from './secondFactorSignIn';
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
  async login({ email, password }: SignInInput): Promise<SecondFactorStep | undefined> {
    const { data } = await apiRequest<TokenResponse | SecondFactorStep>(apiPaths.token, {
      method: 'POST',
      body: { email, password },
      authenticated: false,
      tenant: true,
      notify: false,
    });
    // A user with a second factor gets its step, not tokens: the sign-in page asks for the code next.
    if (isSecondFactorStep(data)) return data;
    await adoptSignIn(data);
    return undefined;
  },

  /** Issue 37: the one-time code an identity provider's callback handed over, for the session (or its second step). */
  async ssoSignIn(code: string): Promise<SecondFactorStep | undefined> {
    const { data } = await apiRequest<TokenResponse | SecondFactorStep>(apiPaths.ssoToken, {
      method: 'POST',
      body: { code },
      authenticated: false,
      tenant: true,
      notify: false,
    });
    if (isSecondFactorStep(data)) return data;
    await adoptSignIn(data);
    return undefined;
  },

  /**
   * Signs out here at once, then ends the sign-in on the server too without waiting for it (it may be unreachable).
   * Signing out of an impersonation returns to the impersonator's own session (the app reloads as them).
   */
  async logout() {
    // A 401 of the ended impersonation, answered after the impersonator's session is back: that session stays.
    if (isReturningFromImpersonation()) return false;
    const credentials = readCredentials();
    const impersonator = takeImpersonatorSession();
    clearSession();
    const ended = credentials ? revokeSignInOnServer(credentials.refreshToken) : null;
    if (impersonator) {
      resumeSession(impersonator);
      return false;
    }
    // Signed in through the organisation's identity provider: signed out there too when it offers it (it sends the
    // browser back to the sign-in page). Only then is the answer awaited.
    if (ended && credentials && identityProviderOf(credentials.token)) {
      const providerSignOut = await ended;
      if (providerSignOut) {
        leavePage.to(providerSignOut);
        return false;
      }
    }
    return routePaths.signIn;
  },

  /** As the HTTP client does: a refused refresh signs out; one that cannot reach the server keeps the session. */
  async checkAuth() {
    if (isReturningFromImpersonation()) return;
    if (!readCredentials()) throw { redirectTo: routePaths.signIn, message: false };
    // A role that requires a second factor: its setup comes before anything else.
    if (secondFactorSetupPending()) throw { redirectTo: routePaths.secondFactorSetup, message: false, logoutUser: false };
    try {
      await freshCredentials();
    } catch (error) {
      if (isRefreshRefused(error)) throw { redirectTo: routePaths.signIn };
    }
  },

  /** 401 reaching here means the refresh could not help: sign out (the toast was shown). 403 keeps the session. */
  async checkError(error: { status?: number } | undefined) {
    if (error?.status === 401 && !isReturningFromImpersonation()) throw { redirectTo: routePaths.signIn, logoutUser: true, message: false };
  },

  async getIdentity() {
    const { token } = await freshCredentials();
    return toSessionUser(decodeAccessToken(token));
  },

  getPermissions: () => loadPermissions(),

  /** The screen declarations load with the app, not with the sign-in page that imports this provider. */
  async canAccess({ action, resource }: { action: string; resource?: string }) {
    const [{ canAccessResource }, permissions] = await Promise.all([import('./resourcePermissions'), loadPermissions()]);
    return canAccessResource(permissions, { action, resource });
  },
} satisfies AuthProvider;
