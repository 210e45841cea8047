import { describe, expect, it } from 'vitest';
import type { AnswerFile, AnswerValue, Answers, QuestionType } from '../../../contract/forms';
import { conditionHolds, formAnswerErrors, visibleQuestionKeys } from '../../../contract/answers';
import { question, section, when } from '../../fixtures/formQuestions';

const file = (name: string): AnswerFile => ({ id: name, name, type: 'application/pdf', size: 1 });
const holds = (operator: 'is' | 'isNot' | 'contains', wanted: string, value: AnswerValue | undefined) => conditionHolds(when('q', operator, wanted), value);

describe('a condition on each type of answer', () => {
  it('text: is / isNot compare the whole answer (trimmed, case ignored), contains a part of it', () => {
    expect(holds('is', 'Hanoi', ' hanoi ')).toBe(true);
    expect(holds('is', 'Hanoi', 'Hanoi City')).toBe(false);
    expect(holds('isNot', 'Hanoi', 'Hanoi City')).toBe(true);
    expect(holds('isNot', 'Hanoi', 'HANOI')).toBe(false);
    expect(holds('contains', 'noi', 'Hanoi City')).toBe(true);
    expect(holds('contains', 'Saigon', 'Hanoi City')).toBe(false);
  });

  it('yes/no: compared as "yes" and "no"', () => {
    expect(holds('is', 'yes', true)).toBe(true);
    expect(holds('is', 'no', false)).toBe(true);
    expect(holds('is', 'yes', false)).toBe(false);
    expect(holds('isNot', 'yes', false)).toBe(true);
    expect(holds('contains', 'no', false)).toBe(true);
  });

  it('select: is / isNot the option; contains a part of it', () => {
    expect(holds('is', 'Viet Nam', 'Viet Nam')).toBe(true);
    expect(holds('isNot', 'Viet Nam', 'Laos')).toBe(true);
    expect(holds('contains', 'Nam', 'Viet Nam')).toBe(true);
  });

  it('multiple: contains one of the chosen options exactly; is only when it is the one chosen', () => {
    expect(holds('contains', 'Hai Phong', ['Da Nang', 'Hai Phong'])).toBe(true);
    expect(holds('contains', 'Hai', ['Da Nang', 'Hai Phong'])).toBe(false);
    expect(holds('is', 'Hai Phong', ['Hai Phong'])).toBe(true);
    expect(holds('is', 'Hai Phong', ['Da Nang', 'Hai Phong'])).toBe(false);
    expect(holds('isNot', 'Hai Phong', ['Da Nang', 'Hai Phong'])).toBe(true);
  });

  it('file and files: compared by file name', () => {
    expect(holds('is', 'licence.pdf', file('licence.pdf'))).toBe(true);
    expect(holds('contains', 'licence.pdf', [file('a.pdf'), file('licence.pdf')])).toBe(true);
    expect(holds('isNot', 'licence.pdf', [file('a.pdf')])).toBe(true);
  });

  it('an unanswered question is not the value, is "not" it, and contains nothing', () => {
    for (const value of [undefined, null, '', [] as string[]]) {
      expect(holds('is', 'x', value)).toBe(false);
      expect(holds('isNot', 'x', value)).toBe(true);
      expect(holds('contains', 'x', value)).toBe(false);
    }
  });
});

describe('which questions are shown', () => {
  const shown = (sections: Parameters<typeof visibleQuestionKeys>[0], answers: Answers) => [...visibleQuestionKeys(sections, answers)];

  it('a chain: hiding the first hides every question that depends on it, whatever they hold', () => {
    const chain = [
      section('s1', [question('a', 'yesNo')]),
      section('s2', [
        question('b', 'select', { options: ['x', 'y'], condition: when('a', 'is', 'yes') }),
        question('c', 'text', { condition: when('b', 'is', 'x') }),
      ]),
    ];
    expect(shown(chain, { a: true, b: 'x' })).toEqual(['a', 'b', 'c']);
    expect(shown(chain, { a: true, b: 'y' })).toEqual(['a', 'b']);
    expect(shown(chain, { a: false, b: 'x', c: 'kept' })).toEqual(['a']);
  });

  it('a group’s condition hides its children, required ones included', () => {
    const grouped = [
      section('s', [
        question('hasBranch', 'yesNo'),
        question('branch', 'group', {
          condition: when('hasBranch', 'is', 'yes'),
          children: [question('branchAddress', 'text', { required: true }), question('branchPhone', 'text', { required: true })],
        }),
      ]),
    ];
    expect(shown(grouped, { hasBranch: false })).toEqual(['hasBranch']);
    expect(formAnswerErrors(grouped, { hasBranch: false })).toEqual([]);
    expect(shown(grouped, { hasBranch: true })).toEqual(['hasBranch', 'branch', 'branchAddress', 'branchPhone']);
    expect(formAnswerErrors(grouped, { hasBranch: true }).map((error) => error.field)).toEqual(['branchAddress', 'branchPhone']);
  });

  it('a child’s own condition may look at an earlier sibling', () => {
    const grouped = [
      section('s', [
        question('contact', 'group', {
          children: [question('channel', 'select', { options: ['phone', 'mail'] }), question('phone', 'text', { condition: when('channel', 'is', 'phone') })],
        }),
      ]),
    ];
    expect(shown(grouped, { channel: 'phone' })).toContain('phone');
    expect(shown(grouped, { channel: 'mail' })).not.toContain('phone');
  });

  it('a condition on a later question or an unknown key never holds (conditions look backwards)', () => {
    const forward = [section('s', [question('early', 'text', { condition: when('late', 'is', 'x') }), question('late', 'text')])];
    expect(shown(forward, { late: 'x' })).toEqual(['late']);
    const unknown = [section('s', [question('orphan', 'text', { condition: when('nowhere', 'isNot', 'x') })])];
    expect(shown(unknown, {})).toEqual([]);
  });

  it('conditions for each operator on each answerable type decide whether a required follower is asked', () => {
    const cases: [QuestionType, AnswerValue, 'is' | 'isNot' | 'contains', string, boolean][] = [
      ['text', 'Hanoi', 'is', 'hanoi', true],
      ['text', 'Hanoi', 'isNot', 'hanoi', false],
      ['text', 'Hanoi', 'contains', 'ano', true],
      ['yesNo', true, 'is', 'yes', true],
      ['yesNo', true, 'isNot', 'yes', false],
      ['select', 'B', 'is', 'A', false],
      ['select', 'B', 'isNot', 'A', true],
      ['multiple', ['A', 'B'], 'contains', 'B', true],
      ['multiple', ['A'], 'contains', 'B', false],
      ['file', file('x.pdf'), 'is', 'x.pdf', true],
      ['files', [file('x.pdf')], 'contains', 'y.pdf', false],
    ];
    for (const [type, value, operator, wanted, asked] of cases) {
      const sections = [
        section('s', [
          question('lead', type, { options: ['A', 'B'] }),
          question('follow', 'text', { required: true, condition: when('lead', operator, wanted) }),
        ]),
      ];
      const errors = formAnswerErrors(sections, { lead: value }).map((error) => error.field);
      expect(errors, `${type} ${operator} ${wanted}`).toEqual(asked ? ['follow'] : []);
    }
  });
});
