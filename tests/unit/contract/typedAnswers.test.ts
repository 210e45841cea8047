import { describe, expect, it } from 'vitest';
import {
  answerShapeError,
  canonicalDecimal,
  canonicalTypedText,
  compareDecimals,
  formAnswerErrors,
  isCalendarDate,
  isOnStep,
  parseLocaleDecimal,
  typedAnswerText,
} from '../../../contract/answers';
import type { Answers, FormQuestion } from '../../../contract/forms';
import { formSectionsSchema, formStructureErrors } from '../../../contract/schemas/formDefinitions';
import { section } from '../../fixtures/formQuestions';
import { typedAnswers, typedQuestion, typedSections } from '../../fixtures/typedQuestions';

const TODAY = '2026-12-04';
/** The message keys of a submission's errors, by question. */
const errorsOf = (answers: Answers, sections = typedSections()) =>
  Object.fromEntries(
    formAnswerErrors(sections, answers, TODAY).map((error) => [error.field, typeof error.message === 'string' ? error.message : error.message.key]),
  );
const valid = () => typedAnswers(TODAY) as Answers;
/** The one error of `key` when its answer is `value` and the rest are valid (null: accepted). */
function errorWith(key: string, value: unknown, today = TODAY): string | null {
  const errors = formAnswerErrors(typedSections(), { ...valid(), [key]: value } as Answers, today);
  expect(
    errors.every((error) => error.field === key),
    JSON.stringify(errors),
  ).toBe(true);
  const error = errors[0]?.message;
  return error === undefined ? null : typeof error === 'string' ? error : error.key;
}

describe('exact decimals', () => {
  it('write every decimal one way and refuse what is not one, whatever its size', () => {
    expect(['+007.50', '-0.0', '0', '1234.5', '-12.000001'].map(canonicalDecimal)).toEqual(['7.5', '0', '0', '1234.5', '-12.000001']);
    const refused = [
      '',
      ' 1',
      '1e5',
      '0x10',
      'NaN',
      'Infinity',
      '-Infinity',
      '1.',
      '.5',
      '1,5',
      '١٢',
      '1\u0000',
      '\ud800',
      '9'.repeat(19),
      '1.1234567',
      '9'.repeat(100_000),
    ];
    for (const text of refused) expect(canonicalDecimal(text), JSON.stringify(text.slice(0, 20))).toBeNull();
    expect(canonicalDecimal('9'.repeat(18) + '.' + '9'.repeat(6))).toBe('999999999999999999.999999');
  });

  it('compare and step without floating-point error', () => {
    expect(compareDecimals('999999999999999999.999999', '999999999999999999.999998')).toBe(1);
    expect(compareDecimals('-0.1', '0')).toBe(-1);
    expect(isOnStep('0.3', '0.1')).toBe(true); // 0.1 * 3 is 0.30000000000000004 in floats
    expect(isOnStep('1000000.5', '0.5', '0')).toBe(true);
    expect(isOnStep('1.25', '0.5', '0')).toBe(false);
    expect(isOnStep('2.5', '1', '0.5')).toBe(true);
  });

  it("read a number in the reader's marks: vi groups with dots and marks decimals with a comma", () => {
    expect(parseLocaleDecimal('1.234,5', 'vi')).toBe('1234.5');
    expect(parseLocaleDecimal('1 234,5', 'vi')).toBe('1234.5');
    expect(parseLocaleDecimal('1,234.5', 'en')).toBe('1234.5');
    expect(parseLocaleDecimal('−42', 'en')).toBe('-42');
    expect(parseLocaleDecimal('1.234.5', 'en')).toBeNull();
    expect(parseLocaleDecimal('1,5.2', 'vi')).toBeNull();
    expect(parseLocaleDecimal('1.5', 'vi')).toBeNull(); // not 15: a group mark stands between groups of three digits
    expect(parseLocaleDecimal('12,34.5', 'en')).toBeNull();
    expect(parseLocaleDecimal('1234567', 'vi')).toBe('1234567');
    expect(canonicalTypedText('number', 'abc', 'en')).toBe('abc');
  });
});

