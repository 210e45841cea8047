import type { FormSection } from '../../../../contract/forms';
import type { FieldError } from '../../../../contract/envelope';
import { formFieldsSchema, formSectionsSchema, formStructureErrors } from '../../../../contract/schemas/formDefinitions';
import type { RuleMessage } from '../../../../contract/schemas/messages';
import { schemaErrors } from '../../../schemaForm/schemaErrors';
import { editorErrorsOf, formField } from './editorErrors';
import type { FormFields } from '../formDefinitionApi';

const byField = (errors: readonly FieldError[]) => {
  const messages: Record<string, RuleMessage | string> = {};
  for (const { field, message } of errors) messages[field] ??= message;
  return messages;
};

/**
 * What the server would refuse, checked before the call with the contract's own schema and structure check
 * (rules are checked by the server only: it knows which are live).
 */
export function draftErrors(fields: FormFields, sections: FormSection[]): Map<string, RuleMessage | string> {
  const errors = editorErrorsOf(sections, { ...schemaErrors(formSectionsSchema, { sections }), ...byField(formStructureErrors(sections, null)) });
  for (const [field, message] of Object.entries(schemaErrors(formFieldsSchema, fields))) errors.set(formField(field), message);
  return errors;
}

/** The server's field errors (a 400) as editor errors: the same paths as the contract's. */
export const serverErrorsOf = (sections: FormSection[], errors: readonly FieldError[]) => editorErrorsOf(sections, byField(errors));
