import * as yup from 'yup';
import type { FieldError } from '../../contract/envelope';
import { isRuleMessage } from '../../contract/schemas/messages';
import { ApiError } from './errors';
import { translate } from './i18n';
import type { Language } from '../../contract/http';

type Described = { type: string; fields?: Record<string, Described> };

/** JSON types the schema expects, checked before yup so that a number is not quietly cast to a string. */
function typeErrors(description: Described, value: unknown, prefix = ''): FieldError[] {
  if (description.type !== 'object' || !description.fields) return [];
  const record = value as Record<string, unknown>;
  return Object.entries(description.fields).flatMap(([name, field]) => {
    const v = record[name];
    const path = prefix ? `${prefix}.${name}` : name;
    if (v === undefined || v === null) return [];
    const ok =
      (field.type === 'string' && typeof v === 'string') ||
      (field.type === 'boolean' && typeof v === 'boolean') ||
      (field.type === 'number' && typeof v === 'number') ||
      (field.type === 'array' && Array.isArray(v)) ||
      (field.type === 'object' && typeof v === 'object' && !Array.isArray(v)) ||
      field.type === 'mixed';
    if (!ok) return [{ field: path, message: 'validation.typeError' }];
    return field.type === 'object' ? typeErrors(field, v, path) : [];
  });
}

/** Validates a body against a contract schema; a refusal is a 400 envelope with one error per field. */
export async function validate<S extends yup.AnyObjectSchema>(schema: S, body: unknown): Promise<yup.InferType<S>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'api.bodyRequired');
  const wrongTypes = typeErrors(schema.describe() as Described, body);
  if (wrongTypes.length) throw new ApiError(400, 'api.validationFailed', wrongTypes);
  try {
    return await schema.validate(body, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const inner = error.inner.length ? error.inner : [error];
    const seen = new Set<string>();
    const errors: FieldError[] = [];
    for (const e of inner) {
      const field = e.path ?? '';
      if (seen.has(field)) continue;
      seen.add(field);
      const m = e.errors[0] as unknown;
      errors.push({ field, message: isRuleMessage(m) ? JSON.stringify(m) : String(m) });
    }
    throw new ApiError(400, 'api.validationFailed', errors);
  }
}

/** Field error messages travel as i18n keys (or encoded rule messages) until the envelope is written. */
export function translateFieldMessage(language: Language, message: string): string {
  if (message.startsWith('{')) {
    try {
      const rule = JSON.parse(message) as { key: string; values?: Record<string, unknown> };
      return translate(language, rule.key, rule.values);
    } catch {
      return translate(language, 'validation.fallback');
    }
  }
  return translate(language, message);
}
