import * as yup from 'yup';
import { MAX_PAGE_SIZE } from '../../../contract/http';
import { msg } from '../../../contract/schemas/messages';
import { boundedRecord, recordBodyBytesMax, type RecordBounds } from '../../../contract/schemas/records';

/** `PATCH /{res}` (react-admin's updateMany) and `POST /{res}/delete` (deleteMany): at most a page of ids. */
export const bulkIdsSchema = yup.object({
  ids: yup.array(yup.string().required().max(100)).required().min(1, msg('validation.minValue')).max(MAX_PAGE_SIZE),
});
/**
 * `data` is checked field by field against the resource's schema, as a PATCH body is; first only its bounds, past
 * any resource's fields and texts, so that no oversized `data` is read before it is refused.
 */
const BULK_DATA_BOUNDS: RecordBounds = { maxKeys: 50, keyMax: 100, textMax: 10_000, itemsMax: 1000, depthMax: 2 };
export const bulkUpdateSchema = bulkIdsSchema.shape({
  data: boundedRecord<unknown>(BULK_DATA_BOUNDS).required(),
});
/** The body limit of a bulk PATCH: the largest `data` its bounds accept, with a page of ids. */
export const BULK_UPDATE_BODY_BYTES_MAX = recordBodyBytesMax(BULK_DATA_BOUNDS, MAX_PAGE_SIZE * 110 + 1024);
