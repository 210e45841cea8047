import * as yup from 'yup';
import { GRANT_CONDITION_TYPES, GRANT_STATES } from '../files';
import { id } from './fields';
import { msg } from './messages';
import { searchRequestSchema } from './search';

/** POST /files/search: the file manager's list (deleted files are never listed). orderBy: fileName, size, counts, dates, id. */
export const managedFileSearchSchema = searchRequestSchema;
export type ManagedFileSearchInput = yup.InferType<typeof managedFileSearchSchema>;

/**
 * POST /file-grants/search. `partnerId`: the grants reaching that partner (its partner grants and its users' user
 * grants); `state` is computed at the time of the search.
 */
export const fileGrantSearchSchema = searchRequestSchema.shape({
  fileId: id(),
  partnerId: id(),
  conditionType: yup.string().oneOf(GRANT_CONDITION_TYPES, msg('validation.typeError')),
  state: yup.string().oneOf(GRANT_STATES, msg('validation.typeError')),
});
export type FileGrantSearchInput = yup.InferType<typeof fileGrantSearchSchema>;
