import {
  REPEAT_ROWS_MAX,
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
import { answerRows, rowAnswer, rowCellPath } from './answerRows';
import { ownAnswer, rowsLayout, rowVisibleKeys, visibleQuestionKeys } from './conditions';
import { utcToday } from './dates';
import { isAnswerable, isFilledByPartner, isRepeatingGroup, placedQuestions } from './questions';
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

type ShapedQuestion = Pick<FormQuestion, 'type'> & Partial<Pick<FormQuestion, 'key' | 'repeat' | 'children'>>;

/**
 * A repeating group's rows: a list of at most its maximum of rows, each an object holding answers to its children
 * only, each of its child's type and sizes. Each problem named by its path (`group[row].child`).
 */
export function rowsShapeErrors(group: ShapedQuestion, value: unknown): { path: string; message: RuleMessage }[] {
  const key = group.key ?? '';
  if (!Array.isArray(value)) return [{ path: key, message: typeError }];
  const max = Math.min(group.repeat?.max ?? REPEAT_ROWS_MAX, REPEAT_ROWS_MAX);
  if (value.length > max) return [{ path: key, message: { key: 'validation.maxRows', values: { max } } }];
  const children = new Map((group.children ?? []).map((child) => [child.key, child]));
  const errors: { path: string; message: RuleMessage }[] = [];
  value.forEach((row: unknown, index) => {
    if (!isPlainObject(row)) return errors.push({ path: `${key}[${index}]`, message: typeError });
    for (const [childKey, answer] of Object.entries(row)) {
      const child = children.get(childKey);
      const error = !child || !isAnswerable(child) ? { key: 'validation.unknownQuestion' } : answerShapeError(child, answer);
      if (error) errors.push({ path: rowCellPath(key, index, childKey), message: error });
    }
  });
  return errors;
}

/** Whether a value is of the question's type and within the sizes any answer may have (null clears an answer). */
export function answerShapeError(question: ShapedQuestion, value: unknown): RuleMessage | null {
  if (value === null) return null;
  switch (question.type) {
    case 'group':
      return isRepeatingGroup(question) ? (rowsShapeErrors(question, value)[0]?.message ?? null) : typeError;
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
    if (!placed || !isAnswerable(placed.question) || placed.rowsOf !== null) {
      errors.push({ field: key, sectionKey: '', message: { key: 'validation.unknownQuestion' } });
      continue;
    }
    if (isRepeatingGroup(placed.question)) {
      for (const { path, message } of rowsShapeErrors(placed.question, value)) errors.push({ field: path, sectionKey: placed.sectionKey, message });
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
  if (isRepeatingGroup(question)) {
    const min = question.repeat?.min ?? 0;
    return answerRows(value).length < min ? { key: 'validation.minRows', values: { min } } : null;
  }
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
  const layout = rowsLayout(sections);
  const visible = visibleQuestionKeys(sections, answers, layout);
  const errors: AnswerError[] = [];
  for (const { question, sectionKey, rowsOf } of placedQuestions(sections)) {
    if (!isAnswerable(question) || rowsOf !== null || !visible.has(question.key)) continue;
    const value = ownAnswer(answers, question.key);
    const error = answerError(question, value, today);
    if (error) errors.push({ field: question.key, sectionKey, message: error });
    if (!isRepeatingGroup(question) || error) continue;
    answerRows(value).forEach((row, index) => {
      const shown = rowVisibleKeys(question, row, answers, visible, layout);
      for (const child of question.children) {
        if (!isAnswerable(child) || !shown.has(child.key)) continue;
        const cellError = answerError(child, rowAnswer(row, child.key), today);
        if (cellError) errors.push({ field: rowCellPath(question.key, index, child.key), sectionKey, message: cellError });
      }
    });
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
  // A repeating group counts once (required when it needs a row), answered when it has its least rows, one at least.
  const required = (question: FormQuestion) => (isRepeatingGroup(question) ? (question.repeat?.min ?? 0) > 0 : question.required);
  const answered = (question: FormQuestion, value: AnswerValue | undefined) =>
    isRepeatingGroup(question) ? answerRows(value).length >= Math.max(question.repeat?.min ?? 0, 1) : isAnswered(value);
  const perSection: SectionProgress[] = sections.map((section) => ({ key: section.key, title: section.title, total: 0, required: 0, filled: 0, errors: 0 }));
  const byKey = new Map(perSection.map((progress) => [progress.key, progress]));
  for (const { question, sectionKey, rowsOf } of placedQuestions(sections)) {
    if (!isFilledByPartner(question) || rowsOf !== null || !visible.has(question.key)) continue;
    const progress = byKey.get(sectionKey) as SectionProgress;
    progress.total += 1;
    if (required(question)) progress.required += 1;
    if (answered(question, ownAnswer(answers, question.key))) progress.filled += 1;
  }
  for (const error of errors) (byKey.get(error.sectionKey) as SectionProgress).errors += 1;
  const sum = (field: 'total' | 'required' | 'filled') => perSection.reduce((total, progress) => total + progress[field], 0);
  return { total: sum('total'), required: sum('required'), filled: sum('filled'), errors: errors.length, sections: perSection };
}
