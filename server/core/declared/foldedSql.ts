import { sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { foldForSearch } from '../../../contract/fold';

// Every Latin letter with a mark (Vietnamese's included) and its folded letter, as contract/fold.ts folds it.
const accented = [0xc0, 0x24f, 0x1e00, 0x1eff].reduce<string[]>((chars, _, i, bounds) => {
  if (i % 2) return chars;
  for (let code = bounds[i]; code <= bounds[i + 1]; code++) {
    const char = String.fromCodePoint(code);
    const folded = foldForSearch(char);
    if (folded.length === 1 && folded !== char.toLowerCase()) chars.push(char);
  }
  return chars;
}, []);
const FROM = accented.join('');
const TO = accented.map((char) => foldForSearch(char)).join('');

/** A text column folded in SQL as contract/fold.ts folds in TypeScript (lower case, marks and đ dropped). */
export const foldedSql = (column: AnyColumn): SQL => sql`translate(lower(${column}), ${FROM}, ${TO})`;
