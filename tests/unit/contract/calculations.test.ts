import { describe, expect, it } from 'vitest';
import {
  CALCULATION_EXPRESSION_MAX,
  calculationDependencies,
  formProgress,
  parseCalculation,
  withCalculations,
  withoutCalculatedAnswers,
} from '../../../contract/answers';
import type { Answers, FormQuestion, FormSection } from '../../../contract/forms';
import { formStructureErrors } from '../../../contract/schemas/formDefinitions';
import { question, section } from '../../fixtures/formQuestions';

const calculated = (key: string, expression: string, decimals = 2, unit = ''): FormQuestion =>
  question(key, 'calculated', { calculation: { expression, decimals, unit } });
const form = (...calculations: FormQuestion[]): FormSection[] => [
  section('s', [
    question('turnover', 'currency'),
    question('months', 'number'),
    question('staff', 'number'),
    question('foreign', 'yesNo'),
    question('start', 'date'),
    question('end', 'date'),
    question('name', 'text'),
    ...calculations,
  ]),
];
/** The value of `key` computed for these answers (undefined: none). */
const valueOf = (expression: string, answers: Answers, decimals = 2) => withCalculations(form(calculated('result', expression, decimals)), answers).result;

describe('calculated answers', () => {
  it('compute sums, products, quotients and functions exactly, rounding half away from zero', () => {
    const answers: Answers = { turnover: { currency: 'VND', amount: '1200000000' }, months: '12', staff: '7', foreign: true };
    expect(valueOf('{turnover} / {months}', answers)).toBe('100000000');
    expect(valueOf('0.1 + 0.2', {}, 6)).toBe('0.3');
    expect(valueOf('10 / 3', {}, 2)).toBe('3.33');
    expect(valueOf('-10 / 3', {}, 0)).toBe('-3');
    expect(valueOf('2.5 * 1', {}, 0)).toBe('3');
    expect(valueOf('-2.5', {}, 0)).toBe('-3');
    expect(valueOf('sum({months}, {staff}, 1)', answers)).toBe('20');
    expect(valueOf('count({months}, {staff}, {name})', answers)).toBe('2');
    expect(valueOf('min({months}, {staff}) + max(1, 2, 3)', answers)).toBe('10');
    expect(valueOf('abs(-{staff}) * {foreign}', answers)).toBe('7');
    expect(valueOf('round({turnover} / 7, -2)', answers, 6)).toBe('171428571');
    expect(valueOf('round(1 / 3, 4)', {}, 6)).toBe('0.3333');
  });

  it('count days between two dates, leap days included', () => {
    expect(valueOf('days({start}, {end})', { start: '2024-02-01', end: '2024-03-01' })).toBe('29');
    expect(valueOf('days({end}, {start})', { start: '2024-02-01', end: '2024-03-01' })).toBe('-29');
    expect(valueOf('days({start}, {end})', { start: '2024-02-01' })).toBeUndefined();
  });

  it('leave the answer empty when it cannot be computed: a missing or invalid answer, division by zero, 19 digits', () => {
    expect(valueOf('{months} * 2', {})).toBeUndefined();
    expect(valueOf('{months} * 2', { months: '1,5' })).toBeUndefined();
    expect(valueOf('1 / ({months} - 12)', { months: '12' })).toBeUndefined();
    expect(valueOf('999999999999999999 * 10', {})).toBeUndefined();
    expect(valueOf('{start} + 1', { start: '2026-01-01' })).toBeUndefined();
    expect(valueOf('sum({months})', {})).toBeUndefined();
  });

  it('a later calculation reads an earlier one; what the client sent for one is not what is kept', () => {
    const sections = form(calculated('yearly', '{months} * 100', 0), calculated('withTax', '{yearly} * 1.1', 0));
    const answers = withCalculations(sections, { months: '12', yearly: '5', withTax: 'anything' });
    expect(answers).toMatchObject({ yearly: '1200', withTax: '1320' });
    expect(withoutCalculatedAnswers(sections, { months: '12', yearly: '5', toString: 'x' })).toEqual({ months: '12', toString: 'x' });
    expect(formProgress(sections, answers)).toMatchObject({ total: 7, filled: 1 });
  });

  it('read only what the language has: no names but its functions, no property access, bounded in size and depth', () => {
    for (const expression of [
      'constructor',
      '{a}.constructor',
      'this',
      'eval(1)',
      'sum',
      '1 +',
      '(1',
      '1 2',
      '{a} ** 2',
      '"x"',
      '{__proto__',
      'sum()',
      'days(1)',
      'round(1, 2, 3)',
    ])
      expect('error' in parseCalculation(expression), expression).toBe(true);
    expect(parseCalculation('('.repeat(21) + '1' + ')'.repeat(21))).toMatchObject({ error: { message: 'calculationTooDeep' } });
    expect(parseCalculation('-'.repeat(30) + '1')).toMatchObject({ error: { message: 'calculationTooDeep' } });
    expect(parseCalculation('1+'.repeat(CALCULATION_EXPRESSION_MAX))).toMatchObject({ error: { message: 'calculationTooLong' } });
    expect(parseCalculation('1 @ 2')).toEqual({ error: { message: 'calculationSyntax', at: 2 } });
    expect(calculationDependencies('sum({months}, {staff}) / {months} + {toString}')).toEqual(['months', 'staff', 'toString']);
  });

  it('the builder and the server refuse a calculation of a later, a text or its own answer, and one on another type', () => {
    const errors = (...questions: FormQuestion[]) => formStructureErrors([section('s', questions)], null).map((e) => `${e.field} ${e.message}`);
    const [n] = form()[0].questions;
    expect(errors(n, calculated('c', '{later} + 1'), question('later', 'number'))).toEqual([
      'sections[0].questions[1].calculation.expression formDefinitionsApi.calculationNotEarlier',
    ]);
    expect(errors(question('name', 'text'), calculated('c', '{name} * 2'))).toEqual([
      'sections[0].questions[1].calculation.expression formDefinitionsApi.calculationNotNumber',
    ]);
    expect(errors(calculated('c', '{c} + 1'))).toEqual(['sections[0].questions[0].calculation.expression formDefinitionsApi.conditionOnItself']);
    expect(errors(calculated('c', 'sum(1'))).toEqual(['sections[0].questions[0].calculation.expression formDefinitionsApi.calculationSyntax']);
    expect(errors({ ...question('t', 'text'), calculation: { expression: '1', decimals: 0, unit: '' } })).toEqual([
      'sections[0].questions[0].calculation formDefinitionsApi.calculationOnlyOnCalculated',
    ]);
    expect(errors(...form(calculated('total', 'days({start}, {end}) * {foreign} + {turnover} / {months}'))[0].questions)).toEqual([]);
  });
});
