import * as yup from 'yup';
import { FILE_REQUEST_STATUSES } from '../files';
import { id } from './fields';
import { msg } from './messages';
import { searchRequestSchema } from './search';

/** POST /file-requests/search: a partner's users see its requests; staff with AdminView see every partner's. */
export const fileRequestSearchSchema = searchRequestSchema.shape({
  status: yup.string().oneOf(FILE_REQUEST_STATUSES, msg('validation.typeError')),
  partnerId: id(),
});
export type FileRequestSearchInput = yup.InferType<typeof fileRequestSearchSchema>;
