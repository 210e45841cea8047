/** The words a reader reads in stored HTML: block ends become spaces, so paragraphs do not run together. */
export function textOfHtml(html: string): string {
  const document = new DOMParser().parseFromString(html.replace(/<\/(p|h[1-6]|li|td|th|pre|blockquote|div)>|<br\s*\/?>/gi, ' $&'), 'text/html');
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
