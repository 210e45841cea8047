import type { TokenResponse } from '../../../contract/tokens';
import { storageKeys } from '../../config/storageKeys';
import { emitAccessTokenChanged, emitSessionEnded } from './sessionEvents';

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
  emitAccessTokenChanged(null);
}

/** The server will not go on with this session: forget it and tell the app, which goes to /sign-in. */
export function endSession() {
  clearSession();
  emitSessionEnded();
}

export function isRefreshTokenUsable(credentials: Credentials, now = Date.now()): boolean {
  const expiry = Date.parse(credentials.refreshTokenExpiryTime);
  return Number.isFinite(expiry) && expiry > now;
}
