/**
 * Onboarding forms (DESIGN.md "Forms", docs/glossary.md): validation rules, form definitions with versions,
 * sections of questions, partner forms with their answers, onboarding rules. Limits are written once here.
 */

export const VALIDATION_RULE_NAME_MAX = 255;
export const VALIDATION_RULE_TEXT_MAX = 500;
export const VALIDATION_RULE_REGEX_MAX = 1000;
export const VALIDATION_RULE_LENGTH_MAX = 4000;
/**
 * The cost bound of a rule's pattern: re2js checks an answer in steps of up to one per instruction of the
 * compiled program per character, and counted repetitions multiply instructions (`(?:.?){1000}` has 2,002).
 * A pattern's program size times the longest answer it checks (the rule's max length, else TEXT_ANSWER_MAX)
 * stays within RULE_PATTERN_WORK_MAX, and the program itself within RULE_PROGRAM_MAX instructions.
 */
export const RULE_PATTERN_WORK_MAX = 100_000;
export const RULE_PROGRAM_MAX = 1_000;

/** A validation rule checks a text answer: the suggest text is the input's hint, the error text its message. */
/** A validation rule as the API answers it (contract/resources/validationRules.ts); its regex runs with re2js on both sides. */
export type { ValidationRuleDto } from './resources/validationRules';
import type { ValidationRuleDto } from './resources/validationRules';

/** What a question keeps of its rule: copied when the question is saved and again at publish. */
export type TextRule = Pick<ValidationRuleDto, 'name' | 'suggestText' | 'errorText' | 'minLength' | 'maxLength' | 'regex'>;

