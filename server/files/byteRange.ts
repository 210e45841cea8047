import type { ByteRange } from './fileStore';

/** What a request's Range header asks of a file of `size` bytes. */
export type RangeRequest = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

const ONE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * One range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) of RFC 9110. A header that is absent, malformed or asks for
 * several ranges is ignored and the whole file is sent, as the RFC allows; so is one under an `If-Range` we
 * cannot match (these answers carry no validator). A range starting past the end is unsatisfiable (416).
 */
export function rangeOf(header: string | undefined, ifRange: string | undefined, size: number): RangeRequest {
  if (!header || ifRange !== undefined) return { kind: 'whole' };
  const match = ONE_RANGE.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [first, last] = [match[1], match[2]].map((n) => (n === '' ? undefined : Number(n)));
  if (first === undefined) {
    // The last `last` bytes.
    if (last === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - last!), end: size - 1 } };
  }
  if (last !== undefined && last < first) return { kind: 'whole' };
  if (first >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start: first, end: Math.min(last ?? size - 1, size - 1) } };
}