describe('dates', () => {
  it('are calendar days of years 1 to 9999 only', () => {
    for (const date of ['2026-12-04', '2024-02-29', '0001-01-01', '9999-12-31']) expect(isCalendarDate(date), date).toBe(true);
    for (const date of ['2026-02-29', '2026-13-01', '2026-00-10', '0000-01-01', '275760-09-13', '+275760-09-13', '2026-1-1', '2026-12-04T00:00'])
      expect(isCalendarDate(date), date).toBe(false);
  });
});

describe('typed answers at Submit (the browser and the server run this check)', () => {
  it('accept the canonical answers within their limits', () => {
    expect(errorsOf(valid())).toEqual({});
  });

  it('check a number: its form, whole numbers, min, max and step', () => {
    expect(errorWith('area', '1,5')).toBe('validation.numberInvalid');
    expect(errorWith('area', 'NaN')).toBe('validation.numberInvalid');
    expect(errorWith('area', '1e309')).toBe('validation.numberInvalid');
    expect(errorWith('area', '-0.5')).toBe('validation.minValue');
    expect(errorWith('area', '1000000.5')).toBe('validation.maxValue');
    expect(errorWith('area', '10.25')).toBe('validation.numberStep');
    expect(errorWith('staff', '4.5')).toBe('validation.integer');
    expect(errorWith('staff', '0')).toBe('validation.minValue');
    expect(errorWith('area', null)).toBeNull();
  });

  it('check an amount: a currency offered, its minor units, never a float', () => {
    expect(errorWith('turnover', { currency: 'EUR', amount: '10' })).toBe('validation.currencyNotOffered');
    expect(errorWith('turnover', { currency: 'VND', amount: '10.5' })).toBe('validation.currencyMinorUnits');
    expect(errorWith('turnover', { currency: 'USD', amount: '10.55' })).toBeNull();
    expect(errorWith('turnover', { currency: 'USD', amount: '10.555' })).toBe('validation.currencyMinorUnits');
    expect(errorWith('turnover', { currency: 'USD', amount: '-1' })).toBe('validation.minValue');
    expect(errorWith('turnover', { currency: 'VND', amount: '' })).toBe('validation.required');
    expect(errorWith('turnover', { currency: 'VND', amount: 1500 })).toBe('validation.typeError');
    expect(errorWith('turnover', { currency: 'VND', amount: '1', toString: 'x' })).toBe('validation.typeError');
    expect(errorWith('turnover', '1500 VND')).toBe('validation.typeError');
  });

  it('check a date against its limits and the day of the check', () => {
    expect(errorWith('licenceExpiry', TODAY)).toBe('validation.dateFuture');
    expect(errorWith('licenceExpiry', '2026-12-05')).toBeNull();
    expect(errorWith('licenceExpiry', '0000-01-01')).toBe('validation.dateInvalid');
    expect(errorWith('licenceExpiry', '275760-09-13')).toBe('validation.dateInvalid');
    expect(errorWith('founded', '1899-12-31')).toBe('validation.dateNotBefore');
    expect(errorWith('founded', '2027-01-01')).toBe('validation.datePast');
    // The day of the check is the caller's (UTC): the same answer fails once its day has come.
    expect(errorWith('licenceExpiry', '2026-12-05', '2026-12-05')).toBe('validation.dateFuture');
  });

  it('check email, phone and web addresses in their one written form', () => {
    expect(errorWith('mailbox', 'ke.toan@DONG-A.example')).toBe('validation.email');
    expect(canonicalTypedText('email', ' ke.toan@DONG-A.example ', 'en')).toBe('ke.toan@dong-a.example');
    expect(errorWith('mailbox', 'not an address')).toBe('validation.email');
    expect(canonicalTypedText('phone', '+84 (28) 3822-1234', 'vi')).toBe('+842838221234');
    expect(errorWith('hotline', '0283822123')).toBe('validation.phoneInternational');
    expect(errorWith('hotline', '+84 28 3822 123')).toBe('validation.phoneInternational');
    expect(errorWith('website', 'javascript:alert(1)')).toBe('validation.website');
    expect(errorWith('website', 'HTTPS://Dong-A.example')).toBe('validation.website');
    expect(canonicalTypedText('url', 'HTTPS://Dong-A.example', 'en')).toBe('https://dong-a.example/');
  });

  it('keep in a draft only answers of their shape and bounded size', () => {
    const number = typedQuestion('n', 'number');
    expect(answerShapeError(number, 'anything typed')).toBeNull();
    expect(answerShapeError(number, 12)).toEqual({ key: 'validation.typeError' });
    expect(answerShapeError(number, Number.NaN)).toEqual({ key: 'validation.typeError' });
    expect(answerShapeError(number, '1'.repeat(65))).toEqual({ key: 'validation.maxLength', values: { max: 64 } });
    const currency = typedQuestion('c', 'currency');
    expect(answerShapeError(currency, ['VND', '1'])).toEqual({ key: 'validation.typeError' });
    expect(answerShapeError(currency, { currency: 'VND', amount: '1'.repeat(100) })).toEqual({ key: 'validation.typeError' });
    expect(answerShapeError(typedQuestion('u', 'url'), 'https://a.example/' + 'a'.repeat(2000))).toEqual({
      key: 'validation.maxLength',
      values: { max: 2000 },
    });
  });
});

