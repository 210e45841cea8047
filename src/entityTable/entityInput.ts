import * as yup from 'yup';
import type { AnySchema } from '../schemaForm/schemaErrors';
import type { EntityForm, FormMode } from './types';

/** The schema of a mode: one for both, or one each (users register with more fields than they edit). */
export function schemaOf(schema: EntityForm<never>['schema'], mode: FormMode): AnySchema {
  return yup.isSchema(schema) ? (schema as AnySchema) : (schema as Record<FormMode, AnySchema>)[mode];
}

/**
 * The body sent for the form's values: only the schema's fields; an empty text becomes null where the
 * schema accepts null (the API then clears it) and is left out elsewhere (the API then uses its default).
 */
export function inputOf(schema: AnySchema, values: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.fields)) {
    const value = values[name];
    const isEmptyText = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    if (!isEmptyText) input[name] = value;
    else if ((field as yup.Schema).describe().nullable) input[name] = null;
  }
  return input;
}
