import { RE2JS } from 're2js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { longestCheckedAnswer, rulePatternCostError, rulePatternProgramSize, textRuleError } from '../../../contract/answers';
import { rulePatternLeastSize } from '../../../contract/answers/rulePatternLeastSize';
import { RULE_PATTERN_WORK_MAX, RULE_PROGRAM_MAX, TEXT_ANSWER_MAX } from '../../../contract/forms';
import { validationRuleSchema } from '../../../contract/schemas/validationRules';
import { DEMO_VALIDATION_RULES } from '../../../server/modules/validationRules/demoValidationRules';
import { textRule } from '../../fixtures/formQuestions';

const REVIEW_121 = '(?:.?){1000}'.repeat(10) + 'b';
const REVIEW_19 = '(?:.?){1000}a{1000}';

/** The field errors the rule schema gives, by path. */
async function schemaErrors(rule: object) {
  try {
    await validationRuleSchema.validate({ name: 'Rule', ...rule }, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: unknown }[] }).inner;
    return Object.fromEntries(inner.map((item) => [item.path, item.message]));
  }
}

/** Counts the answers re2js is asked to match (the work of a check), restored after each test. */
const countMatches = () => vi.spyOn(RE2JS.prototype, 'matches');

afterEach(() => vi.restoreAllMocks());

