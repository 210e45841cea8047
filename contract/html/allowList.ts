/**
 * The HTML that stored text may hold (ticket descriptions and chat messages): one list that the server's
 * sanitiser (server/modules/tickets/ticketHtml.ts) and the browser's safe-HTML rendering
 * (src/components/richText/safeHtml.ts) both read, so the two cannot drift apart.
 */

/** Text formatting, lists, headings, quotes, code, tables and links; no images, styles or classes. */
export const HTML_ALLOWED_TAGS: readonly string[] = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'mark',
  'sub',
  'sup',
  'small',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
];

/** Elements without content or end tag. */
export const HTML_VOID_TAGS: readonly string[] = ['br', 'hr'];

/** The attributes each tag may keep; every other attribute (handlers, style, class) is dropped. */
export const HTML_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
  // Only where a list allows <img> (help-center articles): see HTML_ARTICLE_ALLOWED_TAGS.
  img: ['src', 'alt', 'title', 'width', 'height'],
};

/** Attributes kept only when they hold a small whole number. */
export const HTML_NUMERIC_ATTRIBUTES: readonly string[] = ['colspan', 'rowspan', 'start', 'width', 'height'];
const NUMERIC_VALUE = /^\d{1,4}$/;

/**
 * Help-center articles (issue 39) hold what the chat holds and images, whose `src` is a path of this site (the
 * file store's `/api/v1/files/...` among them): never another site, `data:` or `javascript:`.
 */
export const HTML_ARTICLE_ALLOWED_TAGS: readonly string[] = [...HTML_ALLOWED_TAGS, 'img'];
export const HTML_ARTICLE_VOID_TAGS: readonly string[] = [...HTML_VOID_TAGS, 'img'];

/** A path on this origin: one slash, not `//host` or `/\host` (which browsers read as another host). */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;

/** Links may go to the web, to mail, or within the app. */
const SAFE_URL = /^(https?:|mailto:|\/|#)/i;

/**
 * What every link carries: a new tab that cannot reach back into the app (noopener, noreferrer), and no
 * endorsement of the target by the portal for search engines (nofollow: anyone may write a link).
 */
export const HTML_LINK_ATTRIBUTES = { rel: 'noopener noreferrer nofollow', target: '_blank' } as const;

export const allowedAttributesOf = (tag: string): readonly string[] => HTML_ALLOWED_ATTRIBUTES[tag.toLowerCase()] ?? [];

/**
 * Whether an allowed attribute's value (entities already decoded) may stay: links to safe schemes only
 * (spaces and control characters, which browsers skip in a scheme, do not hide one), numbers as numbers.
 */
export function isAllowedAttributeValue(name: string, value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (name === 'href') return SAFE_URL.test(value.replace(/[\s\u0000-\u001f\u007f]/g, ''));
  // eslint-disable-next-line no-control-regex
  if (name === 'src') return SAME_ORIGIN_PATH.test(value.replace(/[\s\u0000-\u001f\u007f]/g, ''));
  if (HTML_NUMERIC_ATTRIBUTES.includes(name)) return NUMERIC_VALUE.test(value.trim());
  return true;
}
