import { describe, expect, it } from 'vitest';
import { changedLockedAnswers, prefilledAnswers } from '../../../contract/answers';
import type { FormQuestion, QuestionPrefill } from '../../../contract/forms';
import { formStructureErrors } from '../../../contract/schemas/formDefinitions';
import { question, section } from '../../fixtures/formQuestions';

const DEFINITION = '6f1c2d3e-0000-4000-8000-000000000001';
const from = (prefill: QuestionPrefill) => ({ prefill });
const sections = () => [
  section('s', [
    question('company', 'text', from({ source: 'partner', field: 'name', locked: true })),
    question('mail', 'email', from({ source: 'partner', field: 'email', locked: false })),
    question('site', 'url', from({ source: 'partner', field: 'website', locked: false })),
    question('turnover', 'number', from({ source: 'form', definitionId: DEFINITION, questionKey: 'turnover', locked: false })),
    question('bank', 'text', from({ source: 'form', definitionId: DEFINITION, questionKey: 'bankName', locked: true })),
    question('free', 'text'),
  ]),
];

describe('prefilled answers', () => {
  it('take the partner record’s fields and the last accepted answers that fit, and nothing else', () => {
    const answers = prefilledAnswers(
      sections(),
      { name: 'Acme Logistics', email: 'hello@acme.example', website: null, toString: 'x' } as never,
      new Map([[DEFINITION, { turnover: '1500000', bankName: 42 as never, free: 'not asked' }]]),
    );
    expect(answers).toEqual({ company: 'Acme Logistics', mail: 'hello@acme.example', turnover: '1500000' });
  });

  it('name the locked ones whose answer changed', () => {
    const before = { company: 'Acme Logistics', mail: 'a@acme.example' };
    expect(changedLockedAnswers(sections(), before, { ...before, mail: 'b@acme.example' })).toEqual([]);
    expect(changedLockedAnswers(sections(), before, { ...before, company: 'Acme' })).toEqual(['company']);
    expect(changedLockedAnswers(sections(), before, { mail: 'a@acme.example' })).toEqual(['company']);
  });

  it('are checked in the builder: a record field of the question’s kind, a source that is named', () => {
    const errors = (...questions: FormQuestion[]) => formStructureErrors([section('s', questions)], null).map((e) => `${e.field} ${e.message}`);
    expect(errors(question('n', 'number', from({ source: 'partner', field: 'email', locked: false })))).toEqual([
      'sections[0].questions[0].prefill.field formDefinitionsApi.prefillNotForType',
    ]);
    expect(errors(question('f', 'file', from({ source: 'partner', field: 'name', locked: false })))).toEqual([
      'sections[0].questions[0].prefill formDefinitionsApi.prefillNotForType',
    ]);
    expect(errors(question('t', 'text', { prefill: { source: 'form', definitionId: '', questionKey: '', locked: false } }))).toEqual([
      'sections[0].questions[0].prefill.definitionId formDefinitionsApi.prefillSourceMissing',
      'sections[0].questions[0].prefill.questionKey formDefinitionsApi.prefillSourceMissing',
    ]);
    expect(errors(...sections()[0].questions)).toEqual([]);
  });
});
