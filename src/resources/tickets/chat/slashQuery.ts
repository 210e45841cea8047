/**
 * The `/` of the composer (issue 25, canned responses): a `/` that starts the message or a line opens the picker, and
 * what follows it up to the caret filters it.
 */

/** A query longer than this is prose, not a search: the picker stays shut. */
const QUERY_MAX = 40;

/** The `/` query at the caret: where its `/` stands and the text typed after it; null when the caret's line does not start with `/`. */
export function slashQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const lineStart = text.lastIndexOf('\n', caret - 1) + 1;
  if (text[lineStart] !== '/' || caret <= lineStart) return null;
  const query = text.slice(lineStart + 1, caret);
  return query.length > QUERY_MAX ? null : { start: lineStart, query };
}

/** `text` with what stood from `start` to `end` replaced by `inserted`, and where the caret goes after it. */
export function replaceRange(text: string, start: number, end: number, inserted: string) {
  return { text: text.slice(0, start) + inserted + text.slice(end), caret: start + inserted.length };
}
