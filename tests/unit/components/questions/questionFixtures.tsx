import { useCallback, useState } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore, useLocaleState, useTranslate } from 'react-admin';
import type { Language } from '../../../../contract/http';
import type { AnswerValue, Answers, FormQuestion, FormSection, TextRule } from '../../../../contract/forms';
import { SectionQuestions, type SectionQuestionsProps } from '../../../../src/components/questions';
import { createI18nProvider } from '../../../../src/i18n/i18nProvider';
import { questionLabelled, section, when } from '../../../fixtures/formQuestions';

/** A question labelled `Question <key>`, as the tests find it on screen. */
export const question = questionLabelled((key) => `Question ${key}`);

export { when };

export const taxRule: TextRule = {
  name: 'Tax number',
  suggestText: 'Ten digits, e.g. 0312345678',
  errorText: 'A tax number has ten digits',
  minLength: null,
  maxLength: 10,
  regex: '[0-9]{10}',
};

export const sectionOf = (...questions: FormQuestion[]): FormSection => section('company', questions, 'Company');

/** The section's questions holding their answers as the filler would; `answers()` reads what was given. */
export function renderQuestions(
  section: FormSection,
  { initial = {}, language = 'en', ...props }: Partial<SectionQuestionsProps> & { initial?: Answers; language?: Language } = {},
) {
  let current: Answers = initial;
  function Holder() {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const [answers, setAnswers] = useState<Answers>(initial);
    current = answers;
    const onAnswer = useCallback((key: string, value: AnswerValue) => setAnswers((previous) => ({ ...previous, [key]: value })), []);
    return <SectionQuestions section={section} translate={translate} locale={locale} answers={answers} onAnswer={onAnswer} {...props} />;
  }
  const view = render(
    <AdminContext i18nProvider={createI18nProvider(language)} store={memoryStore()}>
      <Holder />
    </AdminContext>,
  );
  return { ...view, answers: () => current };
}
