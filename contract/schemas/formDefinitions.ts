import * as yup from 'yup';
import type { FieldError } from '../envelope';
import {
  COMPARISON_OPERATORS,
  CONDITION_DEPTH_MAX,
  CONDITION_JOINS,
  CONDITION_OPERATORS,
  CONDITION_VALUE_MAX,
  CONDITIONS_PER_QUESTION_MAX,
  isConditionGroup,
  CURRENCIES_PER_QUESTION_MAX,
  DATE_RELATIVE_LIMITS,
  NO_LIMITS,
  NUMBER_FRACTION_DIGITS_MAX,
  PARTNER_PREFILL_FIELDS,
  TYPED_ANSWER_TEXT_MAX,
  UNIT_MAX,
  FORM_DESCRIPTION_MAX,
  FORM_NAME_MAX,
  FORM_NOTE_MAX,
  FORM_STATUSES,
  FORM_TYPE_MAX,
  OPTION_MAX,
  OPTIONS_MAX,
  QUESTION_HELP_MAX,
  QUESTION_KEY_MAX,
  QUESTION_LABEL_MAX,
  QUESTION_TYPES,
  QUESTIONS_PER_SECTION_MAX,
  REPEAT_ROWS_MAX,
  SECTION_TITLE_MAX,
  SECTIONS_MAX,
  type FormQuestion,
  type FormSection,
  type QuestionCondition,
  type QuestionLimits,
  type QuestionPrefill,
  type ShowCondition,
} from '../forms';
import { calculationReferences, CALCULATION_EXPRESSION_MAX, parseCalculation } from '../answers/calculationSyntax';
import { isSupportedCurrency } from '../answers/currencies';
import { partnerFieldFits, PREFILLABLE_TYPES } from '../answers/prefill';
import { isCalendarDate } from '../answers/dates';
import { compareDecimals, isCanonicalDecimal } from '../answers/decimals';
import { id, required, requiredText, text } from './fields';
import { msg } from './messages';
import { searchRequestSchema } from './search';

/** Section and question keys: stable names answers are kept by, safe in URLs and CSV headers. */
export const FORM_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Keys a JSON body cannot carry to the server (its parser refuses `__proto__`) or that reach an object's prototype
 * where answers and comments are kept by key: a question so named could never be answered.
 */
export const RESERVED_FORM_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

const oneOf = <T extends string>(values: readonly T[]) => yup.string().oneOf([...values], msg('validation.typeError'));

/** POST /forms, PUT and PATCH /forms/{id}: the fields of a version. */
export const formFieldsSchema = yup.object({
  name: requiredText(FORM_NAME_MAX),
  description: text(FORM_DESCRIPTION_MAX).default(''),
  type: text(FORM_TYPE_MAX).default(''),
  note: text(FORM_NOTE_MAX).default(''),
});

export type FormFieldsInput = yup.InferType<typeof formFieldsSchema>;

/** POST /forms/search: paging, keyword (the name, case and diacritics ignored), the status and the definition (its versions). */
export const formSearchSchema = searchRequestSchema.shape({ status: oneOf(FORM_STATUSES), definitionId: id() });

export type FormSearchInput = yup.InferType<typeof formSearchSchema>;

const formKey = () =>
  yup
    .string()
    .required(required)
    .max(QUESTION_KEY_MAX, msg('validation.maxLength'))
    .matches(FORM_KEY_PATTERN, { message: msg('formDefinitionsApi.keyInvalid'), excludeEmptyString: true })
    .notOneOf(RESERVED_FORM_KEYS, msg('formDefinitionsApi.keyReserved'));

/** Required in a single condition (no `join`), absent from a group. */
const inLeaf = <S extends yup.StringSchema<string | undefined>>(schema: S) =>
  schema.when('join', { is: (join: unknown) => !join, then: (leaf) => leaf.required(required), otherwise: (group) => group.strip() });

/**
 * One condition, or a group of them: one object shape whose fields are all bounded, so the check before yup bounds
 * its size (a group's list holds at most CONDITIONS_PER_QUESTION_MAX), nested CONDITION_DEPTH_MAX levels at most
 * (the deepest level takes single conditions only, a group there being refused for its missing question).
 */
