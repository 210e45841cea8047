import * as yup from 'yup';
import { MAX_PAGE_SIZE } from '../../../contract/http';
import { msg } from '../../../contract/schemas/messages';

/** `PATCH /{res}` (react-admin's updateMany) and `POST /{res}/delete` (deleteMany): at most a page of ids. */
export const bulkIdsSchema = yup.object({
  ids: yup.array(yup.string().required().max(100)).required().min(1, msg('validation.minValue')).max(MAX_PAGE_SIZE, msg('validation.maxValue')),
});
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** `data` is checked field by field against the resource's schema, as a PATCH body is. */
export const bulkUpdateSchema = bulkIdsSchema.shape({ data: yup.mixed(isObject).required() });