describe('the cost bound of a rule pattern', () => {
  it('counts counted repetitions multiplied out, nested ones included', () => {
    expect(rulePatternProgramSize('(?:.?){1000}')).toBe(2002);
    expect(rulePatternProgramSize(REVIEW_121)).toBe(20003);
    expect(rulePatternProgramSize(REVIEW_19)).toBe(3002);
    expect(rulePatternProgramSize('(?:(?:a{10}){10}){10}')).toBeGreaterThan(1000);
    expect(rulePatternProgramSize('(a')).toBeNull();
  });

  it("refuses the review's patterns on regex, whatever the rule's max length", async () => {
    for (const regex of [REVIEW_121, REVIEW_19]) {
      for (const maxLength of [null, 1, 4000]) {
        const errors = await schemaErrors({ regex, maxLength });
        expect(Object.keys(errors), `${regex.slice(0, 20)} max ${maxLength}`).toEqual(['regex']);
        expect(errors.regex).toEqual({ key: 'formRulesApi.patternTooLarge', values: { max: RULE_PROGRAM_MAX } });
      }
    }
  });

  it("refuses the review's patterns without compiling them, and a nested repetition past re2js's limit as invalid", async () => {
    const compile = vi.spyOn(RE2JS, 'compile');
    const longest = '(?:.?){1000}'.repeat(83);
    for (const regex of [REVIEW_121, REVIEW_19, longest]) {
      expect(await schemaErrors({ regex }), regex.slice(0, 20)).toEqual({ regex: { key: 'formRulesApi.patternTooLarge', values: { max: RULE_PROGRAM_MAX } } });
    }
    expect(compile).not.toHaveBeenCalled();
    expect(await schemaErrors({ regex: '(?:a{100}){100}' })).toEqual({ regex: { key: 'validation.regexInvalid', values: {} } });
  });

  it('bounds the program size from below, so no pattern within the limit is refused unread', () => {
    let seed = 7;
    const random = (below: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % below);
    const atoms = [
      'a',
      'é',
      '.',
      '\\d',
      '\\pL',
      '\\p{Greek}',
      '[a-z]',
      '[^x\\]]',
      '[[:alpha:]]',
      '\\b',
      '^',
      '$',
      '\\x{41}',
      '\\Qa.b\\E',
      '(?:\\Qab\\E)',
      '\\.',
    ];
    const quantifiers = ['', '', '*', '+', '?', '*?', '{3}', '{2,}', '{0,4}', '{1,30}', '{0}', '{12}'];
    const piece = (depth: number): string => {
      const pick = random(10);
      const inner = () => Array.from({ length: 1 + random(3) }, () => piece(depth + 1)).join('');
      const atom =
        depth < 3 && pick < 2
          ? `(?:${inner()}|${inner()})`
          : depth < 3 && pick < 3
            ? `(${inner()})`
            : depth < 3 && pick < 4
              ? `(?i:${inner()})`
              : atoms[random(atoms.length)];
      return atom + quantifiers[random(quantifiers.length)];
    };
    let compared = 0;
    for (let i = 0; i < 3000; i++) {
      const regex = Array.from({ length: 1 + random(4) }, () => piece(0)).join(random(5) === 0 ? '|' : '');
      const size = rulePatternProgramSize(regex);
      if (size === null) continue;
      compared++;
      // Every program has a start and a match instruction besides the pattern's own.
      expect(rulePatternLeastSize(regex) + 2, regex).toBeLessThanOrEqual(size);
    }
    expect(compared).toBeGreaterThan(1000);
    expect(rulePatternLeastSize(REVIEW_121)).toBe(10001);
    for (const regex of ['a|b', 'abc|abd', '(?:\\b){12}', 'x{0}'])
      expect(rulePatternLeastSize(regex) + 2, regex).toBeLessThanOrEqual(rulePatternProgramSize(regex)!);
  });

  it('accepts a larger pattern for a rule with a smaller max length, up to the work bound', async () => {
    const regex = '(?:.?){100}';
    const size = rulePatternProgramSize(regex)!;
    const longest = Math.floor(RULE_PATTERN_WORK_MAX / size);
    expect(await schemaErrors({ regex })).toEqual({ regex: { key: 'formRulesApi.patternTooCostly', values: { max: longest } } });
    expect(await schemaErrors({ regex, maxLength: longest + 1 })).toEqual({ regex: { key: 'formRulesApi.patternTooCostly', values: { max: longest } } });
    expect(await schemaErrors({ regex, maxLength: longest })).toEqual({});
  });

  it('keeps every demo rule and the usual patterns within the bound', async () => {
    for (const rule of DEMO_VALIDATION_RULES) expect(await schemaErrors(rule), rule.name).toEqual({});
    for (const regex of ['[^@\\s]+@[^@\\s]+\\.[^@\\s]+', 'https?://[^\\s/$.?#].[^\\s]*', '\\d{4}-\\d{2}-\\d{2}', "[\\p{L} .'-]+"])
      expect(rulePatternCostError(regex, null), regex).toBeNull();
  });

  it('checks the worst accepted pattern against the longest answer once, within the work bound', () => {
    const regex = '.*(?:a.{9}|b.{9})';
    expect(rulePatternCostError(regex, null)).toBeNull();
    const size = rulePatternProgramSize(regex)!;
    expect(size * longestCheckedAnswer(null)).toBeLessThanOrEqual(RULE_PATTERN_WORK_MAX);
    expect(size * longestCheckedAnswer(null) * 2).toBeGreaterThan(RULE_PATTERN_WORK_MAX);
    const matches = countMatches();
    const answer = (tail: string) => 'ab'.repeat(TEXT_ANSWER_MAX / 2 - 5) + tail;
    expect(textRuleError(textRule({ regex }), answer('a123456789'))).toBeNull();
    expect(textRuleError(textRule({ regex }), answer('x123456789'))).toEqual({ key: 'validation.answerPattern' });
    expect(matches).toHaveBeenCalledTimes(2);
  });

  it('skips a pattern stored before the bound on an answer it cannot check within it, and still checks lengths', () => {
    const legacy = textRule({ regex: REVIEW_19, maxLength: 3000 });
    const matches = countMatches();
    expect(textRuleError(legacy, 'x'.repeat(2999))).toBeNull();
    expect(matches).not.toHaveBeenCalled();
    expect(textRuleError(legacy, 'x'.repeat(3001))).toEqual({ key: 'validation.maxLength', values: { max: 3000 } });
    expect(textRuleError(legacy, 'x'.repeat(20))).toEqual({ key: 'validation.answerPattern' });
    expect(matches).toHaveBeenCalledTimes(1);
  });
});
