import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHOOSABLE_NOTIFICATION_KINDS, type ChoosableNotificationKind } from '../../../contract/notificationPreferences';

/** A kind, or `digest`: every kind the user gets in the digest. */
export type UnsubscribeKind = ChoosableNotificationKind | 'digest';
const UNSUBSCRIBE_KINDS: readonly string[] = [...CHOOSABLE_NOTIFICATION_KINDS, 'digest'];

/** A key of its own, derived from the server secret: an unsubscribe token is never valid as anything else. */
const keyOf = (secret: Uint8Array) => createHmac('sha256', secret).update('notification-unsubscribe/v1').digest();

const signatureOf = (secret: Uint8Array, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest();

/** `base64url(userId:kind).base64url(HMAC)`: names the user and the kind a mail's unsubscribe link turns off. */
export function unsubscribeToken(secret: Uint8Array, userId: string, kind: UnsubscribeKind): string {
  const payload = Buffer.from(`${userId}:${kind}`).toString('base64url');
  return `${payload}.${signatureOf(secret, payload).toString('base64url')}`;
}

/** The user and kind a token names, or null when it is malformed, forged or tampered with. */
export function verifyUnsubscribeToken(secret: Uint8Array, token: unknown): { userId: string; kind: UnsubscribeKind } | null {
  if (typeof token !== 'string' || token.length > 300) return null;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kind] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (!/^[0-9a-f-]{36}$/i.test(userId ?? '') || !UNSUBSCRIBE_KINDS.includes(kind ?? '')) return null;
  return { userId: userId!, kind: kind as UnsubscribeKind };
}
