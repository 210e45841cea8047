import type { FormProps } from 'react-admin';
import { translateRuleMessage, type TranslateMessage } from '../i18n/translateMessage';
import { schemaErrors, type AnySchema } from './schemaErrors';

type Resolver = NonNullable<FormProps['resolver']>;
type NestedErrors = { [field: string]: NestedErrors | { type: string; message: string } };

/**
 * A react-hook-form resolver over a contract schema, for react-admin forms: the same rules as the server,
 * with each message translated in the reader's language.
 */
export function schemaResolver(schema: AnySchema, translate: TranslateMessage): Resolver {
  return async (values) => {
    const failures = Object.entries(schemaErrors(schema, values));
    if (failures.length === 0) return { values, errors: {} };
    const errors: NestedErrors = {};
    for (const [path, message] of failures) {
      const parts = path.split('.');
      const leaf = parts.pop() as string;
      const parent = parts.reduce<NestedErrors>((node, part) => (node[part] ??= {}) as NestedErrors, errors);
      parent[leaf] = { type: 'validation', message: translateRuleMessage(message, translate) };
    }
    return { values: {}, errors } as Awaited<ReturnType<Resolver>>;
  };
}
