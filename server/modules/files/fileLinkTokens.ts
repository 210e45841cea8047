import { createHmac } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

/**
 * The two tokens of an opening: the signed link (`file-link`, names its user: only they may open the page) and
 * the content ticket (`file-content`, the credential of the content URL an <img> or <iframe> loads without an
 * Authorization header). Each is signed with its own key derived from the JWT secret, and carries its `typ`:
 * an access token never passes as either, neither passes as an access token, nor one as the other.
 */
export type FileTokenType = 'file-link' | 'file-content';

const keyOf = (secret: Uint8Array, type: FileTokenType) => createHmac('sha256', secret).update(`partner-portal:${type}`).digest();

export interface FileTokenClaims {
  /** The link (the opening) the token stands for. */
  lid: string;
  /** The user the link was minted for (the signed link only). */
  sub?: string;
}

/** A token valid until `expiresAt` (its `exp`, rounded up to the second; the link row holds the exact instant). */
export function signFileToken(secret: Uint8Array, type: FileTokenType, claims: FileTokenClaims, expiresAt: Date) {
  const jwt = new SignJWT({ typ: type, lid: claims.lid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(Math.ceil(expiresAt.getTime() / 1000));
  if (claims.sub) jwt.setSubject(claims.sub);
  return jwt.sign(keyOf(secret, type));
}

/** `expired`: genuine (our signature, this type) but past its `exp`; `invalid`: forged, tampered, of another type, malformed. */
export type FileTokenCheck = { state: 'valid' | 'expired'; claims: FileTokenClaims } | { state: 'invalid' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function claimsOf(type: FileTokenType, payload: Record<string, unknown>): FileTokenClaims | null {
  if (payload.typ !== type || typeof payload.lid !== 'string' || !UUID.test(payload.lid)) return null;
  if (type === 'file-link' && typeof payload.sub !== 'string') return null;
  return { lid: payload.lid, sub: typeof payload.sub === 'string' ? payload.sub : undefined };
}

/**
 * Only our HS256 signature of this type passes, with `exp`; an expired but genuine token says so (the page
 * tells "expired" rather than "not found"). `now` is the instant the token is checked at.
 */
export async function verifyFileToken(secret: Uint8Array, type: FileTokenType, token: string, now = new Date()): Promise<FileTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret, type), { algorithms: ['HS256'], requiredClaims: ['exp'], currentDate: now });
    const claims = claimsOf(type, payload);
    return claims ? { state: 'valid', claims } : { state: 'invalid' };
  } catch (error) {
    // jose checks the signature before the claims: an expired token's payload is genuine.
    const claims = error instanceof errors.JWTExpired ? claimsOf(type, error.payload) : null;
    return claims ? { state: 'expired', claims } : { state: 'invalid' };
  }
}
