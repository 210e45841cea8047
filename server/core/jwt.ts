import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_SECONDS, type AccessTokenClaims } from '../../contract/tokens';

export type TokenCheck = { ok: true; claims: AccessTokenClaims } | { ok: false; expired: boolean };

/** `notAfter` ends the token before its usual life does (an impersonation's time limit). */
export async function signAccessToken(secret: Uint8Array, claims: Omit<AccessTokenClaims, 'exp'>, now = Date.now(), notAfter?: Date) {
  const { sub, ...rest } = claims;
  const exp = Math.floor(now / 1000) + ACCESS_TOKEN_SECONDS;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(notAfter ? Math.min(exp, Math.floor(notAfter.getTime() / 1000)) : exp)
    .sign(secret);
}

/** Tokens whose signature was checked, kept at most this many (the oldest leave first). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/** Expired once `exp` is not after the current second (as jose, which signs them, reads it): the one place that decides. */
export const isExpired = (claims: Pick<AccessTokenClaims, 'exp'>, now = Date.now()) => claims.exp <= Math.floor(now / 1000);

const decodeJson = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A secret's verifier. HS256 is checked with node:crypto's HMAC, synchronously: after a restart every client's
 * first request pays for a check, and WebCrypto's asynchronous one cost several times more. Every token that
 * passed is kept with its claims, so a client's next requests skip the signature. A kept token still expires at
 * its `exp`; a refused one is never kept. Who the token names is the principal cache's question, dropped by domain events.
 */
function createVerifier(secret: Uint8Array) {
  const verified = new Map<string, AccessTokenClaims>();

  /** The claims of a token we signed, whatever its `exp`; nothing for anything else. */
  function verifySignature(token: string): AccessTokenClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString('base64url') !== signature) return undefined;
    let claims: unknown;
    try {
      const protectedHeader = decodeJson(header);
      // Only the header we sign: `alg: none`, other algorithms and extensions a verifier must understand are refused.
      if (!isRecord(protectedHeader) || protectedHeader.alg !== 'HS256' || 'crit' in protectedHeader || 'b64' in protectedHeader) return undefined;
      claims = decodeJson(payload);
    } catch {
      return undefined;
    }
    if (!isRecord(claims) || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return undefined;
    if ((claims.nbf !== undefined && typeof claims.nbf !== 'number') || (claims.iat !== undefined && typeof claims.iat !== 'number')) return undefined;
    if (typeof claims.nbf === 'number' && claims.nbf > Math.floor(Date.now() / 1000)) return undefined;
    return claims as unknown as AccessTokenClaims;
  }

  return function verify(token: string, ignoreExpiry: boolean): TokenCheck {
    let claims = verified.get(token);
    if (!claims) {
      claims = verifySignature(token);
      if (!claims) return { ok: false, expired: false };
      if (!isExpired(claims)) {
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
      }
    }
    if (!ignoreExpiry && isExpired(claims)) {
      verified.delete(token);
      return { ok: false, expired: true };
    }
    return { ok: true, claims };
  };
}

const verifiers = new WeakMap<Uint8Array, ReturnType<typeof createVerifier>>();

/**
 * Only HS256 signed by us passes: `alg: none`, other algorithms and tampered tokens are refused, and so is a
 * token without a numeric `exp` (it would never expire) or a subject.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string, options: { ignoreExpiry?: boolean } = {}): Promise<TokenCheck> {
  let verify = verifiers.get(secret);
  if (!verify) verifiers.set(secret, (verify = createVerifier(secret)));
  return verify(token, options.ignoreExpiry === true);
}
