import type { AnswerValue, Answers, FormSection, QuestionCondition } from '../forms';
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
  const texts = answerTexts(value);
  const wanted = condition.value.trim().toLowerCase();
  const is = texts.length === 1 && texts[0] === wanted;
  if (condition.operator === 'is') return is;
  if (condition.operator === 'isNot') return !is;
  return typeof value === 'string' ? texts.some((text) => text.includes(wanted)) : texts.includes(wanted);
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
    if (condition && !(visible.has(condition.questionKey) && conditionHolds(condition, ownAnswer(answers, condition.questionKey)))) continue;
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
