import * as yup from 'yup';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from '../http';
import { msg } from './messages';
// The yup locale (every default message an i18n key) must be set before these schemas are built.
import './fields';

/**
 * The search body of every `POST /{res}/search`; filters of a resource are added with `.shape()`. A key
 * that is neither here nor among the resource's filters is refused (400), never ignored.
 * `ids` is react-admin's getMany: the rows with these ids (soft-deleted ones marked `deleted`).
 */
export const searchRequestSchema = yup.object({
  pageNumber: yup.number().integer().min(1, msg('validation.minValue')).max(MAX_PAGE_NUMBER, msg('validation.maxValue')).default(1),
  pageSize: yup.number().integer().min(1, msg('validation.minValue')).max(MAX_PAGE_SIZE, msg('validation.maxValue')).default(DEFAULT_PAGE_SIZE),
  orderBy: yup
    .array(
      yup
        .string()
        .required()
        .max(100)
        .matches(/^[A-Za-z0-9_.]+( (asc|desc))?$/i, msg('validation.orderBy')),
    )
    .max(5)
    .default([]),
  advancedSearch: yup.object({ keyword: yup.string().trim().max(255), fields: yup.array(yup.string().required().max(100)).max(20) }).default(undefined),
  keyword: yup.string().trim().max(255),
  ids: yup.array(yup.string().required().max(100)).max(MAX_PAGE_SIZE),
});

export type SearchInput = yup.InferType<typeof searchRequestSchema>;
