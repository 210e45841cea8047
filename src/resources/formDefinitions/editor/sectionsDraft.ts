import { NO_LIMITS, type FormQuestion, type FormSection, type QuestionLimits, type QuestionType } from '../../../../contract/forms';
import {
  isAnswerable,
  isCalendarDate,
  isCanonicalDecimal,
  limitsOf,
  partnerFieldFits,
  placedQuestions,
  PREFILLABLE_TYPES,
  renameConditionKey,
  type PlacedQuestion,
} from '../../../../contract/answers';

/**
 * The editor's changes to a version's sections, as pure functions over `FormSection[]` (the document
 * PUT /forms/{id}/sections replaces). Questions are found by key: keys are unique in a version.
 */

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new key (`q_k3x9a2mf`): random, so it never takes the key of a question deleted earlier, whose answers it would inherit. */
export function newKey(prefix: 'q' | 's', taken: ReadonlySet<string>): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    const key = `${prefix}_${Array.from(bytes, (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('')}`;
    if (!taken.has(key)) return key;
  }
}

/** Every key of the version, sections' and questions' alike. */
export function takenKeys(sections: readonly FormSection[]): Set<string> {
  return new Set([...sections.map((section) => section.key), ...placedQuestions(sections).map((placed) => placed.question.key)]);
}

export function blankQuestion(type: QuestionType, key: string): FormQuestion {
  return { key, type, label: '', help: '', required: false, options: [], ruleId: null, rule: null, condition: null, children: [] };
}

export const blankSection = (key: string, title: string): FormSection => ({ key, title, questions: [] });

/** `items` with the one at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  if (from < 0 || from >= copy.length || to < 0 || to >= copy.length) return copy;
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}

/** Where a list of questions stands: a section's own list, or a group's children. */
export interface QuestionList {
  sectionKey: string;
  groupKey: string | null;
}

const mapSection = (sections: readonly FormSection[], key: string, change: (section: FormSection) => FormSection) =>
  sections.map((section) => (section.key === key ? change(section) : section));

function mapList(sections: readonly FormSection[], list: QuestionList, change: (questions: FormQuestion[]) => FormQuestion[]): FormSection[] {
  return mapSection(sections, list.sectionKey, (section) => ({
    ...section,
    questions:
      list.groupKey === null
        ? change(section.questions)
        : section.questions.map((question) => (question.key === list.groupKey ? { ...question, children: change(question.children) } : question)),
  }));
}

export const renameSection = (sections: readonly FormSection[], key: string, title: string) => mapSection(sections, key, (section) => ({ ...section, title }));

export const removeSection = (sections: readonly FormSection[], key: string) => sections.filter((section) => section.key !== key);

export const addQuestion = (sections: readonly FormSection[], list: QuestionList, question: FormQuestion) =>
  mapList(sections, list, (questions) => [...questions, question]);

export const moveQuestion = (sections: readonly FormSection[], list: QuestionList, from: number, to: number) =>
  mapList(sections, list, (questions) => moved(questions, from, to));

export const removeQuestion = (sections: readonly FormSection[], list: QuestionList, key: string) =>
  mapList(sections, list, (questions) => questions.filter((question) => question.key !== key));

/** `items` mapped, or `items` itself when nothing changed: unchanged questions keep their identity, so their cards need not render again. */
function mapKept<T>(items: T[], change: (item: T) => T): T[] {
  let changed = false;
  const next = items.map((item) => {
    const after = change(item);
    changed ||= after !== item;
    return after;
  });
  return changed ? next : items;
}

/** Applies `patch` to the question with this key, wherever it stands. */
export function updateQuestion(sections: readonly FormSection[], key: string, patch: Partial<FormQuestion>): FormSection[] {
  const apply = (question: FormQuestion): FormQuestion => {
    if (question.key === key) return { ...question, ...patch };
    const children = mapKept(question.children, apply);
    return children === question.children ? question : { ...question, children };
  };
  return mapKept([...sections], (section) => {
    const questions = mapKept(section.questions, apply);
    return questions === section.questions ? section : { ...section, questions };
  });
}

