/**
 * Mail that no person wrote as a reply: auto-replies (RFC 3834 `Auto-Submitted`, the older `X-Autoreply` and
 * `X-Autorespond`), bulk and list mail (`Precedence`), and out-of-office notices known by their subject (en, vi).
 * Such mail is never posted nor answered: answering it is how two robots mail each other forever.
 */
const BULK_PRECEDENCE = new Set(['bulk', 'junk', 'list', 'auto_reply']);

const OUT_OF_OFFICE_SUBJECTS = [
  /\bout of (the )?office\b/i,
  /\bautomatic reply\b/i,
  /\bauto[- ]?reply\b/i,
  /\bautoreply\b/i,
  /\bon (vacation|holiday|leave)\b/i,
  /\baway from (the )?office\b/i,
  /vắng mặt/i,
  /trả lời tự động/i,
  /không có mặt tại văn phòng/i,
  /ngoài văn phòng/i,
  /đang nghỉ phép/i,
];

type HeaderValue = unknown;

const text = (value: HeaderValue) =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'value' in value ? String((value as { value: unknown }).value) : '';

/** Why a mail is noise (a header's name or `subject`), or null when a person may have written it. */
export function noiseOf(headers: Map<string, HeaderValue>, subject: string): string | null {
  const autoSubmitted = text(headers.get('auto-submitted')).trim().toLowerCase();
  if (autoSubmitted && autoSubmitted.split(';')[0].trim() !== 'no') return 'auto-submitted';
  if (BULK_PRECEDENCE.has(text(headers.get('precedence')).trim().toLowerCase())) return 'precedence';
  if (headers.has('x-autoreply')) return 'x-autoreply';
  if (headers.has('x-autorespond')) return 'x-autorespond';
  if (OUT_OF_OFFICE_SUBJECTS.some((pattern) => pattern.test(subject))) return 'subject';
  return null;
}
