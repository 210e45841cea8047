import {
  isConditionGroup,
  type AnswerRow,
  type AnswerValue,
  type Answers,
  type FormQuestion,
  type FormSection,
  type QuestionCondition,
  type ShowCondition,
} from '../forms';
import { answerRows, answersInRow, rowAnswer } from './answerRows';
import { isCalendarDate } from './dates';
import { compareDecimals, isCanonicalDecimal } from './decimals';
import { isRepeatingGroup, placedQuestions } from './questions';
import { isCurrencyAmountShape } from './typedAnswers';

/** An answer as the texts a condition compares: yes/no as "yes" / "no", files by name; trimmed, case ignored. */
export function answerTexts(value: AnswerValue | undefined): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'boolean') return [value ? 'yes' : 'no'];
  if (isCurrencyAmountShape(value)) return [value.amount.trim().toLowerCase()].filter((text) => text !== '');
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items
    .map((item) => (typeof item === 'string' ? item : String((item as { name?: unknown }).name ?? '')))
    .map((text) => text.trim().toLowerCase())
    .filter((text) => text !== '');
}

/**
 * "is": the answer is exactly V (one value); "isNot": it is not; "contains": a text answer holds V, or a
 * choice among several includes V. An unanswered question is not V and contains nothing.
 */
export function conditionHolds(condition: QuestionCondition, value: AnswerValue | undefined): boolean {
  if (condition.operator === 'lt' || condition.operator === 'lte' || condition.operator === 'gt' || condition.operator === 'gte')
    return comparisonHolds(condition.operator, condition.value, value);
  const texts = answerTexts(value);
  const wanted = condition.value.trim().toLowerCase();
  const is = texts.length === 1 && texts[0] === wanted;
  if (condition.operator === 'is') return is;
  if (condition.operator === 'isNot') return !is;
  return typeof value === 'string' ? texts.some((text) => text.includes(wanted)) : texts.includes(wanted);
}

/**
 * "lt", "lte", "gt", "gte": a number, an amount (its amount, whatever its currency) or a date compared with V, both
 * written canonically; an unanswered question, or an answer not yet a number or a date, meets none of them.
 */
function comparisonHolds(operator: 'lt' | 'lte' | 'gt' | 'gte', wanted: string, value: AnswerValue | undefined): boolean {
  const answer = isCurrencyAmountShape(value) ? value.amount : value;
  if (typeof answer !== 'string') return false;
  let order: number;
  if (isCalendarDate(answer) && isCalendarDate(wanted)) order = answer < wanted ? -1 : answer > wanted ? 1 : 0;
  else if (isCanonicalDecimal(answer) && isCanonicalDecimal(wanted)) order = compareDecimals(answer, wanted);
  else return false;
  return operator === 'lt' ? order < 0 : operator === 'lte' ? order <= 0 : operator === 'gt' ? order > 0 : order >= 0;
}

/** A validated condition with its own fields only, groups copied in depth. */
export function plainCondition(condition: ShowCondition): ShowCondition {
  if (isConditionGroup(condition)) return { join: condition.join, conditions: condition.conditions.map(plainCondition) };
  return { questionKey: condition.questionKey, operator: condition.operator, value: condition.value };
}

/** The condition with every mention of question `from` renamed `to` (a new question's key edited). */
export function renameConditionKey(condition: ShowCondition | null, from: string, to: string): ShowCondition | null {
  if (!condition) return condition;
  if (isConditionGroup(condition))
    return { ...condition, conditions: condition.conditions.map((inner) => renameConditionKey(inner, from, to) as ShowCondition) };
  return condition.questionKey === from ? { ...condition, questionKey: to } : condition;
}

/** Every single condition of a question's condition, its groups opened, in order. */
export function conditionLeaves(condition: ShowCondition | null | undefined): QuestionCondition[] {
  if (!condition) return [];
  return isConditionGroup(condition) ? condition.conditions.flatMap(conditionLeaves) : [condition];
}

/** The keys shown so far: a Set, or a row's view of one. */
export interface ShownKeys {
  has(key: string): boolean;
}

/**
 * Where repeating groups stand in a version: the groups by key, the group holding each of their children, and the
 * rows' shown children as worked out in this one reading of the answers (a row's depend only on answers before its
 * group, so each row is worked out once however many conditions read it). Make one per reading: `rowsLayout`.
 */
export interface RowsLayout {
  groups: ReadonlyMap<string, FormQuestion>;
  rowsOf: ReadonlyMap<string, FormQuestion>;
  shownInRow: WeakMap<AnswerRow, Set<string>>;
  /** A condition on a repeating group's child read from outside its rows, as worked out once in this reading. */
  anyRow: Map<string, boolean>;
}

const NO_ROWS: RowsLayout = { groups: new Map(), rowsOf: new Map(), shownInRow: new WeakMap(), anyRow: new Map() };

