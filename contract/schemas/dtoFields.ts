import * as yup from 'yup';

/**
 * The fields of the answers' schemas. Each domain keeps its answers' shapes beside its input schemas
 * (contract/schemas/<domain>.dto.ts), each typed by its DTO so that changing one without the other fails the type
 * check. The server documents its answers with them (/api/docs); nothing validates answers at run time.
 */
export const uuid = () => yup.string().uuid().defined();
export const timestamp = () => yup.string().datetime().defined();
export const text = () => yup.string().defined();
export const optionalText = () => yup.string().nullable().defined();
/** The record's version (its ETag): in answers about one record, absent from list rows of some resources. */
export const version = () => yup.string().optional();
export const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const jsonObject = () => yup.mixed(isJsonObject);
export const count = () => yup.number().integer().defined();
