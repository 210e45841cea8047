import type { AnswerFile, AnswerValue } from '../../../contract/forms';
import type { Language } from '../../../contract/http';
import { translate } from '../../core/i18n';

/** How an answer's yes/no and files are written: words of the reader's language, a file by its name (or its link). */
export interface AnswerWords {
  yes: string;
  no: string;
  file: (file: AnswerFile) => string;
}

/** Yes/no in the reader's language, files by name: an answer as a person reads it (the CSV's labels, the PDF). */
export const answerWordsOf = (language: Language, file: AnswerWords['file'] = (f) => f.name): AnswerWords => ({
  yes: translate(language, 'partnerFormsApi.csv.yes'),
  no: translate(language, 'partnerFormsApi.csv.no'),
  file,
});

/** The words of scripts: `yes` / `no` and file names (the CSV with `headers=keys`). */
export const KEY_WORDS: AnswerWords = { yes: 'yes', no: 'no', file: (f) => f.name };

const isFile = (item: unknown): item is AnswerFile => typeof item === 'object' && item !== null && 'id' in item && 'name' in item;

/** A file or files answer (every item a file); an empty list is not. */
export const isFileAnswer = (value: AnswerValue | undefined): boolean => {
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items.length > 0 && items.every(isFile);
};

/**
 * An answer as the lines a person reads: yes/no as words, a text or choice as it is (options are their own
 * text), each of several choices or files on its own line. No line when unanswered.
 */
export function answerLines(value: AnswerValue | undefined, words: AnswerWords): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'boolean') return [value ? words.yes : words.no];
  if (typeof value === 'string') return [value];
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items.map((item) => (isFile(item) ? words.file(item) : String(item)));
}

/** An answer as one CSV cell: files one per line, choices joined by "; ". */
export const answerCell = (value: AnswerValue | undefined, words: AnswerWords = KEY_WORDS): string =>
  answerLines(value, words).join(isFileAnswer(value) ? '\n' : '; ');
