import { adminClaims, partnerClaims, permissionsOfRole } from '../../mocks/accounts';
import { mockApi } from '../../mocks/handlers';
import { saveCredentials, savePermissions } from '../../src/providers/session/sessionStorage';

type Lifetimes = { accessSeconds?: number; refreshSeconds?: number };

/** Stores a session the mock API honours, as a sign-in would. */
export function signInAs(who: 'admin' | 'partner', lifetimes?: Lifetimes, { withPermissions = true } = {}) {
  const claims = who === 'admin' ? adminClaims : partnerClaims;
  const credentials = mockApi.issue(claims, lifetimes);
  saveCredentials(credentials);
  if (withPermissions) savePermissions(permissionsOfRole(claims.role));
  return credentials;
}

export const EXPIRED = -60;
