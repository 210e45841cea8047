import DOMPurify from 'dompurify';

/**
 * The tags a ticket's HTML may hold when shown: the server's allow-list (server/modules/tickets/ticketHtml.ts)
 * again, with DOMPurify, so a stored description that slipped past the server still renders inert.
 */
const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'mark', 'sub', 'sup',
  'small', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
];
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan', 'start'];
const SAFE_URL = /^(?:https?:|mailto:|\/|#)/i;

let hooked = false;

function addLinkHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_URL.test(href)) node.removeAttribute('href');
    // Links leave the app in a new tab that cannot reach back into it.
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
}

export function sanitizeHtml(html: string | null | undefined): string {
  addLinkHook();
  return DOMPurify.sanitize(html ?? '', { ALLOWED_TAGS, ALLOWED_ATTR, ADD_ATTR: ['target', 'rel'] });
}

/** What someone typed in the chat box, as HTML that shows exactly that: escaped, its line breaks kept. */
export function plainTextToHtml(text: string): string {
  return text
    .trim()
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    .replace(/\r?\n/g, '<br>');
}