export const FORM_STATUSES = ['Editing', 'Ready', 'Outdate'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

export const QUESTION_TYPES = [
  'group',
  'text',
  'yesNo',
  'select',
  'multiple',
  'file',
  'files',
  'number',
  'currency',
  'date',
  'email',
  'phone',
  'url',
  'calculated',
  'signature',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** The typed answers (issue 40): each checked by the contract's own code and stored in one canonical form. */
export const TYPED_QUESTION_TYPES = ['number', 'currency', 'date', 'email', 'phone', 'url'] as const;
export type TypedQuestionType = (typeof TYPED_QUESTION_TYPES)[number];

/** Dates relative to the day of the check (UTC): after today, or before it. */
export const DATE_RELATIVE_LIMITS = ['future', 'past'] as const;
export type DateRelativeLimit = (typeof DATE_RELATIVE_LIMITS)[number];

/**
 * The limits of a typed question; every field is optional in what the builder sends and defaults to "none".
 * number and currency: `min`/`max` are canonical decimals; date: `YYYY-MM-DD`.
 */
export interface QuestionLimits {
  min: string | null;
  max: string | null;
  /** number: the answer is min (or 0) plus a whole number of steps. */
  step: string | null;
  /** number: whole numbers only. */
  integer: boolean;
  /** number: shown after the value ("kg", "m²"). */
  unit: string;
  /** currency: the ISO 4217 codes offered (none: every supported code). */
  currencies: string[];
  /** date: after or before the day of the check. */
  relative: DateRelativeLimit | null;
}

/** A calculated answer: an expression over earlier answers (contract/answers/calculationSyntax.ts), its result rounded. */
export interface QuestionCalculation {
  expression: string;
  /** Digits kept after the point, 0 to 6. */
  decimals: number;
  /** Shown after the value ("days", "VND"). */
  unit: string;
}

/** The partner record's fields a question may take its first value from. */
export const PARTNER_PREFILL_FIELDS = ['name', 'email', 'type', 'address', 'phone', 'contactPhone', 'website'] as const;
export type PartnerPrefillField = (typeof PARTNER_PREFILL_FIELDS)[number];

/**
 * Where a question's first value comes from, taken when the form is assigned: a field of the partner record, or the
 * answer to a question of the partner's last accepted submission of another form. Locked: the partner cannot change it.
 */
export type QuestionPrefill =
  { source: 'partner'; field: PartnerPrefillField; locked: boolean } | { source: 'form'; definitionId: string; questionKey: string; locked: boolean };

export const NO_LIMITS: QuestionLimits = { min: null, max: null, step: null, integer: false, unit: '', currencies: [], relative: null };

/** Digits of a number or an amount, before and after the point: exact decimals, never floats. */
export const NUMBER_INTEGER_DIGITS_MAX = 18;
export const NUMBER_FRACTION_DIGITS_MAX = 6;
/** What a typed answer may hold while it is a draft (the typed text, checked at Submit). */
export const TYPED_ANSWER_TEXT_MAX = 64;
export const EMAIL_ANSWER_MAX = 254;
export const PHONE_ANSWER_MAX = 32;
export const URL_ANSWER_MAX = 2000;
export const UNIT_MAX = 20;
export const CURRENCIES_PER_QUESTION_MAX = 50;

export const CONDITION_OPERATORS = ['is', 'isNot', 'contains', 'lt', 'lte', 'gt', 'gte'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
/** Comparisons of numbers, amounts and dates (issue 40). */
export const COMPARISON_OPERATORS = ['lt', 'lte', 'gt', 'gte'] as const;
export const CONDITION_JOINS = ['and', 'or'] as const;
export type ConditionJoin = (typeof CONDITION_JOINS)[number];
/** A group holds conditions and groups, at most this deep (a group of groups of conditions) and this many conditions in all. */
export const CONDITION_DEPTH_MAX = 3;
export const CONDITIONS_PER_QUESTION_MAX = 20;

export const FORM_NAME_MAX = 255;
export const FORM_DESCRIPTION_MAX = 2000;
export const FORM_TYPE_MAX = 50;
export const FORM_NOTE_MAX = 1000;
export const SECTION_TITLE_MAX = 255;
export const SECTIONS_MAX = 50;
export const QUESTIONS_PER_SECTION_MAX = 200;
export const QUESTION_KEY_MAX = 64;
export const QUESTION_LABEL_MAX = 500;
export const QUESTION_HELP_MAX = 1000;
export const OPTIONS_MAX = 100;
export const OPTION_MAX = 255;
export const CONDITION_VALUE_MAX = 255;
/** A text answer without a rule; a rule's max length may not exceed it either. */
export const TEXT_ANSWER_MAX = 4000;
export const FILES_PER_QUESTION_MAX = 10;
export const FORM_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** "Show when question X is / is not / contains V": X comes earlier in the form; a hidden question is neither validated nor required. */
export interface QuestionCondition {
  questionKey: string;
  operator: ConditionOperator;
  value: string;
}

/** Conditions joined by AND (all hold) or OR (one holds); a group may hold groups. */
export interface ConditionGroup {
  join: ConditionJoin;
  conditions: ShowCondition[];
}

/** When a question is shown: one condition (every form made before groups) or a group. */
export type ShowCondition = QuestionCondition | ConditionGroup;

export const isConditionGroup = (condition: ShowCondition): condition is ConditionGroup => 'join' in condition && !!condition.join;

export interface FormQuestion {
  /** Stable across versions: answers are carried by it. Letters, digits, `_` and `-`. */
  key: string;
  type: QuestionType;
  label: string;
  help: string;
  required: boolean;
  /** For select and multiple. */
  options: string[];
  ruleId: string | null;
  /** The rule as it stood when the question was saved (and at publish): partner forms validate with this copy. */
  rule: TextRule | null;
  condition: ShowCondition | null;
  /** For number, currency and date (absent in forms made before typed answers: no limits). */
  limits?: QuestionLimits | null;
  /** For calculated questions only. */
  calculation?: QuestionCalculation | null;
  /** Text, email, phone, URL, number, currency, date, yes/no and select questions may take a first value (issue 40). */
  prefill?: QuestionPrefill | null;
  /** For groups only: answered as rows, at least `min` and at most `max` of them (issue 40; absent: answered once). */
  repeat?: GroupRepeat | null;
  /** Questions held by a group (one level: a group's children are not groups). */
  children: FormQuestion[];
}

/** A repeating group's bounds on its rows. */
export interface GroupRepeat {
  min: number;
  max: number;
}

/** The most rows a repeating group may hold. */
export const REPEAT_ROWS_MAX = 50;

export interface FormSection {
  /** Stable across versions, like a question key. */
  key: string;
  title: string;
  questions: FormQuestion[];
}

/** One version of a form definition (API `forms`; `id` is the version's, `definitionId` the definition's). */
export interface FormDto {
  id: string;
  definitionId: string;
  versionNumber: number;
  name: string;
  description: string;
  type: string;
  note: string;
  status: FormStatus;
  /** Counted over every question but groups, conditions ignored. */
  totalFields: number;
  requiredFields: number;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version?: string;
}

/** GET /forms/{id}/sections; PUT replaces them all (Editing only, If-Match on the form). */
export interface FormSectionsDto {
  formId: string;
  status: FormStatus;
  sections: FormSection[];
  /** The form's version (its ETag) after this read or save: the If-Match of the next save. */
  version?: string;
}

export const PARTNER_FORM_STATUSES = ['OPEN', 'LOCKED', 'SUBMITTED'] as const;
export type PartnerFormStatus = (typeof PARTNER_FORM_STATUSES)[number];

/** A file answer: the id of a file uploaded to this partner form. */
export interface AnswerFile {
  id: string;
  name: string;
  type: string;
  size: number;
}

/** A currency answer: an ISO 4217 code and an exact decimal amount (never a float). */
export interface CurrencyAmount {
  currency: string;
  amount: string;
}

/** A signature answer (issue 40): what the signer gave and the server's stamp (contract/answers/signatures.ts). */
export type { SignatureAnswer } from './answers/signatures';
import type { SignatureAnswer } from './answers/signatures';

/**
 * An answer by question type: text → string, yesNo → boolean, select → string, multiple → string[],
 * file → AnswerFile | null, files → AnswerFile[]; number → a canonical decimal string ("-1234.5"), currency →
 * CurrencyAmount, date → "YYYY-MM-DD", email, phone ("+84901234567") and url → their canonical text; signature →
 * SignatureAnswer. A group has none, a repeating group its rows (its children have no answer of their own).
 */
export type AnswerValue = string | boolean | string[] | AnswerFile | AnswerFile[] | CurrencyAmount | SignatureAnswer | AnswerRow[] | null;

/** One row of a repeating group: its children's answers by child key (a repeating group's answer is its rows). */
export interface AnswerRow {
  [childKey: string]: AnswerValue;
}
export type Answers = Record<string, AnswerValue>;

export interface PartnerFormDto {
  id: string;
  partnerId: string;
  partnerName: string;
  formId: string;
  definitionId: string;
  formName: string;
  formVersionNumber: number;
  status: PartnerFormStatus;
  note: string;
  /** Visible questions (conditions applied), required among them, answered among them. */
  totalFields: number;
  requiredFields: number;
  filledCount: number;
  /** A newer Ready version of the same definition exists. */
  outdated: boolean;
  /** The version's sections in form order (GET /partner-forms/{id}): staff read a submission section by section from it. */
  sections?: { key: string; title: string }[];
  /** The questions whose answer was filled in at assignment (issue 40): the filler marks them, a locked one cannot change. */
  prefilledKeys?: string[];
  /** 'keep': staff let this partner finish on its version although a newer one is Ready (POST /partner-forms/migrate). */
  versionDecision?: 'keep' | null;
  /** The review in force (null: none): see PartnerFormReview. */
  review?: PartnerFormReview | null;
  submittedAt: string | null;
  /** When the partner should submit it (an instant; null: no due date). Overdue once past while OPEN. */
  dueAt: string | null;
  createdAt: string;
  updatedAt: string;
  version?: string;
}

/**
 * Review per question (issue 24). A round is staff's decision on a SUBMITTED partner form: 'returned' sends it back
 * OPEN with only the flagged questions editable; the partner's resubmission makes it 'resubmitted' (SUBMITTED again,
 * awaiting the next round); 'accepted' approves it (it stays SUBMITTED). A plain reopen ends the review (null).
 */
export const PARTNER_FORM_REVIEW_STATES = ['returned', 'resubmitted', 'accepted'] as const;
export type PartnerFormReviewState = (typeof PARTNER_FORM_REVIEW_STATES)[number];

/** One question's decision in a round: accepted, or flagged with the reviewer's comment. */
export type ReviewDecision = { decision: 'accepted' } | { decision: 'flagged'; comment: string };

/** What the partner changed in answer to a round: the answer as reviewed and the one resubmitted. */
export interface ReviewAnswerChange {
  before: AnswerValue;
  after: AnswerValue;
}

/** The review in force on a partner form, as its partner and staff see it. */
export interface PartnerFormReview {
  /** The round's number, from 1. */
  round: number;
  state: PartnerFormReviewState;
  /** Staff's note of the round (also the partner form's note). */
  note: string;
  /** The flagged questions by key with their comments (empty once accepted). */
  flags: Record<string, { comment: string }>;
}

/** GET /partner-forms/{id}/reviews (staff): one round of the history, newest first. */
export interface PartnerFormReviewRoundDto {
  round: number;
  outcome: 'returned' | 'accepted';
  formId: string;
  formVersionNumber: number;
  reviewerName: string | null;
  note: string;
  decisions: Record<string, ReviewDecision>;
  /** The answers as reviewed. */
  answers: Answers;
  createdAt: string;
  /** When the partner submitted again after a returned round; null until then. */
  resubmittedAt: string | null;
  /** What the partner changed by question key (old → new); null until resubmitted. */
  changes: Record<string, ReviewAnswerChange> | null;
}

/** A section as the filler shows it: all sections' completeness for the stepper, this one's questions and answers. */
export interface PartnerFormSectionDto {
  partnerFormId: string;
  status: PartnerFormStatus;
  section: FormSection;
  /** Every section with its completeness, for the stepper. */
  sections: { key: string; title: string; filled: number; total: number; errors: number }[];
  /** Answers of every question of the form (conditions may look at other sections). */
  answers: Answers;
  /** Staff's comments by question key, from the last reopen. */
  comments: Record<string, string>;
  updatedAt: string;
  version?: string;
}

export const ONBOARDING_TRIGGERS = ['partnerCreated', 'formSubmitted'] as const;
export type OnboardingTrigger = (typeof ONBOARDING_TRIGGERS)[number];

/** "When a partner submits form A, assign form B" or "when a partner is created, assign form X" (definitions, not versions). */
export interface OnboardingRuleDto {
  id: string;
  trigger: OnboardingTrigger;
  sourceDefinitionId: string | null;
  sourceFormName: string | null;
  targetDefinitionId: string;
  targetFormName: string;
  /** The partner form it assigns is due this many days after the assignment; null: no due date. */
  dueDays: number | null;
  createdAt: string;
  updatedAt: string;
  version?: string;
}

export const formEditorRoute = (formId: string) => `/form-config/${formId}`;
export const partnerFormSectionRoute = (partnerFormId: string, sectionKey: string) => `/forms/${partnerFormId}/sections/${sectionKey}`;
export const partnerFormsRoute = '/forms';
export const staffPartnerFormRoute = (partnerFormId: string) => `/partner-forms/${partnerFormId}`;
