import type { AnswerRow, AnswerValue, Answers, FormQuestion } from '../forms';
import { isAnswerable, isRepeatingGroup, type PlacedQuestion } from './questions';

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

/**
 * The question an answer's path names: a question with an answer of its own, or a child of a repeating group in
 * one of its rows (`group[row].child`, row under the group's maximum); null for anything else.
 */
export function answerPathQuestion(questions: ReadonlyMap<string, PlacedQuestion>, path: string): FormQuestion | null {
  const placed = questions.get(path);
  if (placed) return isAnswerable(placed.question) && placed.rowsOf === null ? placed.question : null;
  const cell = parseRowCellPath(path);
  const group = cell && questions.get(cell.groupKey)?.question;
  if (!cell || !group || !isRepeatingGroup(group) || cell.row >= (group.repeat?.max ?? 0)) return null;
  const child = group.children.find((each) => each.key === cell.childKey);
  return child && isAnswerable(child) ? child : null;
}

/** The answer a path names: a question's own, or a row's answer to a child. */
export function answerAtPath(answers: Answers, path: string): AnswerValue | undefined {
  if (Object.hasOwn(answers, path)) return answers[path];
  const cell = parseRowCellPath(path);
  const row = cell ? answerRows(Object.hasOwn(answers, cell.groupKey) ? answers[cell.groupKey] : undefined)[cell.row] : undefined;
  return row && cell ? rowAnswer(row, cell.childKey) : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The paths whose answers differ between two sets of answers: a question's key, or, when a list of objects keeps
 * its length (a repeating group's rows), each differing row answer's path (so a flagged row answer can change alone).
 */
export function changedAnswerPaths(before: Answers, after: Answers): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed: string[] = [];
  for (const key of keys) {
    const [a, b] = [Object.hasOwn(before, key) ? before[key] : undefined, Object.hasOwn(after, key) ? after[key] : undefined];
    if (same(a, b)) continue;
    const [rowsA, rowsB] = [answerRows(a), answerRows(b)];
    if (!Array.isArray(a) || !Array.isArray(b) || rowsA.length !== a.length || rowsB.length !== b.length || a.length !== b.length) {
      changed.push(key);
      continue;
    }
    rowsA.forEach((row, index) => {
      for (const child of new Set([...Object.keys(row), ...Object.keys(rowsB[index])]))
        if (!same(rowAnswer(row, child), rowAnswer(rowsB[index], child))) changed.push(rowCellPath(key, index, child));
    });
  }
  return changed;
}

/** The question key a path starts with: the group of a row answer's path, else the path itself. */
export const pathQuestionKey = (path: string) => parseRowCellPath(path)?.groupKey ?? path;
