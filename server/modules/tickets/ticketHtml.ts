import {
  allowedAttributesOf,
  HTML_ALLOWED_TAGS,
  HTML_ARTICLE_ALLOWED_TAGS,
  HTML_ARTICLE_VOID_TAGS,
  HTML_LINK_ATTRIBUTES,
  HTML_VOID_TAGS,
  isAllowedAttributeValue,
} from '../../../contract/html/allowList';

/**
 * The server's sanitiser for ticket descriptions and chat messages, on the allow-list both sides share
 * (contract/html/allowList.ts; DESIGN.md "Tickets"). The output is rebuilt, not filtered: only allowed tags
 * come out, with only their allowed attributes, values and text re-escaped, every element closed. Whatever a
 * quirky input makes of our tokenizer, the result holds nothing else. The browser sanitises again (DOMPurify)
 * when it shows it.
 */

/** The elements a kind of stored HTML may hold: the chat's, or a help-center article's (the chat's and images). */
export interface HtmlProfile {
  allowed: ReadonlySet<string>;
  void: ReadonlySet<string>;
}
const ALLOWED_TAGS = new Set(HTML_ALLOWED_TAGS);
export const CHAT_HTML: HtmlProfile = { allowed: ALLOWED_TAGS, void: new Set(HTML_VOID_TAGS) };
export const ARTICLE_HTML: HtmlProfile = { allowed: new Set(HTML_ARTICLE_ALLOWED_TAGS), void: new Set(HTML_ARTICLE_VOID_TAGS) };
const LINK_ATTRIBUTES = Object.entries(HTML_LINK_ATTRIBUTES)
  .map(([name, value]) => ` ${name}="${value}"`)
  .join('');
/** Elements whose content the browser does not parse as markup: dropped with everything up to their end tag. */
const RAW_TEXT_TAGS = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
/**
 * Elements open at once; deeper ones are dropped (their text kept). Each end tag looks for its element
 * among the open ones, so without a bound "<b>"×n "</i>"×n took quadratic time (a second for 50 KB).
 */
const MAX_OPEN_ELEMENTS = 64;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  sol: '/',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
};
/** An entity reference in text; the browser turns it into characters, never into markup, so it may stay. */
const TEXT_ENTITY = /&(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});/iy;

function isEntityAt(text: string, offset: number) {
  TEXT_ENTITY.lastIndex = offset;
  return TEXT_ENTITY.test(text);
}

const escapeText = (text: string) =>
  text.replace(/[&<>]/g, (c, offset: number) => (c === '&' ? (isEntityAt(text, offset) ? '&' : '&amp;') : c === '<' ? '&lt;' : '&gt;'));

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/** Decodes what an attribute's value means, as far as the URL check needs: numeric and common named entities. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
  });
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: [string, string][];
  /** Index just past the tag's `>`; -1 when the input ends inside the tag (the browser drops such a tag). */
  end: number;
}

const isLetter = (c: string | undefined) => !!c && /[a-z]/i.test(c);
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/** Reads a tag starting at `<` (start or end tag), its attributes parsed the way the HTML tokenizer does. */
function readTag(html: string, start: number): Tag {
  let i = start + 1;
  const closing = html[i] === '/';
  if (closing) i++;
  const nameStart = i;
  while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') i++;
  const name = html.slice(nameStart, i).toLowerCase();
  const attributes: [string, string][] = [];
  for (;;) {
    while (isSpace(html[i]) || html[i] === '/') i++;
    if (i >= html.length) return { name, closing, attributes, end: -1 };
    if (html[i] === '>') return { name, closing, attributes, end: i + 1 };
    const attrStart = i;
    i++;
    while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') i++;
    const attrName = html.slice(attrStart, i).toLowerCase();
    while (isSpace(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return { name, closing, attributes, end: -1 };
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') i++;
        value = html.slice(valueStart, i);
      }
    }
    attributes.push([attrName, value]);
  }
}