/** The limits each type takes (as the contract's structure check allows them). */
export const LIMIT_FIELDS: Partial<Record<QuestionType, readonly (keyof QuestionLimits)[]>> = {
  number: ['min', 'max', 'step', 'integer', 'unit'],
  currency: ['min', 'max', 'currencies'],
  date: ['min', 'max', 'relative'],
};

/** The limits a question keeps as `type`: only those the type takes, a min or max only when it is a value of that type; null when none is left. */
function limitsForType(question: Pick<FormQuestion, 'limits'>, type: QuestionType): QuestionLimits | null {
  const current = limitsOf(question);
  const isValue = type === 'date' ? isCalendarDate : isCanonicalDecimal;
  const kept: QuestionLimits = { ...NO_LIMITS };
  for (const field of LIMIT_FIELDS[type] ?? []) {
    const value = current[field];
    if ((field === 'min' || field === 'max') && !(typeof value === 'string' && isValue(value))) continue;
    Object.assign(kept, { [field]: value });
  }
  return JSON.stringify(kept) === JSON.stringify(NO_LIMITS) ? null : kept;
}

/** What a question keeps when its type changes: options only for choices, a rule only for text, children only for groups, limits that still apply. */
export function withType(question: FormQuestion, type: QuestionType): Partial<FormQuestion> {
  return {
    type,
    options: type === 'select' || type === 'multiple' ? question.options : [],
    ruleId: type === 'text' ? question.ruleId : null,
    rule: type === 'text' ? question.rule : null,
    limits: limitsForType(question, type),
    calculation: type === 'calculated' ? (question.calculation ?? { expression: '', decimals: 2, unit: '' }) : null,
    // A record's field stays only where it still fits; another form's question is checked on its value.
    prefill:
      question.prefill && PREFILLABLE_TYPES.includes(type) && (question.prefill.source === 'form' || partnerFieldFits(question.prefill.field, type))
        ? question.prefill
        : null,
    required: type === 'calculated' ? false : question.required,
    children: type === 'group' ? question.children : [],
    repeat: type === 'group' ? (question.repeat ?? null) : null,
  };
}

/** The questions a condition of `key` may look at: those before it in form order that take an answer (conditions look backwards only). */
export function earlierQuestions(sections: readonly FormSection[], key: string): PlacedQuestion[] {
  const placed = placedQuestions(sections);
  const index = placed.findIndex((entry) => entry.question.key === key);
  return placed.slice(0, Math.max(0, index)).filter((entry) => isAnswerable(entry.question));
}

/** A new question's key changed, and the conditions that look at it with it. */
export function renameQuestionKey(sections: readonly FormSection[], from: string, to: string): FormSection[] {
  const rename = (question: FormQuestion): FormQuestion => ({
    ...question,
    key: question.key === from ? to : question.key,
    condition: renameConditionKey(question.condition, from, to),
    children: question.children.map(rename),
  });
  return sections.map((section) => ({ ...section, questions: section.questions.map(rename) }));
}

/** A question or section just removed, with where it stood: enough to put it back as it was. */
export type Removed =
  { kind: 'question'; list: QuestionList; index: number; question: FormQuestion } | { kind: 'section'; index: number; section: FormSection };

/** The removed item back at its place (its options, rule, condition and a group's children with it); nothing when its list is gone. */
export function restoreRemoved(sections: readonly FormSection[], removed: Removed): FormSection[] {
  const insertAt = <T>(items: readonly T[], index: number, item: T) => [...items.slice(0, index), item, ...items.slice(index)];
  if (removed.kind === 'section') return insertAt(sections, Math.min(removed.index, sections.length), removed.section);
  return mapList(sections, removed.list, (questions) => insertAt(questions, Math.min(removed.index, questions.length), removed.question));
}
