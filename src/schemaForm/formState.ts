import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import { translateRuleMessage, useTranslateMessage } from '../i18n/translateMessage';
import type { FieldMessages } from './schemaErrors';

/** The first failed rule of each field of `values` (none: valid). */
export type Validate = (values: object) => FieldMessages;

/**
 * A small form state for the sign-in pages (no react-admin there): values checked by `validate` on every change; a
 * field shows its error once the user has changed it, or after a submit. Errors the server names for a field show
 * until that field changes. `validate` must keep its identity between renders.
 */
export function useFormState<Values extends Record<string, string>>(validate: Validate, initialValues: Values) {
  const translate = useTranslateMessage();
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors = useMemo(() => validate(values), [validate, values]);
  const isValid = Object.keys(errors).length === 0;

  const errorText = useCallback(
    (name: keyof Values & string): string | undefined => {
      if (serverErrors[name]) return serverErrors[name];
      const error = errors[name];
      return touched[name] && error ? translateRuleMessage(error, translate) : undefined;
    },
    [errors, serverErrors, touched, translate],
  );

  const field = (name: keyof Values & string) => {
    const error = errorText(name);
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
        setTouched((current) => ({ ...current, [name]: true }));
        setServerErrors(({ [name]: _cleared, ...rest }) => rest);
      },
      error: !!error,
      helperText: error,
    };
  };

  const touchAll = () => setTouched(Object.fromEntries(Object.keys(values).map((name) => [name, true])));

  /** Takes values typed elsewhere (the prerendered sign-in form), for this form's fields only. */
  const adopt = useCallback((typed: Record<string, string>) => {
    setValues((current) => ({ ...current, ...Object.fromEntries(Object.entries(typed).filter(([name]) => Object.hasOwn(current, name))) }));
  }, []);

  return { values, isValid, field, touchAll, adopt, setServerErrors };
}
