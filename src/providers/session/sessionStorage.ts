import type { TokenResponse } from '../../../contract/tokens';
import { storageKeys } from '../../config/storageKeys';
import { emitAccessTokenChanged, emitSessionEnded, type SignOutReason } from './sessionEvents';

/** The signed-in session as kept in localStorage: credentials and the cached permission list. */
export type Credentials = TokenResponse;

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

export function readCredentials(): Credentials | null {
  const value = readJson(storageKeys.credentials) as Partial<Credentials> | null;
  return value && typeof value.token === 'string' && typeof value.refreshToken === 'string' && typeof value.refreshTokenExpiryTime === 'string'
    ? (value as Credentials)
    : null;
}

export function saveCredentials({ token, refreshToken, refreshTokenExpiryTime }: Credentials) {
  localStorage.setItem(storageKeys.credentials, JSON.stringify({ token, refreshToken, refreshTokenExpiryTime }));
  emitAccessTokenChanged(token);
}

export function readStoredPermissions(): string[] | null {
  const value = readJson(storageKeys.permissions);
  return Array.isArray(value) && value.every((p) => typeof p === 'string') ? value : null;
}

export function savePermissions(permissions: string[]) {
  localStorage.setItem(storageKeys.permissions, JSON.stringify(permissions));
}

export function clearSession() {
  localStorage.removeItem(storageKeys.credentials);
  localStorage.removeItem(storageKeys.permissions);
  sessionStorage.removeItem(storageKeys.impersonation);
  emitAccessTokenChanged(null);
}

/**
 * The server will not go on with this session: forget it and tell the app, which goes to /sign-in (saying why when
 * `reason` is given). An impersonation that ended gives the impersonator's own session back instead, and the app reloads.
 */
/**
 * Set while this tab returns from an impersonation, until it reloads as the impersonator: the end of that sign-in,
 * which it asked for, signs nobody out, and neither does any 401 of its requests still in flight (the impersonator's
 * session is already back in storage, which the reloading page shares). Starting an impersonation clears it.
 */
let returningFromImpersonation = false;
export function markReturningFromImpersonation(returning = true) {
  returningFromImpersonation = returning;
}

export const isReturningFromImpersonation = () => returningFromImpersonation;

export function endSession(reason?: SignOutReason) {
  // The return's own POST ends the impersonation's sign-in: its hub connection then closes saying so, and a request
  // of it in flight meets a 401 whose refresh is refused. The return takes the impersonator's session back itself
  // (the page reloads, which clears the mark); an end from either path would take that session first, and the
  // return would then clear it and land on the sign-in page.
  if (returningFromImpersonation) return;
  const kept = takeImpersonatorSession();
  clearSession();
  if (kept) return resumeSession(kept);
  if (reason) sessionStorage.setItem(storageKeys.signOutReason, reason);
  emitSessionEnded(reason);
}

/** Why this tab was last signed out by the server, until the sign-in page has said it (`forgetSignOutReason`). */
export function readSignOutReason(): SignOutReason | null {
  // The sign-in page is also prerendered on the server, where there is no sessionStorage (the browser renders anew).
  if (typeof sessionStorage === 'undefined') return null;
  return sessionStorage.getItem(storageKeys.signOutReason) === 'signInEnded' ? 'signInEnded' : null;
}

export function forgetSignOutReason() {
  sessionStorage.removeItem(storageKeys.signOutReason);
}

/** While impersonating: the impersonator's own session, kept aside in this tab (src/providers/session/impersonationSession.ts). */
export interface KeptSession {
  credentials: Credentials;
  permissions: string[] | null;
  endsAt: string;
}

/** Takes the impersonator's kept session out of storage (null when there is none). */
export function takeImpersonatorSession(): KeptSession | null {
  const kept = readKeptSession();
  sessionStorage.removeItem(storageKeys.impersonation);
  return kept;
}

export function readKeptSession(): KeptSession | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(storageKeys.impersonation) ?? 'null') as KeptSession | null;
    return kept?.credentials?.refreshToken ? kept : null;
  } catch {
    return null;
  }
}

/** How the app starts anew as another user (a full load: identity, permissions, caches and hub read afresh); tests replace it. */
export const appLoad = { at: (path: string) => window.location.assign(path) };

/** Puts a kept session back and loads the app anew as its user. */
export function resumeSession(kept: KeptSession) {
  localStorage.setItem(storageKeys.credentials, JSON.stringify(kept.credentials));
  if (kept.permissions) savePermissions(kept.permissions);
  appLoad.at('/');
}

export function isRefreshTokenUsable(credentials: Credentials, now = Date.now()): boolean {
  const expiry = Date.parse(credentials.refreshTokenExpiryTime);
  return Number.isFinite(expiry) && expiry > now;
}
