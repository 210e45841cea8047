import { formatDate, formatDecimal } from '../../../../contract/answers';
import { isComparison } from './conditionDraft';
import { isConditionGroup, type ConditionOperator, type FormQuestion, type ShowCondition } from '../../../../contract/forms';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type NamedQuestion = Pick<FormQuestion, 'key' | 'label' | 'type'>;

/** The catalogue key of an operator's words ("is greater than"): the builder's own for is / is not / contains. */
export const operatorLabelKey = (operator: ConditionOperator) =>
  isComparison(operator) ? `formConditions.operators.${operator}` : `formBuilder.condition.${operator}`;

/** A condition's value as the reader writes it: yes/no in words, numbers and dates in the locale's marks. */
function valueText(question: NamedQuestion | undefined, value: string, translate: Translate, locale: string): string {
  if (value.trim() === '') return translate('formConditions.sentence.noValue');
  if (question?.type === 'yesNo' && (value === 'yes' || value === 'no')) return translate(`formConditions.sentence.${value}`);
  if (question?.type === 'number' || question?.type === 'currency') return formatDecimal(value, locale);
  if (question?.type === 'date') return formatDate(value, locale);
  return value;
}

function phrase(condition: ShowCondition, questions: ReadonlyMap<string, NamedQuestion>, translate: Translate, locale: string, nested: boolean): string {
  if (isConditionGroup(condition)) {
    const parts = condition.conditions.map((inner) => phrase(inner, questions, translate, locale, true));
    const joined = parts.join(` ${translate(`formConditions.sentence.${condition.join}`)} `);
    return nested && parts.length > 1 ? `(${joined})` : joined;
  }
  const question = questions.get(condition.questionKey);
  return translate('formConditions.sentence.single', {
    question: question?.label || condition.questionKey,
    operator: translate(operatorLabelKey(condition.operator)),
    value: valueText(question, condition.value, translate, locale),
  });
}

/**
 * A question's condition as one sentence in the reader's language, questions named by their labels:
 * "Shown when “Annual turnover” is greater than 1,000,000 and (“Foreign bank?” is yes or “SWIFT code” contains VN)".
 */
export function conditionSentence(condition: ShowCondition, questions: ReadonlyMap<string, NamedQuestion>, translate: Translate, locale: string): string {
  return translate('formConditions.sentence.shownWhen', { condition: phrase(condition, questions, translate, locale, false) });
}