const conditionNodeSchema = (depth: number): yup.ObjectSchema<Record<string, unknown>> => {
  const deepest = depth >= CONDITION_DEPTH_MAX;
  // At the deepest level only a single condition is read: its fields are required whatever else the object holds.
  const leaf = <S extends yup.StringSchema<string | undefined>>(schema: S) => (deepest ? schema.required(required) : inLeaf(schema));
  const fields: Record<string, yup.AnySchema> = {
    questionKey: leaf(
      yup
        .string()
        .max(QUESTION_KEY_MAX, msg('validation.maxLength'))
        .matches(FORM_KEY_PATTERN, { message: msg('formDefinitionsApi.keyInvalid'), excludeEmptyString: true })
        .notOneOf(RESERVED_FORM_KEYS, msg('formDefinitionsApi.keyReserved')),
    ),
    operator: leaf(oneOf(CONDITION_OPERATORS)),
    value: leaf(text(CONDITION_VALUE_MAX)),
  };
  if (!deepest) {
    fields.join = oneOf(CONDITION_JOINS).optional();
    fields.conditions = yup
      .array(conditionNodeSchema(depth + 1))
      .max(CONDITIONS_PER_QUESTION_MAX, msg('validation.maxItems'))
      .when('join', {
        is: (join: unknown) => !!join,
        then: (list) => list.min(1, msg('validation.minValue')).required(required),
        otherwise: (list) => list.strip(),
      });
  }
  return yup.object(fields) as yup.ObjectSchema<Record<string, unknown>>;
};

const conditionSchema = (conditionNodeSchema(1) as unknown as yup.ObjectSchema<ShowCondition>)
  .nullable()
  .default(null) as unknown as yup.Schema<ShowCondition | null>;

/** A typed question's limits: texts here, their meaning checked by `formStructureErrors` for the question's type. */
const limitsSchema = yup
  .object({
    min: text(TYPED_ANSWER_TEXT_MAX).nullable().default(null),
    max: text(TYPED_ANSWER_TEXT_MAX).nullable().default(null),
    step: text(TYPED_ANSWER_TEXT_MAX).nullable().default(null),
    integer: yup.boolean().default(false),
    unit: text(UNIT_MAX).default(''),
    currencies: yup.array(requiredText(8)).max(CURRENCIES_PER_QUESTION_MAX, msg('validation.maxItems')).default([]),
    relative: oneOf(DATE_RELATIVE_LIMITS).nullable().default(null),
  })
  .nullable()
  .default(null);

/** A calculated question's expression, checked by `formStructureErrors` against the questions before it. */
const calculationSchema = yup
  .object({
    expression: requiredText(CALCULATION_EXPRESSION_MAX),
    decimals: yup
      .number()
      .integer(msg('validation.integer'))
      .min(0, msg('validation.minValue'))
      .max(NUMBER_FRACTION_DIGITS_MAX, msg('validation.maxValue'))
      .default(2),
    unit: text(UNIT_MAX).default(''),
  })
  .nullable()
  .default(null);

/** Where a question's first value comes from; which fields a source needs is checked by `formStructureErrors`. */
const prefillSchema = yup
  .object({
    source: oneOf(['partner', 'form'] as const).required(required),
    field: oneOf(PARTNER_PREFILL_FIELDS).nullable().default(null),
    definitionId: id().nullable().default(null),
    questionKey: yup
      .string()
      .max(QUESTION_KEY_MAX, msg('validation.maxLength'))
      .matches(FORM_KEY_PATTERN, msg('formDefinitionsApi.keyInvalid'))
      .nullable()
      .default(null),
    locked: yup.boolean().default(false),
  })
  .nullable()
  .default(null);

/** A question's own fields; `rule` (the server's copy of its validation rule) is not the client's to send. */
const questionFields = {
  key: formKey(),
  type: oneOf(QUESTION_TYPES).required(required),
  label: requiredText(QUESTION_LABEL_MAX),
  help: text(QUESTION_HELP_MAX).default(''),
  required: yup.boolean().default(false),
  options: yup.array(requiredText(OPTION_MAX)).max(OPTIONS_MAX, msg('validation.maxValue')).default([]),
  ruleId: id().nullable().default(null),
  condition: conditionSchema,
  limits: limitsSchema,
  calculation: calculationSchema,
  prefill: prefillSchema,
};

