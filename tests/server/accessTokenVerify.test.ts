import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../server/core/jwt';

const secret = new TextEncoder().encode('a secret of the verifier tests, long enough for HS256');
const claims = { sub: 'user-1', email: 'a@example.com', role: 'Admin', tenant: 'root' } as unknown as Parameters<typeof signAccessToken>[1];

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed with our secret over whatever header and payload a test gives. */
function signed(header: unknown, payload: unknown) {
  const body = `${part(header)}.${part(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('access token verification', () => {
  it('accepts a token we signed and answers its claims', async () => {
    const check = await verifyAccessToken(secret, await signAccessToken(secret, claims));
    expect(check).toMatchObject({ ok: true, claims: { sub: 'user-1' } });
  });

  it('refuses a signature with characters the base64url decoder would skip, so a token has one spelling', async () => {
    const token = await signAccessToken(secret, claims);
    for (const variant of [`${token}=`, `${token}!`, `${token.slice(0, -2)}*${token.slice(-2)}`]) {
      expect(await verifyAccessToken(secret, variant)).toEqual({ ok: false, expired: false });
    }
  });

  it('refuses headers other than HS256 and extensions a verifier must understand, even when signed with our secret', async () => {
    const payload = { sub: 'user-1', exp: inAnHour() };
    for (const header of [{ alg: 'none' }, { alg: 'HS512' }, { alg: 'HS256', crit: ['b64'], b64: false }, { alg: 'HS256', b64: false }, ['HS256'], 'HS256']) {
      expect(await verifyAccessToken(secret, signed(header, payload)), JSON.stringify(header)).toEqual({ ok: false, expired: false });
    }
  });

  it('refuses claims without a subject or a numeric exp, a future nbf, or a payload that is not an object', async () => {
    const header = { alg: 'HS256', typ: 'JWT' };
    for (const payload of [
      { exp: inAnHour() },
      { sub: 'user-1' },
      { sub: 'user-1', exp: String(inAnHour()) },
      { sub: 'user-1', exp: inAnHour(), nbf: inAnHour() },
      { sub: 'user-1', exp: inAnHour(), iat: 'now' },
      [1],
      null,
    ]) {
      expect(await verifyAccessToken(secret, signed(header, payload)), JSON.stringify(payload)).toEqual({ ok: false, expired: false });
    }
  });

  it('says an expired token is expired, and reads it when asked to ignore expiry', async () => {
    const token = signed({ alg: 'HS256' }, { sub: 'user-1', exp: Math.floor(Date.now() / 1000) - 1 });
    expect(await verifyAccessToken(secret, token)).toEqual({ ok: false, expired: true });
    expect(await verifyAccessToken(secret, token, { ignoreExpiry: true })).toMatchObject({ ok: true, claims: { sub: 'user-1' } });
  });

  it('refuses malformed tokens without throwing', async () => {
    for (const token of ['', '.', 'a.b', 'a.b.c.d', '%%%.%%%.%%%', `${part({ alg: 'HS256' })}.not-json.${'A'.repeat(43)}`, '\u0000.\ud800.x']) {
      expect(await verifyAccessToken(secret, token), token).toEqual({ ok: false, expired: false });
    }
  });
});
