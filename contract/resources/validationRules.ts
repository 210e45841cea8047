import { rulePatternCostError, rulePatternInvalid } from '../answers/textRule';
import { VALIDATION_RULE_LENGTH_MAX, VALIDATION_RULE_NAME_MAX, VALIDATION_RULE_REGEX_MAX, VALIDATION_RULE_TEXT_MAX } from '../forms';
import { msg } from '../schemas/messages';
import { defineResource, type DtoOf } from './declaration';
import { fields, type AnyRule } from './fields';
import { none } from './scopes';

const length = { min: 0, max: VALIDATION_RULE_LENGTH_MAX, card: 'fact' } as const;

/**
 * Validation rules of text answers (DESIGN.md "Forms"). The regex must compile with re2js (the linear-time engine
 * both sides run) to a program small enough for its longest answer, so the browser and the server refuse the same
 * patterns; it is kept as typed (spaces may be part of it).
 */
export const validationRulesDeclaration = defineResource({
  name: 'validation-rules',
  table: 'validation_rules',
  permission: 'ValidationRules',
  scope: none(),
  fields: {
    name: fields.text(VALIDATION_RULE_NAME_MAX, { required: true, search: true, unique: { message: 'formRulesApi.nameTaken' }, card: 'title' }),
    suggestText: fields.text(VALIDATION_RULE_TEXT_MAX, { emptyText: '', search: true, hideOnMobile: true, card: 'fact' }),
    errorText: fields.text(VALIDATION_RULE_TEXT_MAX, { emptyText: '', search: true, hideOnMobile: true }),
    minLength: fields.integer({
      ...length,
      rules: (schema: AnyRule) =>
        schema.test('min-not-above-max', msg('validation.minAboveMax'), function minNotAboveMax(min) {
          const max = this.parent?.maxLength;
          return min === null || min === undefined || typeof max !== 'number' || (min as number) <= max;
        }),
    }),
    maxLength: fields.integer(length),
    regex: fields.text(VALIDATION_RULE_REGEX_MAX, {
      untrimmed: true,
      hideOnMobile: true,
      rules: (schema: AnyRule) =>
        schema
          .test('regex-compiles', msg('validation.regexInvalid'), (value) => {
            const pattern = value as string | null | undefined;
            return !pattern || pattern.length > VALIDATION_RULE_REGEX_MAX || !rulePatternInvalid(pattern);
          })
          .test('regex-cost', function regexCost(value) {
            const pattern = value as string | null | undefined;
            if (!pattern || pattern.length > VALIDATION_RULE_REGEX_MAX) return true;
            const maxLength: unknown = this.parent?.maxLength;
            const error = rulePatternCostError(pattern, typeof maxLength === 'number' ? maxLength : null);
            return error ? this.createError({ message: { ...error } }) : true;
          }),
    }),
  },
  defaultSort: 'name asc',
  titleField: 'name',
  softDelete: true,
  labels: { prefix: 'validationRules', title: 'app.nav.validationRules', empty: 'admin.empty.validationRules' },
  screen: { icon: 'rule', navigation: { area: 'form-configuration', position: 30 } },
});

export type ValidationRuleDto = DtoOf<typeof validationRulesDeclaration>;
