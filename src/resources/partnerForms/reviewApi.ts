import type { AnswerValue, FormQuestion, PartnerFormDto, PartnerFormReviewRoundDto } from '../../../contract/forms';
import { typedAnswerText } from '../../../contract/answers/answerDisplay';
import { apiPaths } from '../../config/apiPaths';
import { apiRequest } from '../../providers/http';

/** Staff's review per question (issue 24): POST /partner-forms/{id}/review and GET /partner-forms/{id}/reviews. */

const itemPath = (id: string) => apiPaths.resourceItem('partner-forms', id);

/** Keyed under `partner-forms`: a hub change of partner forms refetches the history. */
export const reviewRoundsKey = (id: string) => ['partner-forms', 'reviews', id];

export async function reviewPartnerForm(
  id: string,
  body: { outcome: 'return' | 'accept'; note: string; flags: Record<string, string> },
): Promise<PartnerFormDto> {
  return (await apiRequest<PartnerFormDto>(`${itemPath(id)}/review`, { method: 'POST', body })).data;
}

export async function fetchReviewRounds(id: string, signal?: AbortSignal): Promise<PartnerFormReviewRoundDto[]> {
  return (await apiRequest<PartnerFormReviewRoundDto[]>(`${itemPath(id)}/reviews`, { signal, notify: false })).data ?? [];
}

/**
 * An answer as a line of text for staff reading a review: Yes/No translated, numbers, amounts and dates in the
 * reader's locale, lists joined, files by name.
 */
export function answerLine(
  value: AnswerValue | undefined,
  translate: (key: string) => string,
  question?: Pick<FormQuestion, 'type' | 'limits'>,
  locale = 'en',
): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return translate('partnerForms.review.noAnswer');
  if (typeof value === 'boolean' || question?.type === 'yesNo') return translate(value === true ? 'formFiller.question.yes' : 'formFiller.question.no');
  const typed = question ? typedAnswerText(question, value, locale) : null;
  if (typed !== null) return typed;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : item.name)).join(', ');
  return 'amount' in value ? `${value.amount} ${value.currency}` : value.name;
}
