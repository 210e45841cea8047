import type { AnswerRow, AnswerValue, Answers, FormQuestion, FormSection, TextRule } from '../forms';
import { rowWith } from './answerRows';
import { isAnswered, answerShapeError } from './answerChecks';
import { ownAnswer } from './conditions';
import { isAnswerable, isRepeatingGroup, questionsByKey } from './questions';
import { isTypedQuestionType, limitsOf } from './typedAnswers';

/** A question named in a list of changes. */
export interface ChangedQuestion {
  key: string;
  label: string;
}

/** What a newer version changes for one partner form (the staff screen shows it before a migration). */
export interface VersionChanges {
  /** Required in the newer version and new, or required now and optional before. */
  addedRequired: ChangedQuestion[];
  /** Gone from the newer version; `answered`: this partner's answer to it goes to the retired answers. */
  removed: (ChangedQuestion & { answered: boolean })[];
  /** Text questions whose validation rule is another (or another copy of it), typed ones whose limits differ. */
  changedRules: ChangedQuestion[];
  /** Kept by key but of another type: an answer of the old type cannot be carried over. */
  changedTypes: ChangedQuestion[];
}

/** GET /partner-forms/{id}/version-changes: the partner form's version, the definition's Ready one (null: none newer). */
export interface VersionChangesDto extends VersionChanges {
  fromForm: { id: string; versionNumber: number };
  toForm: { id: string; versionNumber: number } | null;
}

const RULE_FIELDS = ['minLength', 'maxLength', 'regex', 'errorText', 'suggestText'] as const satisfies readonly (keyof TextRule)[];

const sameRule = (a: TextRule | null, b: TextRule | null) => (!a || !b ? a === b : RULE_FIELDS.every((field) => a[field] === b[field]));

const sameLimits = (a: FormQuestion, b: FormQuestion) => JSON.stringify(limitsOf(a)) === JSON.stringify(limitsOf(b));

const named = (question: FormQuestion): ChangedQuestion => ({ key: question.key, label: question.label });

/**
 * The difference between two versions of one definition for a partner form holding `answers`, by question key
 * (keys survive versions), each list in the order of the version the questions stand in.
 */
export function versionChanges(from: readonly FormSection[], to: readonly FormSection[], answers: Answers = {}): VersionChanges {
  const before = questionsByKey(from);
  const after = questionsByKey(to);
  const changes: VersionChanges = { addedRequired: [], removed: [], changedRules: [], changedTypes: [] };
  for (const [key, { question }] of after) {
    const old = before.get(key)?.question;
    if (isAnswerable(question) && question.required && !(old && isAnswerable(old) && old.required)) changes.addedRequired.push(named(question));
    if (!old) continue;
    if (old.type !== question.type || isRepeatingGroup(old) !== isRepeatingGroup(question)) changes.changedTypes.push(named(question));
    else if (question.type === 'text' && !sameRule(old.rule, question.rule)) changes.changedRules.push(named(question));
    else if (isTypedQuestionType(question.type) && !sameLimits(old, question)) changes.changedRules.push(named(question));
  }
  for (const [key, { question }] of before) {
    if (!after.has(key) && isAnswerable(question)) changes.removed.push({ ...named(question), answered: isAnswered(ownAnswer(answers, key)) });
  }
  return changes;
}

/**
 * Answers moved to a newer version by key: those its questions take (same key, an answerable question, a value
 * of its type) are carried; the others are returned as `retired`, to be kept, never dropped.
 */
export function carryAnswers(answers: Answers, to: readonly FormSection[]) {
  const questions = questionsByKey(to);
  const carried: [string, AnswerValue][] = [];
  const retired: [string, AnswerValue][] = [];
  // A group answered once before and in rows now: its children's answers become its first row.
  const firstRows = new Map<string, AnswerRow>();
  for (const [key, value] of Object.entries(answers)) {
    const placed = questions.get(key);
    const question = placed?.question;
    const fits = question && isAnswerable(question) && answerShapeError(question, value) === null;
    if (fits && placed.rowsOf !== null && !Object.hasOwn(answers, placed.rowsOf)) {
      firstRows.set(placed.rowsOf, rowWith(firstRows.get(placed.rowsOf) ?? {}, key, value));
      continue;
    }
    (fits && placed.rowsOf === null ? carried : retired).push([key, value]);
  }
  for (const [groupKey, row] of firstRows) carried.push([groupKey, [row]]);
  // fromEntries defines own keys: an answer keyed "__proto__" stays an answer.
  return { carried: Object.fromEntries(carried) as Answers, retired: Object.fromEntries(retired) as Answers };
}
