import { createContext, useContext } from 'react';
import type { TranslateMessage } from '../../i18n/translateMessage';

/**
 * The screen's translator (react-admin's, with the formFiller.* texts), handed down by SectionQuestions: this
 * folder stays free of react-admin imports, as src/components must (the sign-in bundle's budget).
 */
export const QuestionTexts = createContext<TranslateMessage>((key) => key);

export const useQuestionTexts = () => useContext(QuestionTexts);

/** The screen's locale (react-admin's), handed down the same way: numbers, amounts and dates are typed and shown in it. */
export const QuestionLocale = createContext('en');

export const useQuestionLocale = () => useContext(QuestionLocale);
