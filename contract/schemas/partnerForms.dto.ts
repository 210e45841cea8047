import * as yup from 'yup';
import {
  PARTNER_FORM_REVIEW_STATES,
  PARTNER_FORM_STATUSES,
  type AnswerFile,
  type Answers,
  type FormSection,
  type PartnerFormDto,
  type PartnerFormReview,
  type PartnerFormReviewRoundDto,
  type PartnerFormSectionDto,
} from '../forms';
import { MIGRATION_OUTCOMES, type AssignPartnerFormsResult, type PartnerFormMigrationResult, type VersionChangesDto } from '../partnerForms';
import { MIGRATE_ACTIONS } from './partnerForms';
import { uuid, timestamp, text, version, jsonObject, count } from './dtoFields';
import { formSectionsDtoSchema } from './forms.dto';

const partnerFormStatus = () => yup.string().oneOf(PARTNER_FORM_STATUSES).defined();
/** One section of a version, as the form sections' answer holds it. */
const formSectionSchema = (formSectionsDtoSchema.fields.sections as yup.ArraySchema<FormSection[], yup.AnyObject>).innerType as yup.ObjectSchema<FormSection>;

/** The review in force on a partner form (issue 24): round, state, note, flagged questions' comments. */
const partnerFormReviewSchema: yup.ObjectSchema<PartnerFormReview> = yup.object({
  round: count(),
  state: yup.string().oneOf(PARTNER_FORM_REVIEW_STATES).defined(),
  note: text(),
  flags: jsonObject().defined() as yup.Schema<PartnerFormReview['flags']>,
});

export const partnerFormDtoSchema: yup.ObjectSchema<PartnerFormDto> = yup.object({
  id: uuid(),
  partnerId: uuid(),
  partnerName: text(),
  formId: uuid(),
  definitionId: uuid(),
  formName: text(),
  formVersionNumber: count(),
  status: partnerFormStatus(),
  note: text(),
  totalFields: count(),
  requiredFields: count(),
  filledCount: count(),
  outdated: yup.boolean().defined(),
  prefilledKeys: yup.array(text()).optional(),
  sections: yup.array(yup.object({ key: text(), title: text() }).defined()).optional(),
  versionDecision: yup
    .string()
    .oneOf(['keep'] as const)
    .nullable()
    .optional(),
  review: partnerFormReviewSchema.nullable().optional().default(undefined),
  submittedAt: yup.string().datetime().nullable().defined(),
  dueAt: yup.string().datetime().nullable().defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

/** GET /partner-forms/{id}/reviews: one round of a partner form's review history. */
export const partnerFormReviewRoundDtoSchema: yup.ObjectSchema<PartnerFormReviewRoundDto> = yup.object({
  round: count(),
  outcome: yup
    .string()
    .oneOf(['returned', 'accepted'] as const)
    .defined(),
  formId: uuid(),
  formVersionNumber: count(),
  reviewerName: yup.string().nullable().defined(),
  note: text(),
  decisions: jsonObject().defined() as yup.Schema<PartnerFormReviewRoundDto['decisions']>,
  answers: jsonObject().defined() as yup.Schema<Answers>,
  createdAt: timestamp(),
  resubmittedAt: yup.string().datetime().nullable().defined(),
  changes: jsonObject().nullable().defined() as yup.Schema<PartnerFormReviewRoundDto['changes']>,
});

export const answerFileSchema: yup.ObjectSchema<AnswerFile> = yup.object({ id: uuid(), name: text(), type: text(), size: count() });

export const partnerFormSectionDtoSchema: yup.ObjectSchema<PartnerFormSectionDto> = yup.object({
  partnerFormId: uuid(),
  status: partnerFormStatus(),
  section: formSectionSchema.defined(),
  sections: yup.array(yup.object({ key: text(), title: text(), filled: count(), total: count(), errors: count() }).defined()).defined(),
  answers: jsonObject().defined() as yup.Schema<Answers>,
  comments: jsonObject().defined() as yup.Schema<Record<string, string>>,
  updatedAt: timestamp(),
  version: version(),
});

const changedQuestions = () => yup.array(yup.object({ key: text(), label: text() }).defined()).defined();
const versionRef = () => yup.object({ id: uuid(), versionNumber: count() });

export const versionChangesDtoSchema: yup.ObjectSchema<VersionChangesDto> = yup.object({
  fromForm: versionRef().defined(),
  toForm: versionRef().nullable().defined(),
  addedRequired: changedQuestions(),
  removed: yup.array(yup.object({ key: text(), label: text(), answered: yup.boolean().defined() }).defined()).defined(),
  changedRules: changedQuestions(),
  changedTypes: changedQuestions(),
});

export const assignPartnerFormsResultSchema: yup.ObjectSchema<AssignPartnerFormsResult> = yup.object({
  assigned: yup.array(partnerFormDtoSchema.defined()).defined(),
  skipped: yup
    .array(
      yup
        .object({
          partnerId: uuid(),
          reason: yup
            .string()
            .oneOf(['alreadyOpen'] as const)
            .defined(),
        })
        .defined(),
    )
    .defined(),
});

export const partnerFormMigrationResultSchema: yup.ObjectSchema<PartnerFormMigrationResult> = yup.object({
  id: text(),
  action: yup.string().oneOf(MIGRATE_ACTIONS).defined(),
  outcome: yup.string().oneOf(MIGRATION_OUTCOMES).defined(),
  partnerForm: partnerFormDtoSchema.optional().default(undefined),
});
