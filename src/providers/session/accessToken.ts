import { jwtDecode } from 'jwt-decode';
import type { AccessTokenClaims } from '../../../contract/tokens';

export class InvalidAccessTokenError extends Error {
  constructor(reason: 'expired' | 'malformed') {
    super(`Access token ${reason}`);
    this.name = 'InvalidAccessTokenError';
  }
}

/** Decodes the access token's claims; an expired or unreadable token is rejected (specification section 5). */
export function decodeAccessToken(token: string, now = Date.now()): AccessTokenClaims {
  let claims: AccessTokenClaims;
  try {
    claims = jwtDecode<AccessTokenClaims>(token);
  } catch {
    throw new InvalidAccessTokenError('malformed');
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) throw new InvalidAccessTokenError('expired');
  return claims;
}

export function isAccessTokenFresh(token: string, now = Date.now()): boolean {
  try {
    decodeAccessToken(token, now);
    return true;
  } catch {
    return false;
  }
}

/** The identity provider a session's sign-in came through (issue 37), read whatever the token's expiry; null if none. */
export function identityProviderOf(token: string): string | null {
  try {
    const { idp } = jwtDecode<AccessTokenClaims>(token);
    return typeof idp === 'string' ? idp : null;
  } catch {
    return null;
  }
}
