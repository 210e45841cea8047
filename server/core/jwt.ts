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

/** Tokens whose signature was checked, kept at most this many (the oldest leave first). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/** As jose decides: expired once `exp` is not after the current second. */
const isExpired = (claims: AccessTokenClaims, now = Date.now()) => claims.exp <= Math.floor(now / 1000);

/**
 * A secret's verifier: its key imported into WebCrypto once (not at every check), and every token that passed
 * kept with its claims, so a client's next requests skip the signature. A kept token still expires at its `exp`;
 * a refused one is never kept. Who the token names is the principal cache's question, dropped by domain events.
 */
function createVerifier(secret: Uint8Array) {
  const key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const verified = new Map<string, AccessTokenClaims>();

  async function verifySignature(token: string, ignoreExpiry: boolean): Promise<TokenCheck> {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
        currentDate: ignoreExpiry ? new Date(0) : undefined,
      });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return { ok: false, expired: false };
      return { ok: true, claims: payload as unknown as AccessTokenClaims };
    } catch (error) {
      return { ok: false, expired: error instanceof errors.JWTExpired };
    }
  }

  return async function verify(token: string, ignoreExpiry: boolean): Promise<TokenCheck> {
    const kept = verified.get(token);
    if (kept) {
      if (ignoreExpiry || !isExpired(kept)) return { ok: true, claims: kept };
      verified.delete(token);
      return { ok: false, expired: true };
    }
    const check = await verifySignature(token, ignoreExpiry);
    if (check.ok && !isExpired(check.claims)) {
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, check.claims);
    }
    return check;
  };
}

const verifiers = new WeakMap<Uint8Array, ReturnType<typeof createVerifier>>();

/**
 * Only HS256 signed by us passes: `alg: none`, other algorithms and tampered tokens are refused, and so is a
 * token without `exp` (it would never expire: the library checks `exp` only when present) or with a non-numeric one.
 */
export function verifyAccessToken(secret: Uint8Array, token: string, options: { ignoreExpiry?: boolean } = {}): Promise<TokenCheck> {
  let verify = verifiers.get(secret);
  if (!verify) verifiers.set(secret, (verify = createVerifier(secret)));
  return verify(token, options.ignoreExpiry === true);
}
