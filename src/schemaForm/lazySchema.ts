import { useEffect, useState } from 'react';
import { useFormState, type Validate } from './formState';
import type { AnySchema } from './schemaErrors';

/** A contract schema loaded on first use, with yup, outside the bundle of the page that checks with it. */
export interface LazySchema {
  load(): Promise<Validate>;
}

export function lazySchema(loadSchema: () => Promise<AnySchema>): LazySchema {
  let loading: Promise<Validate> | undefined;
  return {
    load: () =>
      (loading ??= Promise.all([loadSchema(), import('./schemaErrors')]).then(
        ([schema, { schemaErrors }]): Validate =>
          (values) =>
            schemaErrors(schema, values),
      )),
  };
}

const NO_ERRORS: Validate = () => ({});

/**
 * useSchemaForm with a schema loaded as the form mounts (the sign-in pages': yup is 13 KB of their bundle). Until it
 * is in, a matter of milliseconds, the form is not valid (no error shown, nothing sent unchecked).
 */
export function useLazySchemaForm<Values extends Record<string, string>>(schema: LazySchema, initialValues: Values) {
  const [validate, setValidate] = useState<Validate | null>(null);
  useEffect(() => {
    let mounted = true;
    void schema.load().then((loaded) => mounted && setValidate(() => loaded));
    return () => {
      mounted = false;
    };
  }, [schema]);
  const form = useFormState(validate ?? NO_ERRORS, initialValues);
  return { ...form, isValid: validate !== null && form.isValid };
}
