import { ARTICLE_HTML, looksLikeHtml, plainTextToHtml, sanitizeHtml, textOfHtml } from '../tickets/ticketHtml';

/**
 * An article's body as stored: sanitised on the chat's allow-list plus images of this site
 * (contract/html/allowList.ts), plain text made HTML. Scripts, handlers, styles and unsafe URLs never get through.
 */
export function toSafeArticleHtml(input: string): string {
  const trimmed = input.trim();
  if (!trimmed) return '';
  return looksLikeHtml(trimmed) ? sanitizeHtml(trimmed, ARTICLE_HTML) : plainTextToHtml(trimmed);
}

/** The text a reader sees of an article's body: what search reads and snippets quote. */
export const articleTextOf = (html: string) => textOfHtml(html);
