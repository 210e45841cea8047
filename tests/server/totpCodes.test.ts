import { describe, expect, it } from 'vitest';
import { acceptedStepOf, newTotpSecret, otpauthUriOf, sealSecret, totpCodeAt, unsealSecret } from '../../server/modules/accounts/totp';

// A TOTP secret at rest and on its way to the authenticator app, and the codes it accepts, without a server.
const appSecret = new TextEncoder().encode('a test app secret of 32 bytes!!!');
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('a TOTP secret at rest', () => {
  it('unseals to the secret it sealed, and two seals of one secret differ (a fresh IV each)', () => {
    const first = sealSecret(appSecret, secret);
    const second = sealSecret(appSecret, secret);
    expect(first).not.toBe(second);
    expect(first).not.toContain(secret);
    expect([unsealSecret(appSecret, first), unsealSecret(appSecret, second)]).toEqual([secret, secret]);
  });

  it('sealed by an earlier release still unseals: the key derivation and the format stay as stored secrets need them', () => {
    const stored = 'YFrMibviTKNacSE-._raKAulhJskrMuC55wAlTQ.NLNmZi-RvqI7tNgF-9LSAY_c1m0mCXJVz089mhnlNsM';
    expect(unsealSecret(appSecret, stored)).toBe(secret);
  });

  it('does not unseal with another app secret, nor once altered', () => {
    const sealed = sealSecret(appSecret, secret);
    expect(() => unsealSecret(new TextEncoder().encode('another app secret of 32 bytes!!'), sealed)).toThrow();
    const [iv, tag, data] = sealed.split('.');
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    expect(() => unsealSecret(appSecret, [iv, tag, flipped].join('.'))).toThrow();
  });
});

describe('a new TOTP secret', () => {
  it('is 160 random bits in base32, new each time', () => {
    const one = newTotpSecret();
    expect(one).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(one);
  });

  it('reaches the authenticator app as an otpauth URI naming the portal, the user and the code’s shape', () => {
    expect(otpauthUriOf(secret, 'ana@acme.example')).toBe(
      `otpauth://totp/Partner%20Portal:ana%40acme.example?issuer=Partner%20Portal&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });

  it('gives the codes an authenticator app shows: six digits, new every 30 seconds (RFC 6238)', () => {
    // RFC 6238's SHA-1 test key ("12345678901234567890"), its first two instants, as six digits.
    const rfcKey = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect([totpCodeAt(rfcKey, 59_000), totpCodeAt(rfcKey, 1_111_111_109_000)]).toEqual(['287082', '081804']);
    expect(totpCodeAt(rfcKey, 30_000)).toBe(totpCodeAt(rfcKey, 59_999));
  });
});

describe('a TOTP code', () => {
  const at = Date.UTC(2026, 0, 7, 3, 0, 0);
  const step = at / 30_000;

  it('is accepted one step early or late, not two', () => {
    expect([-60_000, -30_000, 0, 30_000, 60_000].map((offset) => acceptedStepOf(secret, totpCodeAt(secret, at + offset), null, at))).toEqual([
      null,
      step - 1,
      step,
      step + 1,
      null,
    ]);
  });

  it('belongs to its step from the step’s first second to its last', () => {
    expect(acceptedStepOf(secret, totpCodeAt(secret, at + 29_999), null, at + 29_999)).toBe(step);
    expect(acceptedStepOf(secret, totpCodeAt(secret, at), null, at + 29_999)).toBe(step);
  });

  it('is never accepted for the step last used nor an earlier one (replay)', () => {
    const code = totpCodeAt(secret, at);
    expect(acceptedStepOf(secret, code, step - 1, at)).toBe(step);
    expect(acceptedStepOf(secret, code, step, at)).toBeNull();
    expect(acceptedStepOf(secret, totpCodeAt(secret, at - 30_000), step, at)).toBeNull();
    expect(acceptedStepOf(secret, totpCodeAt(secret, at + 30_000), step, at)).toBe(step + 1);
  });

  it('with none used yet is accepted even for step 0 (the first 30 seconds of 1970): none used is not step 0 used', () => {
    expect(acceptedStepOf(secret, totpCodeAt(secret, 0), null, 0)).toBe(0);
    expect(acceptedStepOf(secret, totpCodeAt(secret, 0), 0, 0)).toBeNull();
  });
});