/** A group's child: one level only, so it has no children of its own. */
const childQuestionSchema = yup.object(questionFields);

/** A repeating group's rows: at least `min` (0 to 50), at most `max` (1 to 50). */
const repeatSchema = yup
  .object({
    min: yup.number().integer(msg('validation.integer')).min(0, msg('validation.minValue')).max(REPEAT_ROWS_MAX, msg('validation.maxValue')).default(0),
    max: yup
      .number()
      .integer(msg('validation.integer'))
      .min(1, msg('validation.minValue'))
      .max(REPEAT_ROWS_MAX, msg('validation.maxValue'))
      .default(REPEAT_ROWS_MAX),
  })
  .nullable()
  .default(null);

const questionSchema = yup.object({
  ...questionFields,
  repeat: repeatSchema,
  children: yup.array(childQuestionSchema).max(QUESTIONS_PER_SECTION_MAX, msg('validation.maxValue')).default([]),
});

const sectionSchema = yup.object({
  key: formKey(),
  title: requiredText(SECTION_TITLE_MAX),
  questions: yup.array(questionSchema).max(QUESTIONS_PER_SECTION_MAX, msg('validation.maxValue')).default([]),
});

/** PUT /forms/{id}/sections: the whole document; `formStructureErrors` checks what a schema cannot. */
export const formSectionsSchema = yup.object({
  sections: yup.array(sectionSchema).max(SECTIONS_MAX, msg('validation.maxValue')).required(required),
});

export type FormSectionsInput = yup.InferType<typeof formSectionsSchema>;

/** A question as the structure checks read it: what the schema validated, children optional. */
type CheckedQuestion = Pick<FormQuestion, 'key' | 'type' | 'options' | 'ruleId' | 'condition' | 'limits' | 'calculation' | 'prefill' | 'repeat'> & {
  children?: readonly CheckedQuestion[];
};
type CheckedSection = Pick<FormSection, 'key'> & { questions: readonly CheckedQuestion[] };

const hasOptions = (type: string) => type === 'select' || type === 'multiple';
/** The types "less than" and the other comparisons apply to. */
export const COMPARABLE_TYPES: readonly string[] = ['number', 'currency', 'date', 'calculated'];
/** The answers a calculation may read. */
const CALCULABLE_TYPES: readonly string[] = ['number', 'currency', 'date', 'yesNo', 'calculated'];
const conditionCount = (condition: ShowCondition): number =>
  isConditionGroup(condition) ? condition.conditions.reduce((total, inner) => total + conditionCount(inner), 0) : 1;
const normalOption = (option: string) => option.trim().toLowerCase();

/** The values a condition on this question may compare with: its options, yes/no, or anything (null). */
function conditionValues(question: CheckedQuestion): Set<string> | null {
  if (question.type === 'yesNo') return new Set(['yes', 'no']);
  if (hasOptions(question.type)) return new Set(question.options.map(normalOption));
  return null;
}

/** What a question's limits may say for its type: a number's and an amount's as decimals, a date's as dates, in order. */
function limitsErrors(question: CheckedQuestion, fail: (field: string, message: string) => void, path: string) {
  const limits: QuestionLimits = { ...NO_LIMITS, ...(question.limits ?? {}) };
  const given = (['min', 'max', 'step', 'unit', 'relative'] as const).filter((field) => limits[field] !== null && limits[field] !== '');
  if (limits.integer) given.push('integer' as never);
  if (limits.currencies.length) given.push('currencies' as never);
  const allowed: Record<string, readonly string[]> = {
    number: ['min', 'max', 'step', 'unit', 'integer'],
    currency: ['min', 'max', 'currencies'],
    date: ['min', 'max', 'relative'],
  };
  for (const field of given) if (!(allowed[question.type] ?? []).includes(field)) fail(`${path}.limits.${field}`, 'limitNotForType');
  const isValue = question.type === 'date' ? isCalendarDate : isCanonicalDecimal;
  for (const field of ['min', 'max'] as const) {
    const value = limits[field];
    if (value !== null && allowed[question.type]?.includes(field) && !isValue(value))
      fail(`${path}.limits.${field}`, question.type === 'date' ? 'limitDate' : 'limitNumber');
  }
  const { min, max } = limits;
  if (min !== null && max !== null && isValue(min) && isValue(max)) {
    const reversed = question.type === 'date' ? min > max : compareDecimals(min, max) > 0;
    if (reversed) fail(`${path}.limits.max`, 'limitMaxBelowMin');
  }
  if (question.type === 'number' && limits.step !== null && (!isCanonicalDecimal(limits.step) || compareDecimals(limits.step, '0') <= 0))
    fail(`${path}.limits.step`, 'limitStep');
  const seen = new Set<string>();
  limits.currencies.forEach((code, index) => {
    if (!isSupportedCurrency(code)) fail(`${path}.limits.currencies[${index}]`, 'currencyUnknown');
    else if (seen.has(code)) fail(`${path}.limits.currencies[${index}]`, 'duplicateOption');
    seen.add(code);
  });
}

