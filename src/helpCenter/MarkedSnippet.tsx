import { Fragment } from 'react';

const MARKED = /<mark>([\s\S]*?)<\/mark>/g;

/** The text of escaped HTML: entities decoded, any tag dropped (nothing but text comes out). */
function textOf(escaped: string): string {
  // A template's content is inert (no image loads, no handler runs) and keeps the spaces around words.
  const template = document.createElement('template');
  template.innerHTML = escaped;
  return template.content.textContent ?? '';
}

/** The server's snippet split into plain text and matched words; only `<mark>` becomes markup. */
export function snippetParts(snippet: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let last = 0;
  for (const match of snippet.matchAll(MARKED)) {
    if (match.index > last) parts.push({ text: textOf(snippet.slice(last, match.index)), marked: false });
    parts.push({ text: textOf(match[1]), marked: true });
    last = match.index + match[0].length;
  }
  if (last < snippet.length) parts.push({ text: textOf(snippet.slice(last)), marked: false });
  return parts.filter((part) => part.text);
}

/** A search hit's snippet with its matched words highlighted, rendered as React text: no HTML of the server's reaches the page. */
export function MarkedSnippet({ snippet }: { snippet: string }) {
  return <>{snippetParts(snippet).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>))}</>;
}
