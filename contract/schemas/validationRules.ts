import * as yup from 'yup';
import { compileRulePattern, rulePatternCostError } from '../answers/textRule';
import { VALIDATION_RULE_LENGTH_MAX, VALIDATION_RULE_NAME_MAX, VALIDATION_RULE_REGEX_MAX, VALIDATION_RULE_TEXT_MAX } from '../forms';
import { maxLength, requiredText, text } from './fields';
import { msg } from './messages';

const length = () =>
  yup
    .number()
    .integer()
    .min(0, msg('validation.minValue'))
    .max(VALIDATION_RULE_LENGTH_MAX, msg('validation.maxValue'))
    .nullable()
    .default(null)
    .transform((value: unknown, original: unknown) => (original === '' ? null : value));

/**
 * A validation rule (DESIGN.md "Forms"): its regex must compile with re2js (the linear-time engine both sides
 * run) to a program small enough for its longest answer (RULE_PATTERN_WORK_MAX), checked here so that the
 * browser and the server refuse the same patterns. The regex is kept as typed:
 * spaces may be part of it.
 */
export const validationRuleSchema = yup.object({
  name: requiredText(VALIDATION_RULE_NAME_MAX),
  suggestText: text(VALIDATION_RULE_TEXT_MAX).default(''),
  errorText: text(VALIDATION_RULE_TEXT_MAX).default(''),
  minLength: length().test('min-not-above-max', msg('validation.minAboveMax'), function minNotAboveMax(min) {
    const max = this.parent?.maxLength;
    return min === null || min === undefined || typeof max !== 'number' || min <= max;
  }),
  maxLength: length(),
  regex: yup
    .string()
    .max(VALIDATION_RULE_REGEX_MAX, maxLength)
    .nullable()
    .default(null)
    .transform((value: unknown) => (value === '' ? null : value))
    .test('regex-compiles', msg('validation.regexInvalid'), (value) => !value || value.length > VALIDATION_RULE_REGEX_MAX || compileRulePattern(value) !== null)
    .test('regex-cost', function regexCost(value) {
      if (!value || value.length > VALIDATION_RULE_REGEX_MAX) return true;
      const maxLength: unknown = this.parent?.maxLength;
      const error = rulePatternCostError(value, typeof maxLength === 'number' ? maxLength : null);
      return error ? this.createError({ message: { ...error } }) : true;
    }),
});

export type ValidationRuleInput = yup.InferType<typeof validationRuleSchema>;
