import { foldForSearch } from '../../../contract/fold';

/** Words a query may have, and how long each may be: a query's cost stays small whatever is sent. */
const TERMS_MAX = 16;
/** The most of a text a query reads (a suggestion sends a subject and the start of a description). */
const TEXT_READ_MAX = 8000;
const TERM_LENGTH_MAX = 40;
const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 220;

/** The words a search looks for: folded (no case, no Vietnamese marks), letters and digits only, each once. */
export function queryTermsOf(text: string, max = TERMS_MAX): string[] {
  const words = foldForSearch(text.slice(0, TEXT_READ_MAX)).match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, TERM_LENGTH_MAX)))].slice(0, max);
}

/**
 * The query of PostgreSQL's text search: each word as a prefix ("huong" finds "huong dan" as typed so far), or,
 * when `typed` names them, only those words (the rest are whole words, which a short one makes far cheaper).
 */
export const tsQueryOf = (terms: string[], join: '&' | '|', typed?: Set<string>) =>
  terms.map((term) => (!typed || typed.has(term) ? `${term}:*` : term)).join(` ${join} `);

/** The word being typed at the end of a text (none once a space or a stop follows it). */
export const lastTypedTerm = (text: string) => (/[\p{L}\p{N}]$/u.test(text) ? queryTermsOf(text.slice(-TERM_LENGTH_MAX)).at(-1) : undefined);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Each character of `text` folded as foldForSearch folds it, and where each folded character came from. */
function foldedWithOrigins(text: string) {
  let folded = '';
  const origins: number[] = [];
  let at = 0;
  for (const c of text) {
    const f = c
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[đĐ]/g, 'd')
      .toLowerCase();
    for (let i = 0; i < f.length; i++) origins.push(at);
    folded += f;
    at += c.length;
  }
  origins.push(text.length);
  return { folded, origins };
}

/**
 * A snippet of `text` around the first word a term starts, escaped, with the matched words in <mark> (and no other
 * markup). Without a match: the text's beginning.
 */
export function snippetOf(text: string, terms: string[]): string {
  const { folded, origins } = foldedWithOrigins(text.slice(0, 20_000));
  const matches: [number, number][] = [];
  if (terms.length) {
    const words = new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.join('|')})[\\p{L}\\p{N}]*`, 'gu');
    for (const m of folded.matchAll(words)) {
      matches.push([origins[m.index], origins[m.index + m[0].length]]);
      if (matches.length > 50) break;
    }
  }
  const from = matches.length ? Math.max(0, matches[0][0] - SNIPPET_BEFORE) : 0;
  const start = from > 0 ? text.indexOf(' ', from) + 1 || from : 0;
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  let out = start > 0 ? '… ' : '';
  let at = start;
  for (const [s, e] of matches) {
    if (e <= at || s >= end) continue;
    out += escapeHtml(text.slice(at, Math.max(at, s)));
    out += `<mark>${escapeHtml(text.slice(Math.max(at, s), Math.min(e, end)))}</mark>`;
    at = Math.min(e, end);
  }
  out += escapeHtml(text.slice(at, end));
  return end < text.length ? `${out} …` : out;
}
