import { describe, expect, it } from 'vitest';
import { TEXT_ANSWER_MAX, type AnswerFile, type AnswerValue, type Answers } from '../../../contract/forms';
import { answerError, answerShapeErrors, formAnswerErrors, formProgress, isAnswered, questionsByKey } from '../../../contract/answers';
import { question, section, textRule, when } from '../../fixtures/formQuestions';

const required = { key: 'validation.required' };
const notOption = { key: 'validation.notOption' };
const typeError = { key: 'validation.typeError' };
const file = (name = 'tax.pdf'): AnswerFile => ({ id: 'f1', name, type: 'application/pdf', size: 1200 });
const fieldsOf = (errors: { field: string }[]) => errors.map((error) => error.field);

describe('required and answered', () => {
  it('an empty or blank text, an empty list and no value are not answers; "no" is', () => {
    for (const value of [undefined, null, '', '   ', [] as string[], [] as AnswerFile[]]) expect(isAnswered(value)).toBe(false);
    for (const value of [false, true, 'x', ['a'], file(), [file()]]) expect(isAnswered(value)).toBe(true);
  });

  it('a required yes/no question answered "no" passes; unanswered it is required', () => {
    const q = question('hasOffice', 'yesNo', { required: true });
    expect(answerError(q, false)).toBeNull();
    expect(answerError(q, undefined)).toEqual(required);
  });

  it('every type: required when unanswered, fine when answered, nothing asked of an optional unanswered one', () => {
    const answered: Record<'text' | 'select' | 'multiple' | 'file' | 'files' | 'yesNo', AnswerValue> = {
      text: 'x',
      select: 'A',
      multiple: ['A'],
      file: file(),
      files: [file()],
      yesNo: true,
    };
    for (const [type, value] of Object.entries(answered)) {
      const q = question('q', type as keyof typeof answered, { required: true, options: ['A', 'B'] });
      expect(answerError(q, undefined), type).toEqual(required);
      expect(answerError(q, value), type).toBeNull();
      expect(answerError({ ...q, required: false }, undefined), type).toBeNull();
    }
  });

  it('select and multiple take only their options (case counts)', () => {
    const select = question('country', 'select', { options: ['Viet Nam', 'Laos'] });
    expect(answerError(select, 'Laos')).toBeNull();
    expect(answerError(select, 'laos')).toEqual(notOption);
    expect(answerError(select, 'Cambodia')).toEqual(notOption);
    const multiple = question('ports', 'multiple', { options: ['Hai Phong', 'Da Nang'] });
    expect(answerError(multiple, ['Hai Phong', 'Da Nang'])).toBeNull();
    expect(answerError(multiple, ['Hai Phong', 'Vung Tau'])).toEqual(notOption);
  });

  it('a value of the wrong type is refused before anything else', () => {
    expect(answerError(question('a', 'text', { required: true }), 5 as never)).toEqual(typeError);
    expect(answerError(question('a', 'yesNo'), 'yes')).toEqual(typeError);
    expect(answerError(question('a', 'multiple', { options: ['x'] }), 'x')).toEqual(typeError);
    expect(answerError(question('a', 'file'), { id: 'f' } as never)).toEqual(typeError);
    expect(answerError(question('a', 'text'), 'x'.repeat(TEXT_ANSWER_MAX + 1))).toEqual({ key: 'validation.maxLength', values: { max: TEXT_ANSWER_MAX } });
  });
});

