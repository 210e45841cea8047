import { isCurrencyAmountShape, isSignatureAnswer, typedAnswerText } from '../../../contract/answers';
import type { AnswerFile, AnswerValue, FormQuestion } from '../../../contract/forms';
import type { Language } from '../../../contract/http';
import { translate } from '../../core/i18n';
import { signatureCellText, signatureKindWordsOf, type SignatureKindWords } from './partnerFormSignatureText';

/**
 * How an answer's yes/no and files are written: words of the reader's language, a file by its name (or its link);
 * numbers, amounts and dates in the reader's locale, or canonical (`locale` null: for scripts).
 */
export interface AnswerWords {
  yes: string;
  no: string;
  file: (file: AnswerFile) => string;
  locale: string | null;
  signature: SignatureKindWords;
}

/** The locale a reader of the language reads numbers and dates in (the PDF's dates use the same). */
export const localeOf = (language: Language) => (language === 'vi' ? 'vi-VN' : 'en-GB');

/** Yes/no in the reader's language, files by name: an answer as a person reads it (the CSV's labels, the PDF). */
export const answerWordsOf = (language: Language, file: AnswerWords['file'] = (f) => f.name): AnswerWords => ({
  yes: translate(language, 'partnerFormsApi.csv.yes'),
  no: translate(language, 'partnerFormsApi.csv.no'),
  file,
  locale: localeOf(language),
  signature: signatureKindWordsOf(language),
});

/** The words of scripts: `yes` / `no` and file names (the CSV with `headers=keys`). */
export const KEY_WORDS: AnswerWords = { yes: 'yes', no: 'no', file: (f) => f.name, locale: null, signature: { typed: 'typed', drawn: 'drawn' } };

const isFile = (item: unknown): item is AnswerFile => typeof item === 'object' && item !== null && 'id' in item && 'name' in item;

/** A file or files answer (every item a file); an empty list is not. */
export const isFileAnswer = (value: AnswerValue | undefined): boolean => {
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items.length > 0 && items.every(isFile);
};

/**
 * An answer as the lines a person reads: yes/no as words, a text or choice as it is (options are their own
 * text), a number, amount or date in the reader's locale (canonical for scripts: an amount as "1500000 VND"),
 * each of several choices or files on its own line. No line when unanswered.
 */
export function answerLines(value: AnswerValue | undefined, words: AnswerWords, question?: Pick<FormQuestion, 'type' | 'limits'>): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'boolean') return [value ? words.yes : words.no];
  // A repeating group: its number of rows (each row's answers are written under their own questions).
  if (question?.type === 'group') return [String(Array.isArray(value) ? value.length : 0)];
  if (question?.type === 'signature' && isSignatureAnswer(value)) return [signatureCellText(value, words.signature, words.locale)];
  const typed = question && words.locale ? typedAnswerText(question, value, words.locale) : null;
  if (typed !== null) return [typed];
  if (typeof value === 'string') return [value];
  if (isCurrencyAmountShape(value)) return value.amount ? [`${value.amount} ${value.currency}`] : [];
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items.map((item) => (isFile(item) ? words.file(item) : String(item)));
}

/** An answer as one CSV cell: files one per line, choices joined by "; ". */
export const answerCell = (value: AnswerValue | undefined, words: AnswerWords = KEY_WORDS, question?: Pick<FormQuestion, 'type' | 'limits'>): string =>
  answerLines(value, words, question).join(isFileAnswer(value) ? '\n' : '; ');
