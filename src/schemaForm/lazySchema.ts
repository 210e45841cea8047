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
 * is in, the form is not valid (no error shown, nothing sent unchecked); `validNow` waits for it, so a submit made
 * before it is in (milliseconds, or seconds on a loaded phone) is checked and goes on rather than being lost.
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
  const validNow = async () => Object.keys((await schema.load())(form.values)).length === 0;
  return { ...form, isValid: validate !== null && form.isValid, validNow };
}