export function rowsLayout(sections: readonly FormSection[]): RowsLayout {
  const groups = new Map<string, FormQuestion>();
  const rowsOf = new Map<string, FormQuestion>();
  for (const section of sections)
    for (const question of section.questions) {
      if (!isRepeatingGroup(question)) continue;
      groups.set(question.key, question);
      for (const child of question.children) rowsOf.set(child.key, question);
    }
  return groups.size ? { groups, rowsOf, shownInRow: new WeakMap(), anyRow: new Map() } : NO_ROWS;
}

/**
 * Whether a condition holds for these answers: a single one on a shown question that meets it, a group by its join.
 * A condition on a repeating group compares its number of rows; on one of its children, from outside the group, it
 * holds when a row's answer meets it ("is not": when no row's answer is the value); from inside a row (`inRow`,
 * the answers then seen from that row), it reads the row's own answer.
 */
export function showConditionHolds(
  condition: ShowCondition,
  answers: Answers,
  visible: ShownKeys,
  layout: RowsLayout = NO_ROWS,
  inRow: string | null = null,
): boolean {
  if (isConditionGroup(condition)) {
    const holds = (inner: ShowCondition) => showConditionHolds(inner, answers, visible, layout, inRow);
    return condition.join === 'and' ? condition.conditions.every(holds) : condition.conditions.some(holds);
  }
  const key = condition.questionKey;
  if (!visible.has(key)) return false;
  if (layout.groups.has(key)) return conditionHolds(condition, String(answerRows(ownAnswer(answers, key)).length));
  const group = layout.rowsOf.get(key);
  if (!group || group.key === inRow) return conditionHolds(condition, ownAnswer(answers, key));
  // The same in every row that reads it (its group's rows depend only on answers before them): worked out once.
  const known = `${key}\u0000${condition.operator}\u0000${condition.value}`;
  const cached = layout.anyRow.get(known);
  if (cached !== undefined) return cached;
  const values = answerRows(ownAnswer(answers, group.key)).flatMap((row) =>
    rowVisibleKeys(group, row, answers, visible, layout).has(key) ? [rowAnswer(row, key)] : [],
  );
  const holds =
    condition.operator === 'isNot'
      ? !values.some((value) => conditionHolds({ ...condition, operator: 'is' }, value))
      : values.some((value) => conditionHolds(condition, value));
  layout.anyRow.set(known, holds);
  return holds;
}

/** The children of a repeating group shown in one row: its conditions read the row's earlier answers and the form's. */
export function rowVisibleKeys(group: FormQuestion, row: AnswerRow, answers: Answers, visible: ShownKeys, layout: RowsLayout): Set<string> {
  const known = layout.shownInRow.get(row);
  if (known) return known;
  const shown = new Set<string>();
  layout.shownInRow.set(row, shown);
  if (!visible.has(group.key)) return shown;
  const children = new Set(group.children.map((child) => child.key));
  const seen = answersInRow(answers, row);
  const inRow: ShownKeys = { has: (key) => shown.has(key) || (!children.has(key) && visible.has(key)) };
  for (const child of group.children) if (!child.condition || showConditionHolds(child.condition, seen, inRow, layout, group.key)) shown.add(child.key);
  return shown;
}

/**
 * The keys of the questions shown for these answers, in one pass in form order: a question is shown when its
 * group is shown, and its condition's question is shown and meets it (conditions look only backwards, so a
 * hidden question hides those that depend on it). A repeating group's children are shown with it, each row
 * then showing those whose conditions hold in it (`rowVisibleKeys`).
 */
export function visibleQuestionKeys(sections: readonly FormSection[], answers: Answers, layout = rowsLayout(sections)): Set<string> {
  const visible = new Set<string>();
  for (const { question, parentKey, rowsOf } of placedQuestions(sections)) {
    if (parentKey !== null && !visible.has(parentKey)) continue;
    const condition = question.condition;
    if (rowsOf === null && condition && !showConditionHolds(condition, answers, visible, layout)) continue;
    visible.add(question.key);
  }
  return visible;
}

/** The answers to the questions shown (what the partner submitted): an answer kept from before a condition hid
 * its question is left out, as the form, the PDF and the progress leave it out; in a row, as the row shows it. */
export function shownAnswers(sections: readonly FormSection[], answers: Answers): Answers {
  const layout = rowsLayout(sections);
  const visible = visibleQuestionKeys(sections, answers, layout);
  return Object.fromEntries(
    Object.entries(answers)
      .filter(([key]) => visible.has(key))
      .map(([key, value]) => {
        const group = layout.groups.get(key);
        if (!group) return [key, value];
        const rows = answerRows(value).map((row) => {
          const shown = rowVisibleKeys(group, row, answers, visible, layout);
          return Object.fromEntries(Object.entries(row).filter(([child]) => shown.has(child)));
        });
        return [key, rows];
      }),
  );
}

/** An answer by key, reading only the object's own keys (a key named "constructor" is not Object's). */
export const ownAnswer = (answers: Answers, key: string): AnswerValue | undefined => (Object.hasOwn(answers, key) ? answers[key] : undefined);