describe("typed answers in the reader's locale", () => {
  const q = (type: FormQuestion['type'], unit = '') => typedQuestion('x', type, { unit });
  it('write numbers, amounts and dates as vi and en readers do, exactly', () => {
    expect(typedAnswerText(q('number', 'm²'), '1234567.5', 'vi-VN')).toBe('1.234.567,5 m²');
    expect(typedAnswerText(q('number'), '999999999999999999.999999', 'en-GB')).toBe('999,999,999,999,999,999.999999');
    expect(typedAnswerText(q('currency'), { currency: 'VND', amount: '1500000' }, 'vi-VN')).toBe('1.500.000\u00a0₫');
    expect(typedAnswerText(q('currency'), { currency: 'USD', amount: '10.5' }, 'en-GB')).toBe('US$10.50');
    expect(typedAnswerText(q('date'), '2026-12-05', 'vi-VN')).toBe('5 thg 12, 2026');
    expect(typedAnswerText(q('date'), '2026-12-05', 'en-GB')).toBe('5 Dec 2026');
    expect(typedAnswerText(q('number'), 'typed, not a number', 'vi-VN')).toBe('typed, not a number');
  });
});

describe('limits in the builder (formStructureErrors)', () => {
  const errors = (...questions: FormQuestion[]) => formStructureErrors([section('s', questions)], null).map((e) => `${e.field} ${e.message}`);
  it('refuse limits of the wrong kind or order, unknown currencies and steps of zero', () => {
    expect(errors(typedQuestion('a', 'number', { min: '10', max: '1', step: '0' }))).toEqual([
      'sections[0].questions[0].limits.max formDefinitionsApi.limitMaxBelowMin',
      'sections[0].questions[0].limits.step formDefinitionsApi.limitStep',
    ]);
    expect(errors(typedQuestion('a', 'date', { min: '2026-02-30', unit: 'kg' }))).toEqual([
      'sections[0].questions[0].limits.unit formDefinitionsApi.limitNotForType',
      'sections[0].questions[0].limits.min formDefinitionsApi.limitDate',
    ]);
    expect(errors(typedQuestion('a', 'currency', { currencies: ['VND', 'XXX', 'VND'], min: '1e3' }))).toEqual([
      'sections[0].questions[0].limits.min formDefinitionsApi.limitNumber',
      'sections[0].questions[0].limits.currencies[1] formDefinitionsApi.currencyUnknown',
      'sections[0].questions[0].limits.currencies[2] formDefinitionsApi.duplicateOption',
    ]);
    expect(errors(typedQuestion('a', 'text', { min: '1' }))).toEqual(['sections[0].questions[0].limits.min formDefinitionsApi.limitNotForType']);
    expect(errors(...typedSections()[0].questions)).toEqual([]);
  });

  it('take a question without limits (a form made before typed answers) as one without any', async () => {
    const old = { key: 'q', type: 'text', label: 'Q' };
    const cast = await formSectionsSchema.validate({ sections: [{ key: 's', title: 'S', questions: [old] }] });
    expect(cast.sections[0].questions[0].limits).toBeNull();
  });
});
