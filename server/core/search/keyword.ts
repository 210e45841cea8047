import { and, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { foldForSearch } from '../../../contract/fold';
import { notAllowed } from './request';

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

/** Each accented letter (Latin ranges, Vietnamese included) onto the one letter it folds to, for SQL's translate(). */
const foldMap = (() => {
  let from = '';
  let to = '';
  for (const [start, end] of [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ]) {
    for (let code = start; code <= end; code++) {
      const letter = String.fromCodePoint(code);
      const folded = foldForSearch(letter);
      if (folded.length === 1 && folded !== letter) {
        from += letter;
        to += folded;
      }
    }
  }
  return { from, to };
})();

/**
 * Rows whose text (a column or an expression) contains the keyword, both folded as contract/fold.ts folds them;
 * for a field that has no folded column of its own (a keyword limited to it). No condition for empty text.
 */
export function containsFoldedIn(text: AnyColumn | SQL, keyword: string | undefined): SQL | undefined {
  const folded = foldForSearch(keyword);
  return folded ? sql`translate(${text}, ${foldMap.from}, ${foldMap.to}) ilike ${containsPattern(folded)}` : undefined;
}

/** A field's keyword condition: the rows where that field contains the keyword. */
export type KeywordMatchers = Record<string, (keyword: string) => SQL | undefined>;

type KeywordSearch = { keyword?: string; advancedSearch?: { keyword?: string; fields?: string[] } };

/**
 * The keyword search of a resource, limited to `advancedSearch.fields` when they are sent (react-admin's
 * `meta.searchFields`): rows where any named field contains the keyword. A field the resource does not search
 * is refused (400 listing those it does), never ignored. `whole`, the search over every field at once (a
 * folded search column), answers when no field is named and narrows the rows first when some are.
 */
export function keywordWhere(search: KeywordSearch, matchers: KeywordMatchers, whole?: (keyword: string) => SQL | undefined): SQL | undefined {
  const fields = search.advancedSearch?.fields;
  const unknown = fields?.findIndex((field) => !Object.hasOwn(matchers, field)) ?? -1;
  if (unknown >= 0) throw notAllowed(`advancedSearch.fields[${unknown}]`, 'api.searchFieldNotAllowed', Object.keys(matchers));
  const keyword = keywordOf(search);
  if (!keyword) return undefined;
  const every = Object.keys(matchers);
  const chosen = fields?.length ? every.filter((field) => fields.includes(field)) : every;
  const anyChosen = () => or(...chosen.map((field) => matchers[field](keyword)));
  if (chosen.length === every.length) return whole ? whole(keyword) : anyChosen();
  return and(whole?.(keyword), anyChosen());
}
