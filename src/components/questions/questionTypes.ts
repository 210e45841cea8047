import type { AnswerFile, AnswerValue, FormQuestion } from '../../../contract/forms';
import type { RuleMessage } from '../../../contract/schemas/messages';
import type { UploadProgress } from '../../providers/http';

/** Sends one file for a file question and answers what the partner form stored; the builder's preview has none. */
export type UploadAnswerFile = (questionKey: string, file: File, onProgress: (progress: UploadProgress) => void) => Promise<AnswerFile>;

/** Opens a stored file of an answer (the filler and staff's reading pass one; the preview does not). */
export type OpenAnswerFile = (file: AnswerFile) => void;

/** What every question type's component receives. */
export interface QuestionInputProps<V extends AnswerValue = AnswerValue> {
  question: FormQuestion;
  value: V | undefined;
  onAnswer: (key: string, value: AnswerValue) => void;
  /** The translated message to show, or null (shown once touched, or when forced by Submit or the server). */
  error: string | null;
  readOnly: boolean;
  /** The id of the element that takes focus when the filler jumps to this question. */
  inputId: string;
}

/** Errors a screen forces onto questions (Submit's errors, the server's 400), by question key. */
export type QuestionErrors = ReadonlyMap<string, RuleMessage | string>;

/** The DOM id of a question's first input: the filler moves focus there to show an error. */
export const questionInputId = (key: string) => `question-${key}`;

/** Moves focus to a question's input (after Submit found an error there); false when it is not on the page. */
export function focusQuestion(key: string): boolean {
  const input = document.getElementById(questionInputId(key));
  if (!input) return false;
  input.focus();
  input.scrollIntoView?.({ block: 'center' });
  return true;
}
