import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import type { RuleMessage } from '../../contract/schemas/messages';

export type FieldMessages = Record<string, RuleMessage | string>;
export type AnySchema = ObjectSchema<AnyObject>;

/** The first failed rule of each field (dotted path), checked with a contract schema. */
export function schemaErrors(schema: AnySchema, values: object): FieldMessages {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const failures = error.inner.length ? error.inner : [error];
    const messages: FieldMessages = {};
    for (const failure of failures) {
      const path = failure.path ?? '';
      if (!(path in messages)) messages[path] = failure.errors[0] as RuleMessage | string;
    }
    return messages;
  }
}
