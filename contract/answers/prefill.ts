import type { AnswerValue, Answers, FormQuestion, FormSection, PartnerPrefillField } from '../forms';
import { answerShapeError } from './answerChecks';
import { ownAnswer } from './conditions';
import { placedQuestions } from './questions';

/**
 * Prefilled answers (issue 40): a question's first value from the partner record or from the partner's last accepted
 * submission of another form, taken once when the form is assigned (a snapshot: later edits of the record do not move
 * it). A locked one the partner cannot change; an unlocked one is the partner's to edit like any answer.
 */

/** The question types a partner field may fill: any text, and the typed question of the field's own kind. */
const FIELD_TYPES: Record<PartnerPrefillField, readonly string[]> = {
  name: ['text'],
  email: ['text', 'email'],
  type: ['text'],
  address: ['text'],
  phone: ['text', 'phone'],
  contactPhone: ['text', 'phone'],
  website: ['text', 'url'],
};

/** The types another form's answer may fill: the same as the question's (checked again on the value itself). */
export const PREFILLABLE_TYPES: readonly string[] = ['text', 'email', 'phone', 'url', 'number', 'currency', 'date', 'yesNo', 'select'];

/** Whether a partner field may fill a question of this type. */
export const partnerFieldFits = (field: PartnerPrefillField, type: string) => FIELD_TYPES[field].includes(type);

/** The partner record's values by field, as the server reads them. */
export type PartnerPrefillValues = Partial<Record<PartnerPrefillField, string | null>>;

/** The last accepted answers of the partner's other forms, by definition id. */
export type AcceptedAnswers = ReadonlyMap<string, Answers>;

/**
 * The first answers of a newly assigned form: each prefilled question's value where its source has one that fits
 * the question (a value of another type, or empty, is left out).
 */
export function prefilledAnswers(sections: readonly FormSection[], partner: PartnerPrefillValues, accepted: AcceptedAnswers): Answers {
  const answers: Answers = {};
  for (const { question } of placedQuestions(sections)) {
    const value = prefillValue(question, partner, accepted);
    if (value !== undefined && answerShapeError(question, value) === null)
      Object.defineProperty(answers, question.key, { value, enumerable: true, writable: true, configurable: true });
  }
  return answers;
}

function prefillValue(question: FormQuestion, partner: PartnerPrefillValues, accepted: AcceptedAnswers): AnswerValue | undefined {
  const prefill = question.prefill;
  if (!prefill) return undefined;
  if (prefill.source === 'partner') {
    const value = Object.hasOwn(partner, prefill.field) ? partner[prefill.field] : null;
    return partnerFieldFits(prefill.field, question.type) && value ? value : undefined;
  }
  const answers = accepted.get(prefill.definitionId);
  const value = answers ? ownAnswer(answers, prefill.questionKey) : undefined;
  return value === null ? undefined : value;
}

/** The keys of the locked prefilled questions whose answer differs between two versions of the answers. */
export function changedLockedAnswers(sections: readonly FormSection[], before: Answers, after: Answers): string[] {
  return placedQuestions(sections)
    .filter(({ question }) => question.prefill?.locked)
    .map(({ question }) => question.key)
    .filter((key) => JSON.stringify(ownAnswer(before, key) ?? null) !== JSON.stringify(ownAnswer(after, key) ?? null));
}

/** The definitions whose last accepted answers a version's prefills read. */
export const prefillDefinitionIds = (sections: readonly FormSection[]): string[] => [
  ...new Set(placedQuestions(sections).flatMap(({ question }) => (question.prefill?.source === 'form' ? [question.prefill.definitionId.toLowerCase()] : []))),
];
