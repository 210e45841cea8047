import * as yup from 'yup';
import { OPTIONS_MAX, PARTNER_FORM_STATUSES, QUESTION_KEY_MAX, QUESTIONS_PER_SECTION_MAX, SECTIONS_MAX, TEXT_ANSWER_MAX, type AnswerValue } from '../forms';
import { id, maxLength, required, text } from './fields';
import { msg } from './messages';
import { boundedRecord, recordBodyBytesMax, type RecordBounds } from './records';
import { searchRequestSchema } from './search';

export const PARTNER_FORM_NOTE_MAX = 1000;
export const PARTNER_FORM_COMMENT_MAX = 1000;
/** Partners one assign call reaches, and partner forms one migrate call moves. */
export const PARTNER_FORMS_BATCH_MAX = 500;
/** Questions one reopen comments on. */
export const PARTNER_FORM_COMMENTS_MAX = 500;
export const MIGRATE_ACTIONS = ['migrate', 'keep', 'reopen'] as const;
export type MigrateAction = (typeof MIGRATE_ACTIONS)[number];

const QUESTION_KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** What a comment or a flag names: a question, or a row's answer of a repeating group (`directors[1].idNumber`). */
const ANSWER_PATH = /^[A-Za-z0-9_-]{1,64}(?:\[\d{1,2}\]\.[A-Za-z0-9_-]{1,64})?$/;
const ANSWER_PATH_MAX = 2 * QUESTION_KEY_MAX + 6;

/**
 * Answers by question key: a plain object whose keys and values the server checks one by one against the form's
 * version (`answerShapeErrors`), so each refusal names its question. Here only the bounds no question could take,
 * so that a body breaking them is refused before any question is read: a key per question of the largest form,
 * each value at most a list of file answers (objects of texts), texts far past any question's own limit (an
 * answer just over its limit is named with every other wrong answer), and in all the texts of a whole section
 * answered at that limit (Save Draft sends a section; Submit what was not saved yet).
 */
export const ANSWERS_BOUNDS: RecordBounds = {
  maxKeys: SECTIONS_MAX * QUESTIONS_PER_SECTION_MAX,
  keyMax: QUESTION_KEY_MAX,
  textMax: 2 * TEXT_ANSWER_MAX,
  totalTextMax: QUESTIONS_PER_SECTION_MAX * 2 * TEXT_ANSWER_MAX,
  itemsMax: OPTIONS_MAX,
  // A repeating group's rows hold answers that are lists or objects themselves.
  depthMax: 3,
  namedByKey: true,
};
const answers = () => boundedRecord<AnswerValue>(ANSWERS_BOUNDS);
/** The body limit of Save Draft and Submit: the largest body of answers the contract accepts. */
export const ANSWERS_BODY_BYTES_MAX = recordBodyBytesMax(ANSWERS_BOUNDS);

/** Staff's comments by question key (`{ taxNumber: "a digit is missing" }`), each at most 1000 characters. */
const COMMENTS_BOUNDS: RecordBounds = {
  maxKeys: PARTNER_FORM_COMMENTS_MAX,
  keyMax: ANSWER_PATH_MAX,
  textMax: PARTNER_FORM_COMMENT_MAX,
  itemsMax: 0,
  depthMax: 0,
};
/** The body limit of a reopen and a review: the largest comments the contract accepts, with the note. */
export const COMMENTS_BODY_BYTES_MAX = recordBodyBytesMax(COMMENTS_BOUNDS, 3 * PARTNER_FORM_NOTE_MAX + 1024);
const comments = () =>
  boundedRecord<string>(COMMENTS_BOUNDS)
    .test('question-keys', msg('validation.unknownQuestion'), (value) => !value || Object.keys(value).every((key) => ANSWER_PATH.test(key)))
    .test('comment-texts', msg('validation.typeError'), (value) => !value || Object.values(value).every((comment) => typeof comment === 'string'));

const note = () => text(PARTNER_FORM_NOTE_MAX).default('');
const ids = (max: number) => yup.array(id().required(required)).required(required).min(1, msg('validation.minValue')).max(max);

