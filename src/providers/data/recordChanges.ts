import type { RaRecord } from 'react-admin';

/** Fields a client never sends back: the id travels in the path, the version in If-Match. */
const NOT_SENT = new Set(['id', 'version']);

/** An empty text and no value are the same to a form (a cleared input gives '', the API gives null). */
const normalised = (value: unknown) => (value === '' || value === undefined ? null : value);
const same = (a: unknown, b: unknown) => JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));

/** The fields of `data` that differ from `previous`: the body of a PATCH, so a field not changed is not sent. */
export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => !NOT_SENT.has(key) && !same(value, previous[key])));
}

/** `If-Match` from the version the record was read with (DESIGN.md "Concurrency and retries"). */
export function ifMatchHeader(previous: Partial<RaRecord> | undefined): Record<string, string> {
  const version = (previous as { version?: unknown } | undefined)?.version;
  return typeof version === 'string' && version ? { 'If-Match': `"${version}"` } : {};
}

/** A fresh key per create call; `crypto.randomUUID` is missing outside secure contexts (plain http on a LAN). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
