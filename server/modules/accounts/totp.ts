import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const ISSUER = 'Partner Portal';

/** The key sealing TOTP secrets at rest, derived from the app's secret (a database copy alone does not reveal them). */
const sealKeyOf = (appSecret: Uint8Array) => Buffer.from(crypto.hkdfSync('sha256', appSecret, Buffer.alloc(0), 'partner-portal totp secret', 32));

export function sealSecret(appSecret: Uint8Array, secretBase32: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealKeyOf(appSecret), iv);
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function unsealSecret(appSecret: Uint8Array, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', sealKeyOf(appSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const otpauthUriOf = (secretBase32: string, email: string) => totpOf(secretBase32, email).toString();

/** The code of a secret at a moment (tests and the demo use it as an authenticator app would). */
export const totpCodeAt = (secretBase32: string, at = Date.now()) => totpOf(secretBase32).generate({ timestamp: at });

/**
 * The step a code belongs to (one step of drift either way for clocks), or null when it is not a code of the secret
 * or its step is not after `lastUsedStep` (a code once accepted is never accepted again, nor an older one).
 */
export function acceptedStepOf(secretBase32: string, code: string, lastUsedStep: number | null, at = Date.now()): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, window: 1, timestamp: at });
  if (delta === null) return null;
  const step = Math.floor(at / 1000 / PERIOD) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
