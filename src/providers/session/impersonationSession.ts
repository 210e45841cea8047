import { storageKeys } from '../../config/storageKeys';
import { markReturningFromImpersonation, readCredentials, readKeptSession, readStoredPermissions, saveCredentials, type Credentials } from './sessionStorage';

/**
 * Starting an impersonation (issue 26, point 5): this tab's own session is kept aside in sessionStorage, the
 * impersonated user's takes its place. Apart from sessionStorage.ts, so the sign-in bundle does not carry it.
 */
export function startImpersonationSession(tokens: Credentials & { endsAt: string }) {
  markReturningFromImpersonation(false);
  const own = readCredentials();
  if (own) sessionStorage.setItem(storageKeys.impersonation, JSON.stringify({ credentials: own, permissions: readStoredPermissions(), endsAt: tokens.endsAt }));
  localStorage.removeItem(storageKeys.permissions);
  saveCredentials(tokens);
}

/** When this tab's impersonation ends by itself; null when it is not impersonating with a session kept aside. */
export function impersonationEndsAt(): string | null {
  const endsAt = readKeptSession()?.endsAt;
  return typeof endsAt === 'string' ? endsAt : null;
}
