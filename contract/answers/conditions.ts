import { isConditionGroup, type AnswerValue, type Answers, type FormSection, type QuestionCondition, type ShowCondition } from '../forms';
import { isCalendarDate } from './dates';
import { compareDecimals, isCanonicalDecimal } from './decimals';
import { placedQuestions } from './questions';
import { isCurrencyAmountShape } from './typedAnswers';

/** An answer as the texts a condition compares: yes/no as "yes" / "no", files by name; trimmed, case ignored. */
export function answerTexts(value: AnswerValue | undefined): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'boolean') return [value ? 'yes' : 'no'];
  if (isCurrencyAmountShape(value)) return [value.amount.trim().toLowerCase()].filter((text) => text !== '');
  const items = Array.isArray(value) ? value : [value];
  return items
    .map((item) => (typeof item === 'string' ? item : item.name))
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

/** Whether a condition holds for these answers: a single one on a shown question that meets it, a group by its join. */
export function showConditionHolds(condition: ShowCondition, answers: Answers, visible: ReadonlySet<string>): boolean {
  if (isConditionGroup(condition)) {
    const holds = (inner: ShowCondition) => showConditionHolds(inner, answers, visible);
    return condition.join === 'and' ? condition.conditions.every(holds) : condition.conditions.some(holds);
  }
  return visible.has(condition.questionKey) && conditionHolds(condition, ownAnswer(answers, condition.questionKey));
}

/**
 * The keys of the questions shown for these answers, in one pass in form order: a question is shown when its
 * group is shown, and its condition's question is shown and meets it (conditions look only backwards, so a
 * hidden question hides those that depend on it).
 */
export function visibleQuestionKeys(sections: readonly FormSection[], answers: Answers): Set<string> {
  const visible = new Set<string>();
  for (const { question, parentKey } of placedQuestions(sections)) {
    if (parentKey !== null && !visible.has(parentKey)) continue;
    const condition = question.condition;
    if (condition && !showConditionHolds(condition, answers, visible)) continue;
    visible.add(question.key);
  }
  return visible;
}

/** The answers to the questions shown (what the partner submitted): an answer kept from before a condition hid
 * its question is left out, as the form, the PDF and the progress leave it out. */
export function shownAnswers(sections: readonly FormSection[], answers: Answers): Answers {
  const visible = visibleQuestionKeys(sections, answers);
  return Object.fromEntries(Object.entries(answers).filter(([key]) => visible.has(key)));
}

/** An answer by key, reading only the object's own keys (a key named "constructor" is not Object's). */
export const ownAnswer = (answers: Answers, key: string): AnswerValue | undefined => (Object.hasOwn(answers, key) ? answers[key] : undefined);
