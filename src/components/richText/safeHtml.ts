import DOMPurify from 'dompurify';
import {
  allowedAttributesOf,
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_TAGS,
  HTML_LINK_ATTRIBUTES,
  isAllowedAttributeValue,
} from '../../../contract/html/allowList';

/**
 * Stored HTML as it may be shown: the allow-list the server stores it by (contract/html/allowList.ts) applied
 * again with DOMPurify, so a stored description that slipped past the server still renders inert.
 */
const ALLOWED_ATTR = [...new Set(Object.values(HTML_ALLOWED_ATTRIBUTES).flat())];
const LINK_ATTRIBUTES = Object.entries(HTML_LINK_ATTRIBUTES);

let hooked = false;

function addAllowListHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.tagName.toLowerCase();
    // DOMPurify's attribute list is one for every tag; the shared list says which tag keeps which.
    for (const { name, value } of [...node.attributes]) {
      if (!allowedAttributesOf(tag).includes(name) || !isAllowedAttributeValue(name, value)) node.removeAttribute(name);
    }
    if (tag === 'a') for (const [name, value] of LINK_ATTRIBUTES) node.setAttribute(name, value);
  });
}

export function sanitizeHtml(html: string | null | undefined): string {
  addAllowListHook();
  return DOMPurify.sanitize(html ?? '', { ALLOWED_TAGS: [...HTML_ALLOWED_TAGS], ALLOWED_ATTR, ADD_ATTR: LINK_ATTRIBUTES.map(([name]) => name) });
}

/** What someone typed in the chat box, as HTML that shows exactly that: escaped, its line breaks kept. */
export function plainTextToHtml(text: string): string {
  return text
    .trim()
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    .replace(/\r?\n/g, '<br>');
}