function cleanAttributes(tag: Tag): string | null {
  const allowed = allowedAttributesOf(tag.name);
  const seen = new Set<string>();
  let out = '';
  let hasSource = false;
  for (const [name, raw] of tag.attributes) {
    if (!allowed.includes(name) || seen.has(name)) continue;
    seen.add(name);
    // eslint-disable-next-line no-control-regex
    const value = decodeEntities(raw).replace(/[\u0000-\u001f\u007f]/g, '');
    if (!isAllowedAttributeValue(name, value)) continue;
    out += ` ${name}="${escapeAttribute(value.trim())}"`;
    if (name === 'src') hasSource = true;
  }
  if (tag.name === 'a') out += LINK_ATTRIBUTES;
  // An image without a source it may keep is nothing to show.
  if (tag.name === 'img' && !hasSource) return null;
  return out;
}

/** Sanitised HTML: allowed tags and attributes only, unsafe links and every script, handler and style gone. */
export function sanitizeHtml(html: string, profile: HtmlProfile = CHAT_HTML): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += escapeText(html.slice(i));
      break;
    }
    if (lt > i) out += escapeText(html.slice(i, lt));
    i = lt;
    const next = html[i + 1];
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      i = close < 0 ? html.length : close + 3;
    } else if (next === '!' || next === '?' || (next === '/' && !isLetter(html[i + 2]) && html[i + 2] !== undefined)) {
      // Doctype, processing instruction, `</ ...>`: bogus comments up to the next `>`.
      const close = html.indexOf('>', i);
      i = close < 0 ? html.length : close + 1;
    } else if (isLetter(next) || (next === '/' && isLetter(html[i + 2]))) {
      const tag = readTag(html, i);
      if (tag.end < 0) break;
      i = tag.end;
      if (!tag.closing && RAW_TEXT_TAGS.has(tag.name)) {
        if (tag.name === 'plaintext') break;
        const endTag = new RegExp(`</${tag.name}`, 'ig');
        endTag.lastIndex = i;
        const found = endTag.exec(html);
        if (!found) break;
        i = found.index;
        continue;
      }
      if (!profile.allowed.has(tag.name)) continue;
      if (tag.closing) {
        const at = open.lastIndexOf(tag.name);
        if (at < 0) continue;
        while (open.length > at) out += `</${open.pop()}>`;
      } else if (profile.void.has(tag.name)) {
        const attributes = cleanAttributes(tag);
        if (attributes !== null) out += `<${tag.name}${attributes}>`;
      } else if (open.length < MAX_OPEN_ELEMENTS) {
        out += `<${tag.name}${cleanAttributes(tag) ?? ''}>`;
        open.push(tag.name);
      }
    } else {
      out += '&lt;';
      i++;
    }
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Other elements an editor or a paste may bring: they mark a body as HTML, and are dropped (their text kept). */
const OTHER_HTML_TAGS = [
  'html',
  'head',
  'body',
  'img',
  'svg',
  'math',
  'object',
  'embed',
  'video',
  'audio',
  'source',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'select',
  'option',
  'template',
  'frame',
  'frameset',
  'font',
  'center',
  'section',
  'article',
  'header',
  'footer',
  'nav',
  'main',
  'figure',
  'figcaption',
  'label',
  'details',
  'summary',
  'col',
  'colgroup',
  'abbr',
  'cite',
  'q',
  'kbd',
  'wbr',
];
const HTML_TAG = new RegExp(`<\\/?(?:${[...ALLOWED_TAGS, ...RAW_TEXT_TAGS, ...OTHER_HTML_TAGS].join('|')})(?=[\\s/>])|<!--`, 'i');

/**
 * Whether a body reads as HTML (an HTML element or comment in it) rather than plain text such as "<name>"
 * or "x<y". Either way the result is safe; the guess only decides whether `<` shows as a character.
 */
export const looksLikeHtml = (text: string) => HTML_TAG.test(text);

/** Plain text as HTML: escaped, its lines kept as <br>. */
export const plainTextToHtml = (text: string) => escapeAttribute(text).replace(/\r?\n/g, '<br>');

/** A description or message body as stored: sanitised HTML, plain text turned into HTML. */
export function toSafeHtml(input: string): string {
  const trimmed = input.trim();
  if (!trimmed) return '';
  return looksLikeHtml(trimmed) ? sanitizeHtml(trimmed) : plainTextToHtml(trimmed);
}

/** The text a reader sees in sanitised HTML: for "is it empty" and for search. */
export function textOfHtml(html: string): string {
  return decodeEntities(
    html
      .replace(/<br>/g, ' ')
      .replace(/<\/(p|div|li|h[1-6]|tr|td|th|blockquote|pre)>/g, ' ')
      .replace(/<[^<>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
