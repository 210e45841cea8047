import type { AnswerRow, AnswerValue, Answers } from '../forms';

/**
 * Repeating groups' answers (issue 40): a repeating group's answer is its rows, each row its children's answers by
 * child key. A row's answer is named, where one question's answer would be, by its path: `group[row].child`
 * (rows counted from 0), in errors, review flags and a returned round's questions.
 */

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows of a repeating group's answer, or none when it holds something else. */
export const answerRows = (value: AnswerValue | undefined): AnswerRow[] => (Array.isArray(value) && value.every(isPlainObject) ? (value as AnswerRow[]) : []);

/** A row's answer by child key, reading only the row's own keys. */
export const rowAnswer = (row: AnswerRow, key: string): AnswerValue | undefined => (Object.hasOwn(row, key) ? row[key] : undefined);

/** The path naming one row's answer to a child question. */
export const rowCellPath = (groupKey: string, row: number, childKey: string) => `${groupKey}[${row}].${childKey}`;

const CELL_PATH = /^([A-Za-z0-9_-]{1,64})\[(\d{1,2})\]\.([A-Za-z0-9_-]{1,64})$/;

/** A row answer's path read back, or null when the text is not one. */
export function parseRowCellPath(path: string): { groupKey: string; row: number; childKey: string } | null {
  const match = CELL_PATH.exec(path);
  return match ? { groupKey: match[1], row: Number(match[2]), childKey: match[3] } : null;
}

/** Answers as seen from inside a row: the form's answers with the row's own over them (own keys, "__proto__" too). */
export function answersInRow(answers: Answers, row: AnswerRow): Answers {
  const seen: Answers = Object.fromEntries(Object.entries(answers));
  for (const [key, value] of Object.entries(row)) Object.defineProperty(seen, key, { value, enumerable: true, writable: true, configurable: true });
  return seen;
}

/** A row with one answer set (a copy: rows are never changed in place). */
export function rowWith(row: AnswerRow, key: string, value: AnswerValue): AnswerRow {
  const next: AnswerRow = Object.fromEntries(Object.entries(row));
  Object.defineProperty(next, key, { value, enumerable: true, writable: true, configurable: true });
  return next;
}

/** A row without one answer (a copy). */
export const rowWithout = (row: AnswerRow, key: string): AnswerRow => Object.fromEntries(Object.entries(row).filter(([own]) => own !== key));
