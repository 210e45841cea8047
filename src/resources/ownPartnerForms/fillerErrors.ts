import { questionsByKey, type AnswerError } from '../../../contract/answers';
import type { FormSection } from '../../../contract/forms';
import type { RuleMessage } from '../../../contract/schemas/messages';
import { ApiError } from '../../providers/http';

/** Where a refused Submit takes the partner: the first error's section and question. */
export interface ErrorJump {
  sectionKey: string;
  questionKey: string;
}

export const firstErrorOf = (errors: readonly AnswerError[]): ErrorJump | null =>
  errors[0] ? { sectionKey: errors[0].sectionKey, questionKey: errors[0].field } : null;

/**
 * The server's field errors (a 400 of Submit or Save Draft) by question key, in form order, with where each
 * question stands; fields that name no question of the form are left out.
 */
export function serverAnswerErrors(error: unknown, sections: readonly FormSection[]): AnswerError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const placed = questionsByKey(sections);
  const order = [...placed.keys()];
  return (error.envelope?.errors ?? [])
    .filter(({ field }) => placed.has(field))
    .sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field))
    .map(({ field, message }) => ({ field, sectionKey: placed.get(field)!.sectionKey, message: message as RuleMessage | string }));
}