/**
 * The rules of a version's sections beyond each field's own (api9.md "forms"): keys unique in the version
 * (sections apart, questions apart), a group's children are not groups and only groups have children,
 * select/multiple have 1..100 distinct options, a condition names an earlier question that is not a group
 * (and for yes/no, select, multiple a value it can take), a rule only on text questions and only a live one
 * (`liveRuleIds`; null skips that check), at most QUESTIONS_PER_SECTION_MAX questions per section counting
 * children. Pure: the builder shows the same errors before saving. Field paths as the schema's.
 */
export function formStructureErrors(sections: readonly CheckedSection[], liveRuleIds: ReadonlySet<string> | null): FieldError[] {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field, message: `formDefinitionsApi.${message}` });
  const sectionKeys = new Set<string>();
  // Maps, not objects: a key such as "__proto__" or "toString" is a key like any other.
  const earlier = new Map<string, CheckedQuestion>();

  /** One condition names an earlier answerable question and a value it can take (a comparison: a number or a date). */
  function checkLeaf(question: CheckedQuestion, condition: QuestionCondition, path: string) {
    const target = earlier.get(condition.questionKey);
    if (condition.questionKey === question.key) return fail(`${path}.questionKey`, 'conditionOnItself');
    if (!target) return fail(`${path}.questionKey`, 'conditionNotEarlier');
    if (target.type === 'group' && target.repeat) {
      // A repeating group's number of rows.
      if (condition.operator === 'contains') return fail(`${path}.operator`, 'comparisonNotForType');
      if (!isCanonicalDecimal(condition.value)) fail(`${path}.value`, 'limitNumber');
      return;
    }
    if (target.type === 'group') return fail(`${path}.questionKey`, 'conditionOnGroup');
    // A signature is neither a text nor a value to compare (issue 40): no condition reads it.
    if (target.type === 'signature') return fail(`${path}.questionKey`, 'conditionOnSignature');
    if ((COMPARISON_OPERATORS as readonly string[]).includes(condition.operator)) {
      if (!COMPARABLE_TYPES.includes(target.type)) return fail(`${path}.operator`, 'comparisonNotForType');
      const fits = target.type === 'date' ? isCalendarDate(condition.value) : isCanonicalDecimal(condition.value);
      if (!fits) fail(`${path}.value`, target.type === 'date' ? 'limitDate' : 'limitNumber');
      return;
    }
    const values = conditionValues(target);
    if (values && !values.has(normalOption(condition.value))) fail(`${path}.value`, 'conditionValueNotOption');
  }

  /** A calculated question has an expression that reads, over earlier answers of numbers, amounts, dates or yes/no. */
  function checkCalculation(question: CheckedQuestion, path: string) {
    if (question.type !== 'calculated') {
      if (question.calculation) fail(`${path}.calculation`, 'calculationOnlyOnCalculated');
      return;
    }
    if (!question.calculation) return fail(`${path}.calculation.expression`, 'calculationRequired');
    const parsed = parseCalculation(question.calculation.expression);
    if ('error' in parsed) return fail(`${path}.calculation.expression`, parsed.error.message);
    for (const key of calculationReferences(parsed.node)) {
      const target = earlier.get(key);
      if (key === question.key) return fail(`${path}.calculation.expression`, 'conditionOnItself');
      if (!target) return fail(`${path}.calculation.expression`, 'calculationNotEarlier');
      const rowCount = target.type === 'group' && !!target.repeat;
      if (!rowCount && !CALCULABLE_TYPES.includes(target.type)) return fail(`${path}.calculation.expression`, 'calculationNotNumber');
    }
  }

  /** A prefill names a partner field that fits the question's type, or a question of another form. */
  function checkPrefill(question: CheckedQuestion, path: string) {
    const prefill = question.prefill as (Partial<QuestionPrefill> & { source: string }) | null | undefined;
    if (!prefill) return;
    if (!PREFILLABLE_TYPES.includes(question.type)) return fail(`${path}.prefill`, 'prefillNotForType');
    if (prefill.source === 'partner') {
      if (!prefill.field) fail(`${path}.prefill.field`, 'prefillSourceMissing');
      else if (!partnerFieldFits(prefill.field, question.type)) fail(`${path}.prefill.field`, 'prefillNotForType');
    } else {
      if (!prefill.definitionId) fail(`${path}.prefill.definitionId`, 'prefillSourceMissing');
      if (!prefill.questionKey) fail(`${path}.prefill.questionKey`, 'prefillSourceMissing');
    }
  }

  function checkCondition(question: CheckedQuestion, condition: ShowCondition, path: string) {
    if (!isConditionGroup(condition)) return checkLeaf(question, condition, path);
    condition.conditions.forEach((inner, index) => checkCondition(question, inner, `${path}.conditions[${index}]`));
  }

  function checkQuestion(question: CheckedQuestion, path: string) {
    if (earlier.has(question.key)) fail(`${path}.key`, 'duplicateKey');
    if (hasOptions(question.type)) {
      if (!question.options.length) fail(`${path}.options`, 'optionsRequired');
      const seen = new Set<string>();
      question.options.forEach((option, index) => {
        if (seen.has(normalOption(option))) fail(`${path}.options[${index}]`, 'duplicateOption');
        seen.add(normalOption(option));
      });
    }
    if (question.ruleId) {
      if (question.type !== 'text') fail(`${path}.ruleId`, 'ruleOnlyOnText');
      else if (liveRuleIds && !liveRuleIds.has(question.ruleId.toLowerCase())) fail(`${path}.ruleId`, 'unknownRule');
    }
    limitsErrors(question, fail, path);
    checkCalculation(question, path);
    checkPrefill(question, path);
    if (question.condition) {
      if (conditionCount(question.condition) > CONDITIONS_PER_QUESTION_MAX) fail(`${path}.condition`, 'tooManyConditions');
      else checkCondition(question, question.condition, `${path}.condition`);
    }
    if (!earlier.has(question.key)) earlier.set(question.key, question);
  }

  sections.forEach((section, s) => {
    const sectionPath = `sections[${s}]`;
    if (sectionKeys.has(section.key)) fail(`${sectionPath}.key`, 'duplicateKey');
    sectionKeys.add(section.key);
    let count = 0;
    section.questions.forEach((question, q) => {
      const path = `${sectionPath}.questions[${q}]`;
      checkQuestion(question, path);
      const children = question.children ?? [];
      if (children.length && question.type !== 'group') fail(`${path}.children`, 'childrenOnlyInGroup');
      if (question.repeat && question.type !== 'group') fail(`${path}.repeat`, 'repeatOnlyOnGroup');
      if (question.repeat && question.repeat.min > question.repeat.max) fail(`${path}.repeat.max`, 'limitMaxBelowMin');
      children.forEach((child, c) => {
        if (child.type === 'group') fail(`${path}.children[${c}].type`, 'groupInGroup');
        if (question.repeat && (child.type === 'file' || child.type === 'files')) fail(`${path}.children[${c}].type`, 'fileInRepeat');
        if (question.repeat && child.type === 'signature') fail(`${path}.children[${c}].type`, 'signatureInRepeat');
        if (question.repeat && child.prefill) fail(`${path}.children[${c}].prefill`, 'prefillInRepeat');
        checkQuestion(child, `${path}.children[${c}]`);
      });
      count += 1 + children.length;
    });
    if (count > QUESTIONS_PER_SECTION_MAX) fail(`${sectionPath}.questions`, 'tooManyQuestions');
  });
  return errors;
}
