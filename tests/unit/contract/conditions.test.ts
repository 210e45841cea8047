import { describe, expect, it } from 'vitest';
import type { AnswerFile, AnswerValue, Answers, ConditionGroup, QuestionType, ShowCondition } from '../../../contract/forms';
import { formSectionsSchema, formStructureErrors } from '../../../contract/schemas/formDefinitions';
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

describe('AND/OR groups and comparisons (issue 40)', () => {
  const and = (...conditions: ShowCondition[]): ConditionGroup => ({ join: 'and', conditions });
  const or = (...conditions: ShowCondition[]): ConditionGroup => ({ join: 'or', conditions });
  const sections = (condition: ShowCondition) => [
    section('s', [
      question('turnover', 'number'),
      question('expiry', 'date'),
      question('foreign', 'yesNo'),
      question('amount', 'currency'),
      question('shown', 'text', { condition }),
    ]),
  ];
  const shown = (condition: ShowCondition, answers: Answers) => visibleQuestionKeys(sections(condition), answers).has('shown');

  it('compare numbers, amounts and dates exactly; an answer that is not one yet meets no comparison', () => {
    expect(shown(when('turnover', 'gt', '1000000'), { turnover: '1000000.01' })).toBe(true);
    expect(shown(when('turnover', 'gt', '1000000'), { turnover: '1000000' })).toBe(false);
    expect(shown(when('turnover', 'gte', '1000000'), { turnover: '1000000' })).toBe(true);
    expect(shown(when('turnover', 'lt', '0'), { turnover: '-0.5' })).toBe(true);
    expect(shown(when('turnover', 'lt', '10'), { turnover: '1,5' })).toBe(false);
    expect(shown(when('turnover', 'lte', '10'), {})).toBe(false);
    expect(shown(when('amount', 'gte', '500'), { amount: { currency: 'USD', amount: '500' } })).toBe(true);
    expect(shown(when('expiry', 'lt', '2027-01-01'), { expiry: '2026-12-31' })).toBe(true);
    expect(shown(when('expiry', 'lt', '2027-01-01'), { expiry: '2027-01-01' })).toBe(false);
  });

  it('show a question when all of an AND group hold, or one of an OR group, groups inside groups', () => {
    const big = when('turnover', 'gt', '1000000');
    const foreign = when('foreign', 'is', 'yes');
    expect(shown(and(big, foreign), { turnover: '2000000', foreign: true })).toBe(true);
    expect(shown(and(big, foreign), { turnover: '2000000', foreign: false })).toBe(false);
    expect(shown(or(big, foreign), { turnover: '5', foreign: true })).toBe(true);
    expect(shown(or(big, foreign), { turnover: '5', foreign: false })).toBe(false);
    const nested = or(and(big, foreign), when('expiry', 'lt', '2027-01-01'));
    expect(shown(nested, { turnover: '5', foreign: true, expiry: '2026-06-01' })).toBe(true);
    expect(shown(nested, { turnover: '5', foreign: true, expiry: '2028-06-01' })).toBe(false);
  });

  it('a condition on a hidden question does not hold, in a group as alone', () => {
    const hiddenFirst = [
      section('s', [
        question('foreign', 'yesNo'),
        question('swift', 'text', { condition: when('foreign', 'is', 'yes') }),
        question('shown', 'text', { condition: or(when('swift', 'contains', 'VN'), when('foreign', 'is', 'yes')) }),
      ]),
    ];
    expect(visibleQuestionKeys(hiddenFirst, { foreign: false, swift: 'BFTVVNVX' }).has('shown')).toBe(false);
    expect(visibleQuestionKeys(hiddenFirst, { foreign: true, swift: 'X' }).has('shown')).toBe(true);
  });

  it('the builder and the server refuse, inside groups, what they refuse alone; and groups too deep or too large', () => {
    const errors = (condition: ShowCondition) => formStructureErrors(sections(condition), null).map((e) => `${e.field} ${e.message}`);
    const path = 'sections[0].questions[4].condition';
    expect(errors(and(when('turnover', 'gt', '1e6'), when('foreign', 'lt', 'yes'), when('later', 'is', 'x')))).toEqual([
      `${path}.conditions[0].value formDefinitionsApi.limitNumber`,
      `${path}.conditions[1].operator formDefinitionsApi.comparisonNotForType`,
      `${path}.conditions[2].questionKey formDefinitionsApi.conditionNotEarlier`,
    ]);
    expect(errors(or(when('expiry', 'gte', '2026-02-30'), when('foreign', 'is', 'maybe')))).toEqual([
      `${path}.conditions[0].value formDefinitionsApi.limitDate`,
      `${path}.conditions[1].value formDefinitionsApi.conditionValueNotOption`,
    ]);
    expect(errors(or(...Array.from({ length: 21 }, () => when('foreign', 'is', 'yes'))))).toEqual([`${path} formDefinitionsApi.tooManyConditions`]);
    expect(errors(and(or(when('foreign', 'is', 'yes'), when('turnover', 'gt', '1')), when('expiry', 'lt', '2030-01-01')))).toEqual([]);
  });

  it('the schema reads groups three deep and refuses a fourth level as a condition without a question', async () => {
    const leaf = { questionKey: 'a', operator: 'is', value: 'x' };
    const document = (condition: unknown) => ({ sections: [{ key: 's', title: 'S', questions: [{ key: 'q', type: 'text', label: 'Q', condition }] }] });
    await expect(formSectionsSchema.validate(document({ join: 'and', conditions: [{ join: 'or', conditions: [leaf] }] }))).resolves.toBeTruthy();
    const fourDeep = { join: 'and', conditions: [{ join: 'or', conditions: [{ join: 'and', conditions: [{ join: 'or', conditions: [leaf] }] }] }] };
    await expect(formSectionsSchema.validate(document(fourDeep))).rejects.toThrow();
    await expect(formSectionsSchema.validate(document({ join: 'xor', conditions: [leaf] }))).rejects.toThrow();
    await expect(formSectionsSchema.validate(document({ join: 'and', conditions: [] }))).rejects.toThrow();
  });
});
