import { SignJWT, jwtVerify, errors } from 'jose';
import { ACCESS_TOKEN_SECONDS, type AccessTokenClaims } from '../../contract/tokens';

export type TokenCheck = { ok: true; claims: AccessTokenClaims } | { ok: false; expired: boolean };

export async function signAccessToken(secret: Uint8Array, claims: Omit<AccessTokenClaims, 'exp'>, now = Date.now()) {
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ACCESS_TOKEN_SECONDS)
    .sign(secret);
}

/**
 * Only HS256 signed by us passes: `alg: none`, other algorithms and tampered tokens are refused, and so is a
 * token without `exp` (it would never expire: the library checks `exp` only when present) or with a non-numeric one.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string, options: { ignoreExpiry?: boolean } = {}): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      currentDate: options.ignoreExpiry ? new Date(0) : undefined,
    });
    if (typeof payload.sub !== 'string') return { ok: false, expired: false };
    return { ok: true, claims: payload as unknown as AccessTokenClaims };
  } catch (error) {
    return { ok: false, expired: error instanceof errors.JWTExpired };
  }
}
