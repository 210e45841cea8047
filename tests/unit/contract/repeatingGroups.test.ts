import { describe, expect, it } from 'vitest';
import {
  answerShapeErrors,
  carryAnswers,
  changedAnswerPaths,
  formAnswerErrors,
  formProgress,
  shownAnswers,
  visibleQuestionKeys,
  withCalculations,
  withoutCalculatedAnswers,
} from '../../../contract/answers';
import { formStructureErrors } from '../../../contract/schemas/formDefinitions';
import type { Answers } from '../../../contract/forms';
import { question, section, when } from '../../fixtures/formQuestions';
import { director, repeatingSections } from '../../fixtures/repeatingGroups';

const fields = (errors: { field: string }[]) => errors.map((error) => error.field);

describe('repeating groups in the contract', () => {
  it('a draft takes rows of the group’s children only, at most its maximum, each of its type; a child has no answer of its own', () => {
    const sections = repeatingSections();
    expect(answerShapeErrors(sections, { directors: [director('Ann'), director('Binh')] })).toEqual([]);
    expect(fields(answerShapeErrors(sections, { directors: Array.from({ length: 6 }, (_, index) => director(`D${index}`)) }))).toEqual(['directors']);
    expect(fields(answerShapeErrors(sections, { directors: [director('Ann', { share: 50 }), { companyName: 'x' }] }))).toEqual([
      'directors[0].share',
      'directors[1].companyName',
    ]);
    expect(fields(answerShapeErrors(sections, { directors: [JSON.parse('{"__proto__":{"x":1},"toString":"y"}')] }))).toEqual([
      'directors[0].__proto__',
      'directors[0].toString',
    ]);
    expect(fields(answerShapeErrors(sections, { directors: 'Ann' }))).toEqual(['directors']);
    expect(fields(answerShapeErrors(sections, { directors: [['Ann']] }))).toEqual(['directors[0]']);
    expect(fields(answerShapeErrors(sections, { name: 'Ann' }))).toEqual(['name']);
  });

  it('Submit names each row answer that is wrong by its path, asks a row’s own conditional question, and counts the rows', () => {
    const sections = repeatingSections();
    const errors = formAnswerErrors(sections, { companyName: 'Acme', directors: [] });
    expect(fields(errors)).toEqual(['directors']);
    expect(errors[0].message).toEqual({ key: 'validation.minRows', values: { min: 1 } });
    const rows = { companyName: 'Acme', directors: [director('Ann'), director('', { nationality: 'other' })] };
    expect(fields(formAnswerErrors(sections, rows))).toEqual(['directors[1].name', 'directors[1].passport', 'boardNote']);
    expect(formAnswerErrors(sections, { ...rows, directors: [director('Ann')] })).toEqual([]);
  });

  it('conditions read the number of rows, any row from outside the group, and the row’s own answer inside it', () => {
    const sections = repeatingSections();
    const one = { directors: [director('Ann')] };
    const foreign = { directors: [director('Ann'), director('Binh', { nationality: 'other', passport: 'P1' })] };
    expect(visibleQuestionKeys(sections, one).has('boardNote')).toBe(false);
    expect(visibleQuestionKeys(sections, one).has('foreignNote')).toBe(false);
    expect(visibleQuestionKeys(sections, foreign).has('boardNote')).toBe(true);
    expect(visibleQuestionKeys(sections, foreign).has('foreignNote')).toBe(true);
    const notForeign = [
      section('s', [...repeatingSections()[0].questions.slice(0, 2), question('allLocal', 'text', { condition: when('nationality', 'isNot', 'other') })]),
    ];
    expect(visibleQuestionKeys(notForeign, foreign).has('allLocal')).toBe(false);
    expect(visibleQuestionKeys(notForeign, one).has('allLocal')).toBe(true);
    // A passport typed while the row said "other", kept after it says "vn": not shown, not exported.
    const hidden = { directors: [director('Ann', { passport: 'P0' })] };
    expect(shownAnswers(sections, hidden).directors).toEqual([director('Ann')]);
  });

  it('calculations sum a child over the rows, count the rows and compute a row’s own calculated answer; the client’s are dropped', () => {
    const sections = repeatingSections();
    const given = { directors: [director('Ann', { share: '60', halfShare: '999' }), director('Binh', { share: '40.5' }), director('Chi', { share: '' })] };
    const stripped = withoutCalculatedAnswers(sections, { ...given, totalShare: '1' }) as Answers;
    expect(stripped.totalShare).toBeUndefined();
    expect((stripped.directors as Answers[])[0].halfShare).toBeUndefined();
    const computed = withCalculations(sections, stripped);
    expect(computed.totalShare).toBe('100.5');
    expect(computed.directorCount).toBe('3');
    expect((computed.directors as Answers[]).map((row) => row.halfShare)).toEqual(['30', '20.25', undefined]);
  });

  it('progress counts a repeating group once, answered from its least rows on', () => {
    const sections = repeatingSections();
    expect(formProgress(sections, {}).required).toBe(2);
    expect(formProgress(sections, { directors: [] }).filled).toBe(0);
    expect(formProgress(sections, { companyName: 'Acme', directors: [director('Ann')] }).filled).toBe(2);
  });

  it('the builder’s checks refuse rows on a question that is not a group, fewer rows above most, files and prefills in rows', () => {
    const bad = [
      section('s', [
        question('a', 'text', { repeat: { min: 0, max: 2 } }),
        question('g', 'group', {
          repeat: { min: 3, max: 2 },
          children: [
            question('f', 'file'),
            question('p', 'text', { prefill: { source: 'partner', field: 'name', locked: false } }),
            question('s', 'signature'),
          ],
        }),
        question('rows', 'text', { condition: when('g', 'contains', '1') }),
        question('count', 'text', { condition: when('g', 'gte', 'two') }),
      ]),
    ];
    expect(formStructureErrors(bad, null).map((error) => [error.field, error.message])).toEqual([
      ['sections[0].questions[0].repeat', 'formDefinitionsApi.repeatOnlyOnGroup'],
      ['sections[0].questions[1].repeat.max', 'formDefinitionsApi.limitMaxBelowMin'],
      ['sections[0].questions[1].children[0].type', 'formDefinitionsApi.fileInRepeat'],
      ['sections[0].questions[1].children[1].prefill', 'formDefinitionsApi.prefillInRepeat'],
      ['sections[0].questions[1].children[2].type', 'formDefinitionsApi.signatureInRepeat'],
      ['sections[0].questions[2].condition.operator', 'formDefinitionsApi.comparisonNotForType'],
      ['sections[0].questions[3].condition.value', 'formDefinitionsApi.limitNumber'],
    ]);
    expect(formStructureErrors(repeatingSections(), null)).toEqual([]);
  });

  it('a new version that answers a group in rows takes the old answers of its children as its first row', () => {
    const before = { companyName: 'Acme', name: 'Ann', idNumber: 'ID-1', unknown: 'x' };
    const { carried, retired } = carryAnswers(before, repeatingSections());
    expect(carried).toEqual({ companyName: 'Acme', directors: [{ name: 'Ann', idNumber: 'ID-1' }] });
    expect(retired).toEqual({ unknown: 'x' });
  });

  it('a change inside one row is named by its path, a row added or removed by the group', () => {
    const rows = { directors: [director('Ann'), director('Binh')] };
    expect(changedAnswerPaths(rows, { directors: [director('Ann'), director('Binh', { idNumber: 'X' })] })).toEqual(['directors[1].idNumber']);
    expect(changedAnswerPaths(rows, { directors: [director('Ann')] })).toEqual(['directors']);
    expect(changedAnswerPaths(rows, rows)).toEqual([]);
  });

  it('conditions in one group’s fifty rows read another group’s fifty rows', () => {
    const first = question('first', 'group', {
      repeat: { min: 0, max: 50 },
      children: [question('kind', 'select', { options: ['a', 'b'] }), question('x', 'text', { condition: when('kind', 'is', 'b') })],
    });
    const many = Array.from({ length: 20 }, (_, index) => question(`q${index}`, 'text', { condition: when('x', 'is', 'yes') }));
    const second = question('second', 'group', { repeat: { min: 0, max: 50 }, children: many });
    const sections = [section('s', [first, second])];
    const rows = (count: number, row: Answers) => Array.from({ length: count }, () => ({ ...row }));
    const answers = { first: rows(50, { kind: 'b', x: 'no' }), second: rows(50, { q0: 'kept' }) };
    expect(formAnswerErrors(sections, answers)).toEqual([]);
    expect(shownAnswers(sections, answers).second).toEqual(rows(50, {}));
    const yes = { ...answers, first: [...answers.first.slice(1), { kind: 'b', x: 'yes' }] };
    expect(shownAnswers(sections, yes).second).toEqual(rows(50, { q0: 'kept' }));
  });
});
