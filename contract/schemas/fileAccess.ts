import * as yup from 'yup';
import { ACCESS_KINDS } from '../files';
import { id, token } from './fields';
import { msg } from './messages';
import { searchRequestSchema } from './search';

/** Which of the signed-in user's files: those open now (`current`), or those whose access ended (`ended`, to ask again). */
export const ACCESSIBLE_FILE_INCLUDES = ['current', 'ended'] as const;
export type AccessibleFileInclude = (typeof ACCESSIBLE_FILE_INCLUDES)[number];

/** POST /files/accessible/search: the files the signed-in user's grants name (the keyword matches the file name). */
export const accessibleFileSearchSchema = searchRequestSchema.shape({
  include: yup.string().oneOf(ACCESSIBLE_FILE_INCLUDES, msg('validation.typeError')).default('current'),
});
export type AccessibleFileSearchInput = yup.InferType<typeof accessibleFileSearchSchema>;

/** POST /file-access-log/search (GET /file-access-log/export takes the same filters as query). orderBy: at, id; newest first by default. */
export const fileAccessLogSearchSchema = searchRequestSchema.shape({
  fileId: id(),
  partnerId: id(),
  userId: id(),
  kind: yup.string().oneOf(ACCESS_KINDS, msg('validation.typeError')),
});
export type FileAccessLogSearchInput = yup.InferType<typeof fileAccessLogSearchSchema>;

/** GET /file-links/view?token=: the signed link of one opening. */
export const fileLinkViewQuerySchema = yup.object({ token: token() });

export const FILE_CONTENT_DISPOSITIONS = ['inline', 'attachment'] as const;
export type FileContentDisposition = (typeof FILE_CONTENT_DISPOSITIONS)[number];

/** GET /file-links/content?ticket=&disposition=: the content of an opening, shown in the page or downloaded. */
export const fileContentQuerySchema = yup.object({
  ticket: token(),
  disposition: yup.string().oneOf(FILE_CONTENT_DISPOSITIONS, msg('validation.typeError')).default('attachment'),
});
