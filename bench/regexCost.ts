/**
 * What one answer's pattern check costs (issue 20, item 2): `npx tsx bench/regexCost.ts`. For each family of
 * hostile patterns, the largest one a rule accepts (contract/answers/textRule.ts, RULE_PATTERN_WORK_MAX) is timed
 * against answers of the longest length it checks and of 10,000 characters, each on a freshly compiled pattern
 * (no DFA states cached), worst of several answers; then the review's patterns that were accepted before the bound.
 */
import { RE2JS } from 're2js';
import { longestCheckedAnswer, rulePatternCostError, rulePatternProgramSize } from '../contract/answers/textRule';
import { RULE_PATTERN_WORK_MAX, TEXT_ANSWER_MAX } from '../contract/forms';

/** A pattern family by its size parameter: the bench finds the largest n a rule with the max length accepts. */
const FAMILIES: Record<string, (n: number) => string> = {
  'optional any (?:.?){n}': (n) => `(?:.?){${n}}`,
  'a then n any .*a.{n}': (n) => `.*a.{${n}}`,
  'two marks .*[ab].*[ab].{n}': (n) => `(?:.*[ab]){2}.{${n}}`,
  'either tail .*(?:a.{n}|b.{n})': (n) => `.*(?:a.{${n}}|b.{${n}})`,
  'word boundary .*\\ba.{n}': (n) => `.*\\ba.{${n}}`,
  'letters \\p{L}?{n}': (n) => `(?:\\p{L}?){${n}}`,
};

const REVIEW_PATTERNS = { 'review (?:.?){1000} x10 + b': '(?:.?){1000}'.repeat(10) + 'b', 'review (?:.?){1000}a{1000}': '(?:.?){1000}a{1000}' };

function seeded(length: number, alphabet: string, seed: number) {
  let state = seed;
  let text = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    text += alphabet[(state >> 8) % alphabet.length];
  }
  return text;
}

const answersOf = (length: number) => [
  'a'.repeat(length),
  seeded(length, 'ab', 1),
  seeded(length, 'ab', 2),
  seeded(length, 'a b', 3),
  seeded(length, 'aăâbcdđeêghiklmnoôơpqrstuưvxyàảãáạ ', 4),
];

/** Worst milliseconds of a fresh compile-and-match over the answers, twice each. */
function worstMs(regex: string, answers: string[]) {
  let worst = 0;
  for (let round = 0; round < 2; round++)
    for (const answer of answers) {
      const pattern = RE2JS.compile(regex);
      const start = performance.now();
      pattern.matches(answer);
      worst = Math.max(worst, performance.now() - start);
    }
  return worst;
}

function largestAccepted(family: (n: number) => string, maxLength: number | null) {
  let best = 0;
  for (let n = 1; n <= 1000; n++) if (rulePatternCostError(family(n), maxLength) === null) best = n;
  return best;
}

worstMs('.*a.{50}', answersOf(2000));
const row = (name: string, regex: string, checked: number) => {
  const size = rulePatternProgramSize(regex) ?? 0;
  const atChecked = worstMs(regex, answersOf(checked));
  const at10k = worstMs(regex, answersOf(10_000));
  console.log(
    `${name.padEnd(34)} ${String(size).padStart(6)} instr  ${String(checked).padStart(5)} chars: ${atChecked.toFixed(1).padStart(7)} ms   10,000 chars: ${at10k.toFixed(1).padStart(7)} ms`,
  );
  return Math.max(atChecked, at10k);
};

console.log(`bound: program size x longest checked answer <= ${RULE_PATTERN_WORK_MAX}`);
let worst = 0;
for (const maxLength of [null, 1000, 255, 50]) {
  const checked = longestCheckedAnswer(maxLength);
  console.log(`\nrule max length ${maxLength ?? `none (answers up to ${TEXT_ANSWER_MAX})`}: the largest accepted pattern of each family`);
  for (const [name, family] of Object.entries(FAMILIES)) {
    const n = largestAccepted(family, maxLength);
    if (n > 0) worst = Math.max(worst, row(name, family(n), checked));
  }
}
console.log(`\nworst accepted pattern: ${worst.toFixed(1)} ms for one answer`);
console.log('\nbefore the bound (now refused):');
for (const [name, regex] of Object.entries(REVIEW_PATTERNS)) row(name, regex, TEXT_ANSWER_MAX);
