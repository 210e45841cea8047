import { describe, expect, it } from 'vitest';
import type { ShowCondition } from '../../../../contract/forms';
import { conditionSentence } from '../../../../src/resources/formDefinitions/editor/conditionSentence';
import { createI18nProvider } from '../../../../src/i18n/i18nProvider';
import { question } from './formsApiMock';

const questions = new Map(
  [
    question('turnover', 'number', { label: 'Annual turnover' }),
    question('foreign', 'yesNo', { label: 'Foreign bank?' }),
    question('swift', 'text', { label: 'SWIFT code' }),
    question('founded', 'date', { label: 'Founded on' }),
  ].map((entry) => [entry.key, entry]),
);

const nested: ShowCondition = {
  join: 'and',
  conditions: [
    { questionKey: 'turnover', operator: 'gt', value: '1000000' },
    {
      join: 'or',
      conditions: [
        { questionKey: 'foreign', operator: 'is', value: 'yes' },
        { questionKey: 'swift', operator: 'contains', value: 'VN' },
        { questionKey: 'founded', operator: 'lt', value: '2020-01-15' },
      ],
    },
  ],
};

const sentence = (condition: ShowCondition, language: 'en' | 'vi') => conditionSentence(condition, questions, createI18nProvider(language).translate, language);

describe('a condition read as a sentence', () => {
  it('reads a nested group in English, numbers and dates as an English reader writes them', () => {
    expect(sentence(nested, 'en')).toBe(
      'Shown when “Annual turnover” is greater than 1,000,000 and (“Foreign bank?” is yes or “SWIFT code” contains VN or “Founded on” is less than Jan 15, 2020)',
    );
  });

  it('reads the same group in Vietnamese, numbers grouped by dots', () => {
    expect(sentence(nested, 'vi')).toBe(
      'Hiện khi “Annual turnover” lớn hơn 1.000.000 và (“Foreign bank?” là có hoặc “SWIFT code” chứa VN hoặc “Founded on” nhỏ hơn 15 thg 1, 2020)',
    );
  });

  it('reads a single condition without parentheses, and marks a value not chosen yet', () => {
    expect(sentence({ questionKey: 'turnover', operator: 'gte', value: '' }, 'en')).toBe('Shown when “Annual turnover” is at least …');
    expect(sentence({ questionKey: 'turnover', operator: 'lte', value: '2.5' }, 'vi')).toBe('Hiện khi “Annual turnover” tối đa là 2,5');
  });
});
