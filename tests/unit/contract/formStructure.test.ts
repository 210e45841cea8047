import { describe, expect, it } from 'vitest';
import type { FormQuestion, FormSection } from '../../../contract/forms';
import { formSectionsSchema, formStructureErrors } from '../../../contract/schemas/formDefinitions';
import { question, section } from '../../fixtures/formQuestions';

const q = (key: string, fields: Partial<FormQuestion> = {}) => question(key, 'text', fields);
const s = section;
const fields = (sections: FormSection[], rules: ReadonlySet<string> | null = null) =>
  formStructureErrors(sections, rules).map((e) => `${e.field} ${e.message}`);

describe('formStructureErrors (the builder and the server alike)', () => {
  it('finds nothing wrong in a well-formed document', () => {
    const sections = [
      s('a', [
        q('kind', { type: 'select', options: ['Ltd', 'Sole'] }),
        q('details', { type: 'group', children: [q('since', { condition: { questionKey: 'kind', operator: 'is', value: 'ltd' } })] }),
      ]),
      s('b', [q('vat', { type: 'yesNo' }), q('vatNo', { condition: { questionKey: 'vat', operator: 'is', value: 'YES' } })]),
    ];
    expect(fields(sections)).toEqual([]);
  });

  it('treats odd keys as plain keys', () => {
    const sections = [
      s('__proto__', [q('toString'), q('constructor', { condition: { questionKey: 'toString', operator: 'contains', value: 'x' } }), q('__proto__')]),
    ];
    expect(fields(sections)).toEqual([]);
    expect(fields([s('a', [q('hasOwnProperty', { condition: { questionKey: 'valueOf', operator: 'is', value: 'x' } })])])).toEqual([
      'sections[0].questions[0].condition.questionKey formDefinitionsApi.conditionNotEarlier',
    ]);
  });

  it('checks a rule against the live rules only when they are given', () => {
    const sections = [s('a', [q('tax', { ruleId: 'AAAAAAAA-0000-4000-8000-000000000000' })])];
    expect(fields(sections)).toEqual([]);
    expect(fields(sections, new Set(['aaaaaaaa-0000-4000-8000-000000000000']))).toEqual([]);
    expect(fields(sections, new Set())).toEqual(['sections[0].questions[0].ruleId formDefinitionsApi.unknownRule']);
  });

  it('names a key repeated between a question and a group child', () => {
    expect(fields([s('a', [q('x'), q('g', { type: 'group', children: [q('x')] })])])).toEqual([
      'sections[0].questions[1].children[0].key formDefinitionsApi.duplicateKey',
    ]);
  });

  it('shares the key pattern with the schema: letters, digits, _ and - only', async () => {
    const valid = (key: string) => formSectionsSchema.isValid({ sections: [s('a', [q(key)])] });
    expect(await valid('tax_code-2')).toBe(true);
    expect(await valid('tax code')).toBe(false);
    expect(await valid('mã')).toBe(false);
    expect(await valid('')).toBe(false);
  });
});
