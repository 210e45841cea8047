import type { AccessTokenClaims, TokenResponse } from '../contract/tokens';

function base64Url(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with the given claims: the browser only decodes tokens, the server checks them. */
export function fakeAccessToken(claims: Omit<AccessTokenClaims, 'exp'>, expiresInSeconds = 15 * 60): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ ...claims, exp })}.mock-signature`;
}

let issued = 0;

/** Credentials as POST /api/token answers them; negative lifetimes give expired tokens. */
export function fakeCredentials(claims: Omit<AccessTokenClaims, 'exp'>, { accessSeconds = 15 * 60, refreshSeconds = 7 * 24 * 60 * 60 } = {}): TokenResponse {
  issued += 1;
  return {
    token: fakeAccessToken(claims, accessSeconds),
    refreshToken: `refresh-${claims.sub}-${issued}`,
    refreshTokenExpiryTime: new Date(Date.now() + refreshSeconds * 1000).toISOString(),
  };
}

export function claimsOf(token: string): AccessTokenClaims | null {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(payload);
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as AccessTokenClaims;
  } catch {
    return null;
  }
}
