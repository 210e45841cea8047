import crypto from 'node:crypto';

/**
 * The connection token negotiate answers (what the client puts in `?id=`), signed so that any instance
 * sharing the JWT secret can start the connection it names: a WebSocket needs no affinity at the balancer.
 * It carries the public connection id, the user who negotiated and a short expiry: it only starts a
 * connection, which then lives as long as its access token.
 */
export interface ConnectionTokenClaims {
  connectionId: string;
  userId: string;
  /** Until when (ms since epoch) an instance may start the connection from this token. */
  expiresAt: number;
}

export interface ConnectionTokens {
  /** How long a token may start its connection after negotiate. */
  readonly ttlMs: number;
  sign(connectionId: string, userId: string, now?: number): string;
  /** The claims of a token this deployment signed and that has not expired; null for anything else. */
  read(token: string, now?: number): ConnectionTokenClaims | null;
}

/** Long enough for a client's negotiate then connect on a slow network, short enough that a leaked URL soon means nothing. */
export const CONNECTION_TOKEN_TTL_MS = 30_000;

/** Its own key, derived from the JWT secret: a connection token is never an access token, nor the other way round. */
const KEY_INFO = 'partner-portal/hub-connection-token/v1';

/** `<payload>.<signature>`, both base64url: safe in `?id=`, which the client does not encode. */
export function connectionTokens(jwtSecret: Uint8Array, ttlMs = CONNECTION_TOKEN_TTL_MS): ConnectionTokens {
  const key = Buffer.from(crypto.hkdfSync('sha256', jwtSecret, Buffer.alloc(0), KEY_INFO, 32));
  const signatureOf = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');

  return {
    ttlMs,
    sign(connectionId, userId, now = Date.now()) {
      const payload = Buffer.from(JSON.stringify({ c: connectionId, u: userId, e: now + ttlMs })).toString('base64url');
      return `${payload}.${signatureOf(payload)}`;
    },
    read(token, now = Date.now()) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      // Compared as text: base64url decoding ignores a last character's spare bits, so two spellings would pass.
      const given = Buffer.from(signature);
      const expected = Buffer.from(signatureOf(payload));
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      let claims: { c?: unknown; u?: unknown; e?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as typeof claims;
      } catch {
        return null;
      }
      const { c, u, e } = claims;
      if (typeof c !== 'string' || !c || typeof u !== 'string' || !u || typeof e !== 'number' || now >= e) return null;
      return { connectionId: c, userId: u, expiresAt: e };
    },
  };
}