/** How far ahead a due date may be: at assignment (an instant), and on an onboarding rule (days after it). */
export const PARTNER_FORM_DUE_DAYS_MAX = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A due date: an instant with its offset (the browser sends the end of the chosen day in its time zone), not in
 * the past and at most PARTNER_FORM_DUE_DAYS_MAX days ahead (a day's grace for the end of that day). Empty: none.
 */
export const dueAtField = () =>
  yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .transform((value: unknown) => (value === '' ? null : value))
    .max(40, msg('validation.dateTime'))
    .test('instant', msg('validation.dateTime'), (value) => !value || (!Number.isNaN(Date.parse(value)) && /(Z|[+-]\d\d:\d\d)$/.test(value)))
    .test('due-not-past', msg('validation.dueInPast'), (value) => !value || Number.isNaN(Date.parse(value)) || Date.parse(value) >= Date.now())
    .test(
      'due-max',
      (params) => msg('validation.dueTooFar')({ ...params, max: PARTNER_FORM_DUE_DAYS_MAX }),
      (value) => !value || Number.isNaN(Date.parse(value)) || Date.parse(value) <= Date.now() + (PARTNER_FORM_DUE_DAYS_MAX + 1) * DAY_MS,
    );

/** "Due N days after assignment" of an onboarding rule: 1 to PARTNER_FORM_DUE_DAYS_MAX, or none (null, or empty). */
export const dueDaysField = () =>
  yup
    .number()
    .typeError(msg('validation.integer'))
    .integer(msg('validation.integer'))
    .min(1, msg('validation.minValue'))
    .max(PARTNER_FORM_DUE_DAYS_MAX, msg('validation.maxValue'))
    .nullable()
    .default(null)
    .transform((value: unknown, original: unknown) => (original === '' ? null : value));

/** POST /partner-forms/assign: a Ready version to each partner named (those holding it open are skipped), due by `dueAt` if given. */
export const assignPartnerFormsSchema = yup.object({
  formId: id().required(required),
  partnerIds: ids(PARTNER_FORMS_BATCH_MAX),
  note: note(),
  dueAt: dueAtField(),
});
export type AssignPartnerFormsInput = yup.InferType<typeof assignPartnerFormsSchema>;

/** PUT /partner-forms/{id}/sections/{sectionKey}: Save Draft merges these answers by key (null clears one). */
export const saveAnswersSchema = yup.object({
  answers: answers().required(required),
});

/** POST /partner-forms/{id}/submit: answers not saved yet may come along; all are checked together. */
export const submitPartnerFormSchema = yup.object({
  answers: answers(),
});

/** POST /partner-forms/{id}/lock and /unlock: a note given replaces the partner form's note. */
export const partnerFormNoteSchema = yup.object({
  note: text(PARTNER_FORM_NOTE_MAX),
});

/** POST /partner-forms/{id}/reopen: the comments replace the previous ones and show beside their questions. */
export const reopenPartnerFormSchema = yup.object({
  note: text(PARTNER_FORM_NOTE_MAX),
  comments: comments(),
});
export type ReopenPartnerFormInput = yup.InferType<typeof reopenPartnerFormSchema>;

export const REVIEW_OUTCOMES = ['return', 'accept'] as const;

/**
 * POST /partner-forms/{id}/review (a SUBMITTED partner form): `return` sends it back for the flagged questions only
 * (at least one, each with a comment); `accept` approves it (no flags). Every other question counts as accepted.
 */
export const reviewPartnerFormSchema = yup.object({
  outcome: yup
    .string()
    .oneOf([...REVIEW_OUTCOMES], msg('validation.typeError'))
    .required(required),
  note: text(PARTNER_FORM_NOTE_MAX),
  flags: comments()
    .default({})
    .test('flag-comments', msg('validation.required'), (value) => !value || Object.values(value).every((comment) => String(comment).trim() !== '')),
});
export type ReviewPartnerFormInput = yup.InferType<typeof reviewPartnerFormSchema>;

/** POST /partner-forms/migrate: what happens to partner forms on an older version of their definition. */
export const migratePartnerFormsSchema = yup.object({
  ids: ids(PARTNER_FORMS_BATCH_MAX),
  action: yup
    .string()
    .oneOf([...MIGRATE_ACTIONS], msg('validation.typeError'))
    .required(required),
  note: text(PARTNER_FORM_NOTE_MAX),
});
export type MigratePartnerFormsInput = yup.InferType<typeof migratePartnerFormsSchema>;

/** POST /partner-forms/search; GET /partner-forms/export takes the same filters as query parameters. */
export const partnerFormSearchSchema = searchRequestSchema.shape({
  status: yup.string().oneOf([...PARTNER_FORM_STATUSES], msg('validation.typeError')),
  partnerId: id(),
  formId: id(),
  definitionId: id(),
  /** Open and past its due date (true), or not (false). */
  overdue: yup.boolean().typeError(msg('validation.typeError')),
});
export type PartnerFormSearchInput = yup.InferType<typeof partnerFormSearchSchema>;

/** POST /partner-forms/{id}/files (multipart fields beside the file). */
export const partnerFormFileSchema = yup.object({
  questionKey: yup.string().required(required).max(QUESTION_KEY_MAX, maxLength).matches(QUESTION_KEY, msg('validation.unknownQuestion')),
});
