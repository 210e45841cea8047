import * as yup from 'yup';
import {
  FILE_DECISION_NOTE_MAX,
  FILE_REQUEST_REASON_MAX,
  FILE_REQUEST_TEXT_MAX,
  GRANT_CONDITION_TYPES,
  GRANT_DOWNLOAD_LIMIT_MAX,
  GRANT_NOTE_MAX,
  MANAGED_FILE_NAME_MAX,
} from '../files';
import { id, required, requiredText, text } from './fields';
import { msg } from './messages';

/**
 * The years an instant may fall in: what PostgreSQL's timestamptz stores and what an ISO date writes with four
 * digits (JavaScript reads years up to 275760 and before 0, which the database refuses).
 */
export const INSTANT_YEAR_MIN = 1;
export const INSTANT_YEAR_MAX = 9999;
export const INSTANT_MIN_MS = Date.parse('0001-01-01T00:00:00.000Z');
export const INSTANT_MAX_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** An instant with its offset (`2026-12-03T17:00:00.000Z`): the browser sends its local time converted, never a bare local time. */
const instant = () =>
  yup
    .string()
    .trim()
    .max(40, msg('validation.dateTime'))
    .test('instant', msg('validation.dateTime'), (value) => !value || (!Number.isNaN(Date.parse(value)) && /(Z|[+-]\d\d:\d\d)$/.test(value)))
    .test(
      'instant-range',
      (params) => msg('validation.dateRange')({ ...params, min: INSTANT_YEAR_MIN, max: INSTANT_YEAR_MAX }),
      (value) => {
        const at = value ? Date.parse(value) : NaN;
        return Number.isNaN(at) || (at >= INSTANT_MIN_MS && at <= INSTANT_MAX_MS);
      },
    );

const optionalCount = () =>
  yup
    .number()
    .integer()
    .min(1, msg('validation.minValue'))
    .max(GRANT_DOWNLOAD_LIMIT_MAX, msg('validation.maxValue'))
    .nullable()
    .default(null)
    .transform((value: unknown, original: unknown) => (original === '' ? null : value));

/** The window and terms of a grant; `to` comes after `from`. The server also caps its length (FILE_GRANT_MAX_DAYS). */
const grantTerms = {
  from: instant().required(required),
  to: instant()
    .required(required)
    .test('after-from', msg('validation.toNotAfterFrom'), function afterFrom(value) {
      const from = Date.parse(this.parent?.from);
      return !value || Number.isNaN(from) || Date.parse(value) > from;
    }),
  note: text(GRANT_NOTE_MAX).default(''),
  downloadLimit: optionalCount(),
  viewOnly: yup.boolean().default(false),
};

/** POST /file-grants: who (a partner, a role or a user, by conditionType) may open which file, and when. */
export const fileGrantSchema = yup.object({
  fileId: id().required(required),
  conditionType: yup.string().oneOf(GRANT_CONDITION_TYPES, msg('validation.typeError')).required(required),
  targetId: id().required(required),
  ...grantTerms,
});
export type FileGrantInput = yup.InferType<typeof fileGrantSchema>;

/** PUT /file-grants/{id}: the terms only; the file and the grantee stay (revoke and grant anew to change them). */
export const fileGrantTermsSchema = yup.object(grantTerms);
export type FileGrantTermsInput = yup.InferType<typeof fileGrantTermsSchema>;

/** PUT /files/{id}: a rename. The name is shown and offered on download; folders and control characters are refused. */
export const managedFileSchema = yup.object({
  fileName: requiredText(MANAGED_FILE_NAME_MAX).test(
    'plain-name',
    msg('validation.fileName'),
    // eslint-disable-next-line no-control-regex
    (value) => !value || (!/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]/.test(value) && !/^\.+$/.test(value)),
  ),
});
export type ManagedFileInput = yup.InferType<typeof managedFileSchema>;

/** POST /file-requests: a file of the manager (fileId) or, when the partner does not see it, a free-text ask. */
export const fileRequestSchema = yup.object({
  fileId: id()
    .nullable()
    .default(null)
    .transform((value: unknown) => (value === '' ? null : value)),
  requestText: text(FILE_REQUEST_TEXT_MAX)
    .default('')
    .test('file-or-text', msg('validation.fileOrText'), function fileOrText(value) {
      return Boolean(value) || Boolean(this.parent?.fileId);
    }),
  reason: requiredText(FILE_REQUEST_REASON_MAX),
});
export type FileRequestInput = yup.InferType<typeof fileRequestSchema>;

/**
 * POST /file-requests/{id}/approve: creates a grant for the requester's partner (or the requester alone) on the
 * asked file, or on `fileId` when the request was free text.
 */
export const approveFileRequestSchema = yup.object({
  fileId: id()
    .nullable()
    .default(null)
    .transform((value: unknown) => (value === '' ? null : value)),
  conditionType: yup
    .string()
    .oneOf(['partner', 'user'] as const, msg('validation.typeError'))
    .default('partner'),
  ...grantTerms,
});
export type ApproveFileRequestInput = yup.InferType<typeof approveFileRequestSchema>;

/** POST /file-requests/{id}/reject: the reason is told to the requester. */
export const rejectFileRequestSchema = yup.object({
  reason: requiredText(FILE_DECISION_NOTE_MAX),
});
export type RejectFileRequestInput = yup.InferType<typeof rejectFileRequestSchema>;

/** POST /file-grants/{id}/extend: by `days` (default FILE_GRANT_EXTEND_DAYS), never past the configured maximum. */
export const extendFileGrantSchema = yup.object({
  days: yup.number().integer().min(1, msg('validation.minValue')).max(365, msg('validation.maxValue')).nullable().default(null),
});
