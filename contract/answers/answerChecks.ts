import {
  FILES_PER_QUESTION_MAX,
  OPTION_MAX,
  OPTIONS_MAX,
  TEXT_ANSWER_MAX,
  TYPED_ANSWER_TEXT_MAX,
  type AnswerFile,
  type AnswerValue,
  type Answers,
  type FormQuestion,
  type FormSection,
} from '../forms';
import type { RuleMessage } from '../schemas/messages';
import { ownAnswer, visibleQuestionKeys } from './conditions';
import { utcToday } from './dates';
import { isAnswerable, isFilledByPartner, placedQuestions } from './questions';
import { textRuleError } from './textRule';
import { signatureShapeError } from './signatures';
import { isCurrencyAmountShape, isTypedQuestionType, typedAnswerError, typedAnswerShapeError } from './typedAnswers';

/** A problem with one answer; `field` is the question key, `sectionKey` where it stands. */
export interface AnswerError {
  field: string;
  sectionKey: string;
  message: RuleMessage | string;
}

const typeError: RuleMessage = { key: 'validation.typeError' };
const tooMany = (max: number): RuleMessage => ({ key: 'validation.maxValue', values: { max } });
const tooLong = (max: number): RuleMessage => ({ key: 'validation.maxLength', values: { max } });

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function fileShapeError(value: unknown): RuleMessage | null {
  if (!isPlainObject(value)) return typeError;
  const file = value as Partial<AnswerFile>;
  const fine =
    typeof file.id === 'string' &&
    file.id.length <= 64 &&
    typeof file.name === 'string' &&
    file.name.length <= 255 &&
    typeof file.type === 'string' &&
    file.type.length <= 255 &&
    typeof file.size === 'number' &&
    Number.isFinite(file.size);
  return fine ? null : typeError;
}

function stringsShapeError(value: unknown, maxItems: number, maxLength: number): RuleMessage | null {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return typeError;
  if (value.length > maxItems) return tooMany(maxItems);
  return value.some((item: string) => item.length > maxLength) ? tooLong(maxLength) : null;
}

/** Whether a value is of the question's type and within the sizes any answer may have (null clears an answer). */
export function answerShapeError(question: Pick<FormQuestion, 'type'>, value: unknown): RuleMessage | null {
  if (value === null) return null;
  switch (question.type) {
    case 'text':
      if (typeof value !== 'string') return typeError;
      return value.length > TEXT_ANSWER_MAX ? tooLong(TEXT_ANSWER_MAX) : null;
    case 'yesNo':
      return typeof value === 'boolean' ? null : typeError;
    case 'select':
      if (typeof value !== 'string') return typeError;
      return value.length > OPTION_MAX ? tooLong(OPTION_MAX) : null;
    case 'multiple':
      return stringsShapeError(value, OPTIONS_MAX, OPTION_MAX);
    case 'file':
      return fileShapeError(value);
    case 'files':
      if (!Array.isArray(value)) return typeError;
      if (value.length > FILES_PER_QUESTION_MAX) return tooMany(FILES_PER_QUESTION_MAX);
      return value.map(fileShapeError).find((error) => error !== null) ?? null;
    case 'calculated':
      // What the browser computed: the server computes it again and keeps its own.
      return typeof value === 'string' && value.length <= TYPED_ANSWER_TEXT_MAX ? null : typeError;
    case 'signature':
      return signatureShapeError(value);
    default:
      return isTypedQuestionType(question.type) ? typedAnswerShapeError(question.type, value) : typeError;
  }
}

/**
 * What a draft may not hold: answers to questions the version does not have (groups included), of the wrong
 * type or oversized. Everything else, invalid answers included, is kept by Save Draft.
 */
export function answerShapeErrors(sections: readonly FormSection[], answers: unknown): AnswerError[] {
  if (!isPlainObject(answers)) return [{ field: 'answers', sectionKey: '', message: typeError }];
  const questions = new Map(placedQuestions(sections).map((placed) => [placed.question.key, placed]));
  const errors: AnswerError[] = [];
  for (const [key, value] of Object.entries(answers)) {
    const placed = questions.get(key);
    if (!placed || !isAnswerable(placed.question)) {
      errors.push({ field: key, sectionKey: '', message: { key: 'validation.unknownQuestion' } });
      continue;
    }
    const error = answerShapeError(placed.question, value);
    if (error) errors.push({ field: key, sectionKey: placed.sectionKey, message: error });
  }
  return errors;
}

/** Whether a question counts as answered: an empty text, list or no value does not; "no" does. */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (isCurrencyAmountShape(value)) return value.amount.trim() !== '';
  return true;
}

/** The first failure of one shown question's answer: required, its rule (text), its options (select, multiple). */
export function answerError(question: FormQuestion, value: AnswerValue | undefined, today = utcToday()): RuleMessage | string | null {
  const shape = answerShapeError(question, value ?? null);
  if (shape) return shape;
  if (question.type === 'calculated') return null;
  if (!isAnswered(value)) return question.required ? { key: 'validation.required' } : null;
  if (question.type === 'text' && question.rule) return textRuleError(question.rule, (value as string).trim());
  if (isTypedQuestionType(question.type)) return typedAnswerError({ ...question, type: question.type }, value as string, today);
  const notOption = (choice: string) => !question.options.includes(choice);
  if (question.type === 'select' && notOption(value as string)) return { key: 'validation.notOption' };
  if (question.type === 'multiple' && (value as string[]).some(notOption)) return { key: 'validation.notOption' };
  return null;
}

/**
 * The one check of a submission, in the browser and on the server: every shown question of every section,
 * in form order (the first error is where the filler jumps). Hidden questions are neither validated nor required.
 */
export function formAnswerErrors(sections: readonly FormSection[], answers: Answers, today = utcToday()): AnswerError[] {
  const visible = visibleQuestionKeys(sections, answers);
  const errors: AnswerError[] = [];
  for (const { question, sectionKey } of placedQuestions(sections)) {
    if (!isAnswerable(question) || !visible.has(question.key)) continue;
    const error = answerError(question, ownAnswer(answers, question.key), today);
    if (error) errors.push({ field: question.key, sectionKey, message: error });
  }
  return errors;
}

export interface SectionProgress {
  key: string;
  title: string;
  total: number;
  required: number;
  filled: number;
  errors: number;
}

/** Shown questions, required ones and answered ones, per section and in all (a partner form's progress). */
export function formProgress(sections: readonly FormSection[], answers: Answers) {
  const visible = visibleQuestionKeys(sections, answers);
  const errors = formAnswerErrors(sections, answers);
  const perSection: SectionProgress[] = sections.map((section) => ({ key: section.key, title: section.title, total: 0, required: 0, filled: 0, errors: 0 }));
  const byKey = new Map(perSection.map((progress) => [progress.key, progress]));
  for (const { question, sectionKey } of placedQuestions(sections)) {
    if (!isFilledByPartner(question) || !visible.has(question.key)) continue;
    const progress = byKey.get(sectionKey) as SectionProgress;
    progress.total += 1;
    if (question.required) progress.required += 1;
    if (isAnswered(ownAnswer(answers, question.key))) progress.filled += 1;
  }
  for (const error of errors) (byKey.get(error.sectionKey) as SectionProgress).errors += 1;
  const sum = (field: 'total' | 'required' | 'filled') => perSection.reduce((total, progress) => total + progress[field], 0);
  return { total: sum('total'), required: sum('required'), filled: sum('filled'), errors: errors.length, sections: perSection };
}
