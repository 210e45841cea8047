import * as yup from 'yup';
import { ONBOARDING_TRIGGERS } from '../forms';
import { id, required } from './fields';
import { msg } from './messages';
import { dueDaysField } from './partnerForms';

/**
 * An onboarding rule: "when a partner is created, assign X" (no source) or "when a partner submits A, assign B"
 * (a source that is not the target). Form definitions are named by their ids.
 */
export const onboardingRuleSchema = yup.object({
  trigger: yup.string().oneOf(ONBOARDING_TRIGGERS, msg('validation.typeError')).required(required),
  sourceDefinitionId: id()
    .nullable()
    .default(null)
    .transform((value: unknown) => (value === '' ? null : value))
    .when('trigger', {
      is: 'formSubmitted',
      then: (schema) => schema.required(required),
      otherwise: (schema) => schema.test('no-source', msg('formRulesApi.noSourceOnCreation'), (value) => !value),
    })
    .test('not-target', msg('formRulesApi.sameSourceAndTarget'), function notTarget(value) {
      return !value || value !== this.parent?.targetDefinitionId;
    }),
  targetDefinitionId: id().required(required),
  /** The form it assigns is due this many days after the assignment (1 to 365); none when null. */
  dueDays: dueDaysField(),
});

export type OnboardingRuleInput = yup.InferType<typeof onboardingRuleSchema>;

/** `GET /next-partner-forms/upcoming?partnerId=&pageNumber=&pageSize=`. */
export const upcomingQuerySchema = yup.object({
  partnerId: id(),
  pageNumber: yup.number().integer().min(1, msg('validation.minValue')).max(1_000_000, msg('validation.maxValue')).default(1),
  pageSize: yup.number().integer().min(1, msg('validation.minValue')).max(100, msg('validation.maxValue')).default(10),
});
