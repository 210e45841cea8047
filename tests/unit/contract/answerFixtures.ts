import type { FormQuestion, FormSection, QuestionCondition, TextRule } from '../../../contract/forms';

/** A question with every field at its plain value, overridden by `fields`. */
export const question = (key: string, type: FormQuestion['type'], fields: Partial<FormQuestion> = {}): FormQuestion => ({
  key,
  type,
  label: key,
  help: '',
  required: false,
  options: [],
  ruleId: null,
  rule: null,
  condition: null,
  children: [],
  ...fields,
});

export const when = (questionKey: string, operator: QuestionCondition['operator'], value: string): QuestionCondition => ({ questionKey, operator, value });

export const section = (key: string, questions: FormQuestion[]): FormSection => ({ key, title: key, questions });

export const textRule = (fields: Partial<TextRule> = {}): TextRule => ({
  name: 'Rule',
  suggestText: '',
  errorText: '',
  minLength: null,
  maxLength: null,
  regex: null,
  ...fields,
});
