import { sanitizeHtml } from '../tickets/ticketHtml';

/**
 * The part of a reply its writer typed, above the history their client quoted: the usual "On … wrote:" (en) and
 * "Vào … đã viết:" (vi) lines, `>` quoting, Outlook's "-----Original Message-----" and "From: … Sent:" headers, and
 * in HTML the quote containers of Gmail, Apple Mail, Thunderbird and Outlook.
 */
const ATTRIBUTION = [/^on\b.*\bwrote:\s*$/i, /^vào\s.*\sđã viết:\s*$/i, /^le\b.*\ba écrit\s*:\s*$/i];
const SEPARATOR = [/^-{2,}\s*(original message|thư gốc|tin nhắn gốc)\s*-{2,}\s*$/i, /^_{20,}\s*$/, /^-{2,}\s*forwarded message\s*-{2,}\s*$/i];
const HEADER_FROM = /^\*?(from|từ|de)\s*:\*?\s+\S/i;
const HEADER_NEXT = /^\*?(sent|date|to|đã gửi|ngày|gửi|đến|subject|chủ đề)\s*:/i;

/** Where the quoted history starts among these lines (their count when nothing is quoted). */
function quoteStartOf(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line.startsWith('>')) return i;
    if (ATTRIBUTION.some((p) => p.test(line))) return i;
    // Gmail wraps a long attribution: "On Mon, … Sam Support <" / "support@example.com> wrote:".
    const joined = `${line} ${(lines[i + 1] ?? '').trim()}`;
    if (/^(on|vào)\b/i.test(line) && ATTRIBUTION.some((p) => p.test(joined))) return i;
    if (SEPARATOR.some((p) => p.test(line))) return i;
    if (HEADER_FROM.test(line) && lines.slice(i + 1, i + 4).some((next) => HEADER_NEXT.test(next.trim()))) return i;
  }
  return lines.length;
}

/** The typed part of a plain text reply, trailing blank lines and a `-- ` signature left out. */
export function visibleTextOf(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let kept = lines.slice(0, quoteStartOf(lines));
  const signature = kept.findIndex((line) => line === '-- ' || line === '--');
  if (signature >= 0) kept = kept.slice(0, signature);
  return kept.join('\n').trim();
}

/** Quote containers as mail clients write them, before sanitising drops their classes and ids. */
const HTML_QUOTE_STARTS = [
  /<div[^>]*class=["'][^"']*\bgmail_quote\b/i,
  /<blockquote\b/i,
  /<div[^>]*id=["']?(divRplyFwdMsg|appendonsend)\b/i,
  /<div[^>]*class=["'][^"']*\bmoz-cite-prefix\b/i,
  /<hr[^>]*id=["']?stopSpelling/i,
];

/** The typed part of an HTML reply, sanitised to the chat's allow-list. */
export function visibleHtmlOf(html: string): string {
  let cut = html.length;
  for (const pattern of HTML_QUOTE_STARTS) {
    const found = pattern.exec(html);
    if (found && found.index < cut) cut = found.index;
  }
  const sanitized = sanitizeHtml(html.slice(0, cut));
  // What is left is looked at line by line, as text would be: the attribution or a header block above a quote.
  const lines = sanitized.split(/(?=<br>|<p>|<div>)/);
  const text = lines.map((part) =>
    part
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
  const start = quoteStartOf(text);
  // Sanitised again: the cut may leave elements open, which the sanitiser closes.
  const visible = sanitizeHtml(lines.slice(0, start).join('')).replace(/(<br>\s*)+$/, '');
  // In an element: a reply without markup ("Tom &amp; Jerry") is still read as HTML, not escaped twice.
  return visible ? `<div>${visible}</div>` : '';
}
