import type { FormQuestion, FormSection } from '../../../../contract/forms';
import type { RuleMessage } from '../../../../contract/schemas/messages';

/**
 * Field errors of the editor, by what they are about rather than where it stood: `question:<key>:<field>`,
 * `section:<key>:<field>`, `form:<field>`. A message found for `sections[1].questions[0].label` stays by
 * its input when the question is then moved.
 */
export type EditorErrors = ReadonlyMap<string, RuleMessage | string>;

export const questionField = (key: string, field: string) => `question:${key}:${field}`;
export const sectionField = (key: string, field: string) => `section:${key}:${field}`;
export const formField = (field: string) => `form:${field}`;

/** `sections[1].questions[0].options[2]` → ['sections', '1', 'questions', '0', 'options', '2']. */
const segmentsOf = (path: string) =>
  path
    .replace(/\[(\w+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);

/** The editor's name for a path of the sections document (as the contract's schema and the server name them). */
export function fieldOfPath(sections: readonly FormSection[], path: string): string {
  const parts = segmentsOf(path);
  if (parts[0] !== 'sections') return formField(parts.join('.'));
  const section = sections[Number(parts[1])];
  if (!section) return formField(parts.join('.'));
  if (parts[2] !== 'questions') return sectionField(section.key, parts.slice(2).join('.') || 'title');
  let question: FormQuestion | undefined = section.questions[Number(parts[3])];
  let rest = parts.slice(4);
  if (question && rest[0] === 'children') {
    question = question.children[Number(rest[1])];
    rest = rest.slice(2);
  }
  if (!question) return sectionField(section.key, 'questions');
  return questionField(question.key, rest.join('.') || 'label');
}

/** Path-named messages (a schema's or the server's) as editor errors. */
export function editorErrorsOf(sections: readonly FormSection[], byPath: Record<string, RuleMessage | string>): Map<string, RuleMessage | string> {
  const errors = new Map<string, RuleMessage | string>();
  for (const [path, message] of Object.entries(byPath)) {
    const field = fieldOfPath(sections, path);
    if (!errors.has(field)) errors.set(field, message);
  }
  return errors;
}

/** The errors left once the user changes one field (editing a field clears its error). */
export function withoutField(errors: EditorErrors, field: string): EditorErrors {
  if (![...errors.keys()].some((key) => key === field || key.startsWith(`${field}.`))) return errors;
  return new Map([...errors].filter(([key]) => key !== field && !key.startsWith(`${field}.`)));
}
