/**
 * What one answer's pattern check costs (issue 20, item 2): `npx tsx bench/regexCost.ts`. For each family of
 * hostile patterns, the largest one a rule accepts (contract/answers/textRule.ts, RULE_PATTERN_WORK_MAX) is timed
 * against answers of the longest length it checks and of 10,000 characters, each on a freshly compiled pattern
 * (no DFA states cached), worst of several answers; then the review's patterns that were accepted before the bound.
 */
import { RE2JS } from 're2js';
import { formProgress } from '../contract/answers';
import { longestCheckedAnswer, rulePatternCostError, rulePatternProgramSize } from '../contract/answers/textRule';
import { RULE_PATTERN_WORK_MAX, RULE_PROGRAM_MAX, TEXT_ANSWER_MAX, type FormQuestion } from '../contract/forms';

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

/**
 * Milliseconds of a fresh compile-and-match over the answers, three rounds each: `cost` is the slowest answer's
 * fastest round (the pattern's own cost), `worst` the slowest round seen (a busy machine's noise included).
 */
function timings(regex: string, answers: string[]) {
  let cost = 0;
  let worst = 0;
  for (const answer of answers) {
    let fastest = Infinity;
    for (let round = 0; round < 3; round++) {
      const pattern = RE2JS.compile(regex);
      const start = performance.now();
      pattern.matches(answer);
      const ms = performance.now() - start;
      fastest = Math.min(fastest, ms);
      worst = Math.max(worst, ms);
    }
    cost = Math.max(cost, fastest);
  }
  return { cost, worst };
}

function largestAccepted(family: (n: number) => string, maxLength: number | null) {
  let best = 0;
  for (let n = 1; n <= 1000; n++) if (rulePatternCostError(family(n), maxLength) === null) best = n;
  return best;
}

timings('.*a.{50}', answersOf(2000));
const figure = ({ cost, worst }: { cost: number; worst: number }) => `${cost.toFixed(1).padStart(6)} ms (worst ${worst.toFixed(1).padStart(6)})`;
const row = (name: string, regex: string, checked: number) => {
  const size = rulePatternProgramSize(regex) ?? 0;
  const atChecked = timings(regex, answersOf(checked));
  const at10k = timings(regex, answersOf(10_000));
  console.log(
    `${name.padEnd(34)} ${String(size).padStart(5)} instr  ${String(checked).padStart(4)} chars: ${figure(atChecked)}   10,000 chars: ${figure(at10k)}`,
  );
  return { atChecked, at10k };
};

console.log(`bound: program size x longest checked answer <= ${RULE_PATTERN_WORK_MAX}, program <= ${RULE_PROGRAM_MAX} instructions`);
let checkedCost = 0;
let unboundedAt10k = 0;
for (const maxLength of [null, 1000, 255, 50]) {
  const checked = longestCheckedAnswer(maxLength);
  console.log(`\nrule max length ${maxLength ?? `none (answers up to ${TEXT_ANSWER_MAX})`}: the largest accepted pattern of each family`);
  for (const [name, family] of Object.entries(FAMILIES)) {
    const n = largestAccepted(family, maxLength);
    if (n === 0) continue;
    const { atChecked, at10k } = row(name, family(n), checked);
    checkedCost = Math.max(checkedCost, atChecked.cost);
    if (maxLength === null) unboundedAt10k = Math.max(unboundedAt10k, at10k.cost);
  }
}
console.log(`\none answer at its longest checked length, worst accepted pattern: ${checkedCost.toFixed(1)} ms`);
console.log(`a 10,000-character answer, worst pattern accepted without a max length: ${unboundedAt10k.toFixed(1)} ms`);
console.log('\nbefore the bound (now refused):');
for (const [name, regex] of Object.entries(REVIEW_PATTERNS)) row(name, regex, TEXT_ANSWER_MAX);

/** The review's form: 5 text questions, each with its own accepted pattern of the costliest family, 4,000-character answers. */
const keys = ['t1', 't2', 't3', 't4', 't5'];
const questions = keys.map((key, index): FormQuestion => ({
  key,
  type: 'text',
  label: key,
  help: '',
  required: false,
  options: [],
  ruleId: null,
  rule: {
    name: key,
    suggestText: '',
    errorText: '',
    minLength: null,
    maxLength: null,
    regex: `.*(?:${'abacb'[index]}.{9}|${'bcaab'[index]}.{9})`,
  },
  condition: null,
  children: [],
}));
for (const question of questions) if (rulePatternCostError(question.rule!.regex!, null)) throw new Error(`not accepted: ${question.rule!.regex}`);
const answers = Object.fromEntries(keys.map((key, index) => [key, seeded(TEXT_ANSWER_MAX, 'abc', 10 + index)]));
const start = performance.now();
formProgress([{ key: 'company', title: 'Company', questions }], answers);
console.log(
  `\nthe review's Save Draft (5 text questions, 4,000 characters each, 5 accepted worst-family patterns): ${(performance.now() - start).toFixed(1)} ms of checks`,
);
