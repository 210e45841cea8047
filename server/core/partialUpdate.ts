import type * as yup from 'yup';
import { ApiError } from './errors';
import { notAllowed } from './search';
import { validate } from './validation';

/**
 * The input of a `PATCH /{res}/{id}`: the fields sent over the record's current values, validated by the
 * same schema as a PUT, so a field that is not sent keeps its value. A key the schema does not know is a
 * 400 listing the fields (`id`, which react-admin sends along, is ignored).
 */
export async function mergePatch<S extends yup.AnyObjectSchema>(schema: S, current: object, body: unknown): Promise<yup.InferType<S>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'api.bodyRequired');
  const sent = Object.keys(body).filter((key) => key !== 'id');
  const unknown = sent.find((key) => !Object.hasOwn(schema.fields, key));
  if (unknown !== undefined) throw notAllowed(unknown, 'api.unknownField', Object.keys(schema.fields));
  const values = current as Record<string, unknown>;
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(schema.fields)) if (values[key] !== null && values[key] !== undefined) merged[key] = values[key];
  for (const key of sent) merged[key] = (body as Record<string, unknown>)[key];
  return validate(schema, merged);
}
