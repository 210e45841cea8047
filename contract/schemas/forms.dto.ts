import * as yup from 'yup';
import {
  FORM_STATUSES,
  ONBOARDING_TRIGGERS,
  QUESTION_TYPES,
  DATE_RELATIVE_LIMITS,
  type GroupRepeat,
  type QuestionCalculation,
  type QuestionPrefill,
  type QuestionLimits,
  type FormDto,
  type FormQuestion,
  type FormSectionsDto,
  type OnboardingRuleDto,
  type ShowCondition,
  type TextRule,
  type ValidationRuleDto,
} from '../forms';
import type { UpcomingPartnerFormsDto } from '../onboardingRules';
import { dtoSchemaOf } from '../resources/schemas';
import { validationRulesDeclaration } from '../resources/validationRules';
import { uuid, timestamp, text, optionalText, version } from './dtoFields';

export const validationRuleDtoSchema = dtoSchemaOf(validationRulesDeclaration) as yup.ObjectSchema<ValidationRuleDto>;

export const onboardingRuleDtoSchema: yup.ObjectSchema<OnboardingRuleDto> = yup.object({
  id: uuid(),
  trigger: yup.string().oneOf(ONBOARDING_TRIGGERS).defined(),
  sourceDefinitionId: yup.string().uuid().nullable().defined(),
  sourceFormName: optionalText(),
  targetDefinitionId: uuid(),
  targetFormName: text(),
  dueDays: yup.number().integer().nullable().defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

export const upcomingPartnerFormsDtoSchema: yup.ObjectSchema<UpcomingPartnerFormsDto> = yup.object({
  partnerId: uuid(),
  partnerName: text(),
  items: yup.array(yup.object({ ruleId: uuid(), after: text(), assign: text() }).defined()).defined(),
});

const formStatus = () => yup.string().oneOf(FORM_STATUSES).defined();

export const formDtoSchema: yup.ObjectSchema<FormDto> = yup.object({
  id: uuid(),
  definitionId: uuid(),
  versionNumber: yup.number().integer().defined(),
  name: text(),
  description: text(),
  type: text(),
  note: text(),
  status: formStatus(),
  totalFields: yup.number().integer().defined(),
  requiredFields: yup.number().integer().defined(),
  publishedAt: yup.string().datetime().nullable().defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

const textRuleSchema: yup.ObjectSchema<TextRule> = yup.object({
  name: text(),
  suggestText: text(),
  errorText: text(),
  minLength: yup.number().integer().nullable().defined(),
  maxLength: yup.number().integer().nullable().defined(),
  regex: optionalText(),
});

const formQuestionFields = {
  key: text(),
  type: yup.string().oneOf(QUESTION_TYPES).defined(),
  label: text(),
  help: text(),
  required: yup.boolean().defined(),
  options: yup.array(text()).defined(),
  ruleId: yup.string().uuid().nullable().defined(),
  rule: textRuleSchema.nullable().defined(),
  // One condition or an AND/OR group of them (contract/forms.ts ShowCondition), as the builder saved it.
  condition: yup.mixed<ShowCondition>().nullable().defined(),
  prefill: yup.mixed<QuestionPrefill>().nullable().optional(),
  calculation: yup.object({ expression: text(), decimals: yup.number().integer().defined(), unit: text() }).nullable().optional() as yup.Schema<
    QuestionCalculation | null | undefined
  >,
  repeat: yup.object({ min: yup.number().integer().defined(), max: yup.number().integer().defined() }).nullable().optional() as yup.Schema<
    GroupRepeat | null | undefined
  >,
  limits: yup
    .object({
      min: yup.string().nullable().defined(),
      max: yup.string().nullable().defined(),
      step: yup.string().nullable().defined(),
      integer: yup.boolean().defined(),
      unit: text(),
      currencies: yup.array(text()).defined(),
      relative: yup.string().oneOf(DATE_RELATIVE_LIMITS).nullable().defined(),
    })
    .nullable()
    .optional() as yup.Schema<QuestionLimits | null | undefined>,
};

/** A group's child: its own children are always empty (one level). */
const formChildQuestionSchema: yup.ObjectSchema<FormQuestion> = yup.object({
  ...formQuestionFields,
  children: yup.array(yup.mixed<FormQuestion>().defined()).max(0).defined(),
});

export const formSectionsDtoSchema: yup.ObjectSchema<FormSectionsDto> = yup.object({
  formId: uuid(),
  status: formStatus(),
  sections: yup
    .array(
      yup.object({
        key: text(),
        title: text(),
        questions: yup.array(yup.object({ ...formQuestionFields, children: yup.array(formChildQuestionSchema).defined() })).defined(),
      }),
    )
    .defined(),
  version: version(),
});