describe('what a draft may hold', () => {
  const sections = [
    section('s', [question('name', 'text'), question('docs', 'files'), question('group', 'group', { children: [question('child', 'yesNo')] })]),
  ];

  it('refuses unknown keys, a group’s key and wrong types, and keeps invalid but well-typed answers', () => {
    const errors = answerShapeErrors(sections, { name: '', docs: 'x', group: true, ghost: 'x', child: false });
    expect(fieldsOf(errors).sort()).toEqual(['docs', 'ghost', 'group']);
    expect(answerShapeErrors(sections, { name: null, child: null })).toEqual([]);
    expect(answerShapeErrors(sections, [])).toMatchObject([{ field: 'answers' }]);
  });

  it('keys named like Object’s members are plain keys', () => {
    const odd = [section('s', [question('toString', 'text', { required: true }), question('constructor', 'text', { required: true })])];
    expect(fieldsOf(answerShapeErrors(odd, JSON.parse('{"__proto__": "x", "hasOwnProperty": "y"}') as Answers))).toEqual(['__proto__', 'hasOwnProperty']);
    expect(fieldsOf(formAnswerErrors(odd, {}))).toEqual(['toString', 'constructor']);
    expect(formAnswerErrors(odd, { toString: 'a', constructor: 'b' })).toEqual([]);
    expect(questionsByKey(odd).get('toString')?.question.key).toBe('toString');
    expect(questionsByKey(odd).has('valueOf')).toBe(false);
  });

  it('a question keyed __proto__ reads its own answer, not the prototype', () => {
    const proto = [section('s', [question('__proto__', 'text', { required: true })])];
    expect(fieldsOf(formAnswerErrors(proto, {}))).toEqual(['__proto__']);
    expect(formAnswerErrors(proto, JSON.parse('{"__proto__": "answered"}') as Answers)).toEqual([]);
  });
});

describe('a submission', () => {
  const sections = [
    section('company', [
      question('name', 'text', { required: true }),
      question('taxNumber', 'text', { required: true, rule: textRule({ regex: '[0-9]{10}', errorText: 'Ten digits' }) }),
    ]),
    section('bank', [question('iban', 'text', { required: true })]),
  ];

  it('lists every shown question’s error in form order with its section', () => {
    expect(formAnswerErrors(sections, { taxNumber: '12' })).toEqual([
      { field: 'name', sectionKey: 'company', message: required },
      { field: 'taxNumber', sectionKey: 'company', message: 'Ten digits' },
      { field: 'iban', sectionKey: 'bank', message: required },
    ]);
    expect(formAnswerErrors(sections, { name: 'Acme', taxNumber: '0123456789', iban: 'VN12' })).toEqual([]);
  });

  it('counts progress per section: total, required, filled and errors', () => {
    const progress = formProgress(sections, { name: 'Acme', taxNumber: 'x' });
    expect(progress).toMatchObject({ total: 3, required: 3, filled: 2, errors: 2 });
    expect(progress.sections).toEqual([
      { key: 'company', title: 'company', total: 2, required: 2, filled: 2, errors: 1 },
      { key: 'bank', title: 'bank', total: 1, required: 1, filled: 0, errors: 1 },
    ]);
  });

  it('a hidden required question is neither required nor counted', () => {
    const conditional = [
      section('s', [
        question('hasVat', 'yesNo', { required: true }),
        question('vatNumber', 'text', { required: true, condition: when('hasVat', 'is', 'yes') }),
      ]),
    ];
    expect(fieldsOf(formAnswerErrors(conditional, { hasVat: false }))).toEqual([]);
    expect(formProgress(conditional, { hasVat: false })).toMatchObject({ total: 1, required: 1, filled: 1 });
    expect(fieldsOf(formAnswerErrors(conditional, { hasVat: true }))).toEqual(['vatNumber']);
  });

  it('a hidden question’s stale invalid answer is not validated', () => {
    const conditional = [
      section('s', [question('hasVat', 'yesNo'), question('vatNumber', 'text', { condition: when('hasVat', 'is', 'yes'), rule: textRule({ minLength: 10 }) })]),
    ];
    expect(formAnswerErrors(conditional, { hasVat: false, vatNumber: '12' })).toEqual([]);
    expect(fieldsOf(formAnswerErrors(conditional, { hasVat: true, vatNumber: '12' }))).toEqual(['vatNumber']);
  });
});
