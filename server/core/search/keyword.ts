import { ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { foldForSearch } from '../../../contract/fold';

/** The keyword of a search body: `advancedSearch.keyword` (react-admin's `q`) or the plain `keyword`. */
export const keywordOf = (search: { keyword?: string; advancedSearch?: { keyword?: string } }) =>
  (search.advancedSearch?.keyword ?? search.keyword ?? '').trim();

/** LIKE's own characters (`%`, `_` and the escape `\`) taken literally: a keyword is text, not a pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching any text that contains `text` literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** Rows whose column contains the text, case ignored; no condition for empty text. */
export function contains(column: AnyColumn, text: string | undefined): SQL | undefined {
  const wanted = (text ?? '').trim();
  return wanted ? ilike(column, containsPattern(wanted)) : undefined;
}

/** Rows where any of the columns contains the text, case ignored; no condition for empty text. */
export function containsInAny(columns: AnyColumn[], text: string | undefined): SQL | undefined {
  const wanted = (text ?? '').trim();
  return wanted ? or(...columns.map((column) => ilike(column, containsPattern(wanted)))) : undefined;
}

/**
 * Rows whose folded column (stored through contract/fold.ts) contains the text folded the same way, so case
 * and Vietnamese diacritics are ignored; no condition for text that folds to nothing.
 */
export function containsFolded(column: AnyColumn, text: string | undefined): SQL | undefined {
  const folded = foldForSearch(text);
  return folded ? ilike(column, containsPattern(folded)) : undefined;
}
