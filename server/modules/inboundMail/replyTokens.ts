import crypto from 'node:crypto';

/**
 * The signed reply address of a ticket mail: `reply+<token>@domain` (a chat line) or `note+<token>@domain` (staff's
 * internal note). The token carries the ticket and the expiry; its MAC covers the kind, the ticket, the recipient user
 * and the expiry, with a key derived from the server's secret. The recipient is signed for, not carried: two UUIDs, an
 * expiry and a MAC do not fit the 64 octets of an address's local part (RFC 5321), so the verifier names the user it
 * checks (the sender's). Base32 in lower case: relays may fold the case of a local part.
 */
export type ReplyKind = 'reply' | 'note';

const MAC_BYTES = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 16 bytes of ticket, 4 of expiry (Unix seconds), the MAC: 48 characters. */
const TOKEN_BYTES = 16 + 4 + MAC_BYTES;

export function replyTokenKey(serverSecret: Uint8Array): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'partner-portal inbound mail reply token', 32));
}

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of text) {
    const digit = ALPHABET.indexOf(c);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

function macOf(key: Buffer, kind: ReplyKind, ticket: Buffer, recipientId: string, expiry: Buffer) {
  return crypto.createHmac('sha256', key).update(kind).update(ticket).update(uuidBytes(recipientId)).update(expiry).digest().subarray(0, MAC_BYTES);
}

export function signReplyToken(key: Buffer, kind: ReplyKind, ticketId: string, recipientId: string, expiresAt: Date): string {
  const ticket = uuidBytes(ticketId);
  const expiry = Buffer.alloc(4);
  expiry.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000));
  return base32(Buffer.concat([ticket, expiry, macOf(key, kind, ticket, recipientId, expiry)]));
}

/** What a token says before its MAC is checked: the ticket it names and when it expires; null when it is no token. */
export function readReplyToken(token: string): { ticketId: string; expiresAt: Date } | null {
  const bytes = fromBase32(token.toLowerCase());
  if (!bytes || bytes.length !== TOKEN_BYTES) return null;
  return { ticketId: uuidOf(bytes.subarray(0, 16)), expiresAt: new Date(bytes.readUInt32BE(16) * 1000) };
}

/** Whether `token` was signed for this kind and recipient (`invalid` otherwise), and if so whether it has expired at `now`. */
export function replyTokenVerifies(key: Buffer, kind: ReplyKind, token: string, recipientId: string, now = new Date()): 'valid' | 'expired' | 'invalid' {
  const bytes = fromBase32(token.toLowerCase());
  if (!bytes || bytes.length !== TOKEN_BYTES) return 'invalid';
  const expected = macOf(key, kind, bytes.subarray(0, 16), recipientId, bytes.subarray(16, 20));
  if (!crypto.timingSafeEqual(expected, bytes.subarray(20))) return 'invalid';
  return bytes.readUInt32BE(16) * 1000 > now.getTime() ? 'valid' : 'expired';
}

/** The local part of a reply address: `reply+token` or `note+token`. */
export function replyAddress(kind: ReplyKind, token: string, domain: string) {
  return `${kind}+${token}@${domain}`;
}

/** The kind and token of an address of ours; null for any other address. */
export function parseReplyAddress(address: string, domain: string): { kind: ReplyKind; token: string } | null {
  const match = /^(reply|note)\+([a-z2-7]{48})@(.+)$/i.exec(address.trim());
  if (!match || match[3].toLowerCase() !== domain.toLowerCase()) return null;
  return { kind: match[1].toLowerCase() as ReplyKind, token: match[2].toLowerCase() };
}

/**
 * The envelope sender of a mail to `recipient` (VERP): `bounces+<tag>@domain`, the tag a MAC of the recipient's address.
 * A delivery report comes back to it, and marks that recipient only when the tag is theirs: a forged report cannot
 * silence mail to anyone else.
 */
export function bounceAddress(key: Buffer, recipient: string, domain: string) {
  return `bounces+${bounceTagOf(key, recipient)}@${domain}`;
}

const bounceTagOf = (key: Buffer, recipient: string) =>
  base32(crypto.createHmac('sha256', key).update('bounce').update(recipient.trim().toLowerCase()).digest().subarray(0, MAC_BYTES));

/** The tag of a bounce address of ours; null for any other address. */
export function parseBounceAddress(address: string, domain: string): string | null {
  const match = /^bounces\+([a-z2-7]{16})@(.+)$/i.exec(address.trim());
  return match && match[2].toLowerCase() === domain.toLowerCase() ? match[1].toLowerCase() : null;
}

/** Whether a bounce address's tag was made for this recipient. */
export function bounceTagVerifies(key: Buffer, tag: string, recipient: string) {
  const expected = Buffer.from(bounceTagOf(key, recipient));
  const given = Buffer.from(tag.toLowerCase());
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** Message-IDs that thread a ticket's mails: one root per ticket, each mail its own id referring to it. */
export const ticketThreadRoot = (ticketId: string, domain: string) => `<ticket-${ticketId}@${domain}>`;
export const ticketMailId = (ticketId: string, messageId: string, domain: string) => `<ticket-${ticketId}-${messageId}@${domain}>`;
