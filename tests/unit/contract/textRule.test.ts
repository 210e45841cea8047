import { describe, expect, it } from 'vitest';
import { answerError, compileRulePattern, matchesRulePattern, textRuleError } from '../../../contract/answers';
import { TEXT_ANSWER_MAX } from '../../../contract/forms';
import { question, textRule } from '../../fixtures/formQuestions';

const minLength = (min: number) => ({ key: 'validation.minLength', values: { min } });
const maxLength = (max: number) => ({ key: 'validation.maxLength', values: { max } });

describe('a text rule at its boundaries', () => {
  it('minimum length: n-1 fails, n and n+1 pass', () => {
    const rule = textRule({ minLength: 5 });
    expect(textRuleError(rule, 'abcd')).toEqual(minLength(5));
    expect(textRuleError(rule, 'abcde')).toBeNull();
    expect(textRuleError(rule, 'abcdef')).toBeNull();
  });

  it('maximum length: n-1 and n pass, n+1 fails', () => {
    const rule = textRule({ maxLength: 5 });
    expect(textRuleError(rule, 'abcd')).toBeNull();
    expect(textRuleError(rule, 'abcde')).toBeNull();
    expect(textRuleError(rule, 'abcdef')).toEqual(maxLength(5));
  });

  it('counts characters, not UTF-16 units: an emoji or a Vietnamese letter is one', () => {
    const rule = textRule({ minLength: 3, maxLength: 3 });
    expect(textRuleError(rule, '😀😀😀')).toBeNull();
    expect(textRuleError(rule, 'Đức')).toBeNull();
    expect(textRuleError(rule, '😀😀')).toEqual(minLength(3));
  });

  it('a minimum of 0 and equal bounds are honoured', () => {
    expect(textRuleError(textRule({ minLength: 0 }), '')).toBeNull();
    expect(textRuleError(textRule({ minLength: 10, maxLength: 10 }), '0123456789')).toBeNull();
    expect(textRuleError(textRule({ minLength: 10, maxLength: 10 }), '012345678')).toEqual(minLength(10));
  });

  it('the regex must match the whole answer, not a part of it', () => {
    const rule = textRule({ regex: '[0-9]{3}' });
    expect(textRuleError(rule, '123')).toBeNull();
    expect(textRuleError(rule, '1234')).toEqual({ key: 'validation.answerPattern' });
    expect(textRuleError(rule, 'a123')).toEqual({ key: 'validation.answerPattern' });
    expect(matchesRulePattern('a|b', 'ab')).toBe(false);
    expect(matchesRulePattern('a|b', 'b')).toBe(true);
    expect(matchesRulePattern('^[a-z]+$', 'abc')).toBe(true);
  });

  it('length is checked before the pattern, and the rule’s own error text is the message of either', () => {
    const rule = textRule({ minLength: 4, regex: '[a-z]+', errorText: 'Four small letters at least' });
    expect(textRuleError(rule, 'ab')).toBe('Four small letters at least');
    expect(textRuleError(rule, 'ABCD')).toBe('Four small letters at least');
    expect(textRuleError(textRule({ minLength: 4, regex: '[a-z]+' }), 'ab')).toEqual(minLength(4));
    expect(textRuleError(textRule({ errorText: '   ', regex: '[a-z]+' }), 'A')).toEqual({ key: 'validation.answerPattern' });
  });

  it('a pattern re2js refuses does not compile and matches nothing', () => {
    expect(compileRulePattern('(a')).toBeNull();
    expect(compileRulePattern('(?=a)a')).toBeNull();
    expect(compileRulePattern('(a)\\1')).toBeNull();
    expect(matchesRulePattern('(a', '(a')).toBe(false);
    expect(compileRulePattern('[A-Z]{2}[0-9]+')).not.toBeNull();
  });

  it('a pattern that backtracks catastrophically elsewhere gives its answer on a long input (linear engine)', () => {
    const long = 'a'.repeat(50_000) + 'b';
    expect(matchesRulePattern('(a+)+$', long)).toBe(false);
    expect(matchesRulePattern('(a|aa)+', long)).toBe(false);
    expect(matchesRulePattern('(a|a)*b', long)).toBe(true);
    expect(textRuleError(textRule({ regex: '(a+)+$' }), long.slice(-TEXT_ANSWER_MAX))).toEqual({ key: 'validation.answerPattern' });
  });

  it('a shown text question is checked on its trimmed answer', () => {
    const q = question('taxNumber', 'text', { rule: textRule({ regex: '[0-9]{10}', minLength: 10, maxLength: 10 }) });
    expect(answerError(q, ' 0123456789 ')).toBeNull();
    expect(answerError(q, '012345678')).toEqual(minLength(10));
    expect(answerError(q, '01234567890')).toEqual(maxLength(10));
    expect(answerError(q, '012345678x')).toEqual({ key: 'validation.answerPattern' });
  });
});
