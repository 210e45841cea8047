import { ScimError } from './scimErrors';

/** One `attribute eq value` of a filter, the attribute in lower case (SCIM attribute names ignore case). */
export interface EqualityClause {
  attribute: string;
  value: string | boolean | null;
}

export const FILTER_MAX = 1000;
const CLAUSES_MAX = 10;

const invalidFilter = () => new ScimError(400, 'scim.invalidFilter', 'invalidFilter');

/** `attrPath eq "value"` (a JSON string, true, false or null), whitespace around. */
const CLAUSE = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false|null)\s*$/i;

/**
 * The filters a provider sends to find a user or group before creating it (RFC 7644 §3.4.2.2): equality on the
 * attributes `allowed` names (lower case), joined by `and`. Anything else (another operator, `or`, `not`, brackets)
 * is 400 `invalidFilter`: answering it as "nothing matches" would let a provider create duplicates.
 */
export function parseEqualityFilter(filter: string, allowed: readonly string[]): EqualityClause[] {
  if (filter.length > FILTER_MAX) throw invalidFilter();
  const parts = splitOnAnd(filter);
  if (!parts.length || parts.length > CLAUSES_MAX) throw invalidFilter();
  return parts.map((part) => {
    const match = CLAUSE.exec(part);
    if (!match) throw invalidFilter();
    const attribute = match[1].toLowerCase();
    if (!allowed.includes(attribute)) throw invalidFilter();
    let value: unknown;
    try {
      value = JSON.parse(match[2].startsWith('"') ? match[2] : match[2].toLowerCase());
    } catch {
      throw invalidFilter();
    }
    return { attribute, value: value as EqualityClause['value'] };
  });
}

/** The filter cut at each ` and ` outside quoted strings. */
function splitOnAnd(filter: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (/\s/.test(c) && /^\s+and\s/i.test(filter.slice(i, i + 6))) {
      parts.push(filter.slice(start, i));
      const rest = /^\s+and\s+/i.exec(filter.slice(i))![0];
      i += rest.length - 1;
      start = i + 1;
    }
  }
  if (quoted) throw invalidFilter();
  parts.push(filter.slice(start));
  return parts;
}
