import { formatDate, formatDecimal, limitsOf } from '../../../contract/answers';
import type { FormQuestion } from '../../../contract/forms';
import type { TranslateMessage } from '../../i18n/translateMessage';

function rangeHint(min: string | null, max: string | null, translate: TranslateMessage): string | null {
  if (min !== null && max !== null) return translate('formFiller.question.between', { min, max });
  if (min !== null) return translate('formFiller.question.atLeast', { min });
  if (max !== null) return translate('formFiller.question.atMost', { max });
  return null;
}

/** What a typed question's limits ask for, in the reader's words and number marks ("Between 0 and 1,000,000"); undefined when none. */
export function limitsHint(question: Pick<FormQuestion, 'type' | 'limits'>, locale: string, translate: TranslateMessage): string | undefined {
  const limits = limitsOf(question);
  const show = (value: string | null) => (value === null ? null : question.type === 'date' ? formatDate(value, locale) : formatDecimal(value, locale));
  const parts = [rangeHint(show(limits.min), show(limits.max), translate)];
  if (question.type === 'number') {
    if (limits.integer) parts.push(translate('formFiller.question.wholeNumbers'));
    if (limits.step !== null) parts.push(translate('formFiller.question.steps', { step: formatDecimal(limits.step, locale) }));
  }
  if (question.type === 'date' && limits.relative)
    parts.push(translate(limits.relative === 'future' ? 'formFiller.question.dateFuture' : 'formFiller.question.datePast'));
  const hint = parts.filter(Boolean).join('; ');
  return hint || undefined;
}
