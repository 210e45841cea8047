import { useCallback } from 'react';
import { useFormState } from './formState';
import { schemaErrors, type AnySchema } from './schemaErrors';

/** A form checked against a contract schema on every change (see useFormState). */
export function useSchemaForm<Values extends Record<string, string>>(schema: AnySchema, initialValues: Values) {
  const validate = useCallback((values: object) => schemaErrors(schema, values), [schema]);
  return useFormState(validate, initialValues);
}
