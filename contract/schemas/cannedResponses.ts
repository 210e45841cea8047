import * as yup from 'yup';
import { CANNED_BODY_MAX, CANNED_LANGUAGES, CANNED_TITLE_MAX, type CannedLanguage, type CannedResponseDto } from '../cannedResponses';
import { msg } from './messages';
import { requiredText } from './fields';

/** A canned response as written (create and update); the same limits in the browser's form and on the server. */
export const cannedResponseSchema = yup.object({
  title: requiredText(CANNED_TITLE_MAX),
  body: requiredText(CANNED_BODY_MAX),
  language: yup
    .string<CannedLanguage>()
    .oneOf([...CANNED_LANGUAGES], msg('validation.notOption'))
    .nullable()
    .default(null),
  /** Shared with every staff member: CannedResponses.Configure. */
  shared: yup.boolean().default(false),
});

export type CannedResponseInput = yup.InferType<typeof cannedResponseSchema>;

/** The search's own filters: shared or personal ones only, one language. */
export const cannedResponseFilters = {
  shared: yup.boolean(),
  language: yup.string().oneOf([...CANNED_LANGUAGES]),
};

export const cannedResponseDtoSchema: yup.ObjectSchema<CannedResponseDto> = yup.object({
  id: yup.string().defined(),
  title: yup.string().defined(),
  body: yup.string().defined(),
  language: yup
    .string<CannedLanguage>()
    .oneOf([...CANNED_LANGUAGES])
    .nullable()
    .defined(),
  shared: yup.boolean().defined(),
  ownerId: yup.string().nullable().defined(),
  createdAt: yup.string().defined(),
  updatedAt: yup.string().defined(),
  version: yup.string().optional(),
});
