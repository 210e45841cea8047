import crypto from 'node:crypto';
import type { TokenResponse } from '../../../contract/tokens';

/**
 * The successor pair of a rotated refresh token, kept for the grace period so any instance can answer a
 * second presentation of that token. It is sealed (AES-256-GCM) with a key derived from the presented
 * token and the server secret: the database alone (a leak, a backup) cannot open it.
 */
function keyOf(secret: Uint8Array, presentedToken: string) {
  return crypto.createHmac('sha256', secret).update(`refresh-successor:${presentedToken}`).digest();
}

export function sealSuccessor(secret: Uint8Array, presentedToken: string, pair: TokenResponse): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(secret, presentedToken), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The pair, or null when the seal does not open with this token (another token, another secret, tampering). */
export function openSuccessor(secret: Uint8Array, presentedToken: string, sealed: string): TokenResponse | null {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(secret, presentedToken), iv);
    decipher.setAuthTag(tag);
    const pair = JSON.parse(Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')) as TokenResponse;
    return typeof pair.token === 'string' && typeof pair.refreshToken === 'string' ? pair : null;
  } catch {
    return null;
  }
}
