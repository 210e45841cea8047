import * as yup from 'yup';
import type { FieldError } from '../../contract/envelope';
import { isRuleMessage } from '../../contract/schemas/messages';
import { ApiError } from './errors';
import { translate } from './i18n';
import type { Language } from '../../contract/http';

type Described = { type: string; fields?: Record<string, Described>; innerType?: Described };

/** A NUL (which PostgreSQL text cannot hold) or half of a surrogate pair (which no encoding can carry). */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\p{Cs}]/u;
export const hasUnstorableCharacters = (text: string) => UNSTORABLE.test(text);

const JSON_TYPE_OK: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  boolean: (v) => typeof v === 'boolean',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  array: (v) => Array.isArray(v),
  object: (v) => typeof v === 'object' && !Array.isArray(v),
};

/**
 * The body as the schema will see it: only the schema's own fields, read as own properties of the body,
 * so that keys named like Object.prototype members (`toString`, `constructor`) never reach yup, which
 * looks fields up on a plain object. On the way, each value is checked for its JSON type (a number is not
 * quietly cast to a string) and every string for characters that cannot be stored: one pass that every
 * validated body, query and multipart field goes through.
 */
function knownFieldsOf(description: Described, value: unknown, path: string, errors: FieldError[]): unknown {
  if (value === undefined || value === null) return value;
  const typeOk = JSON_TYPE_OK[description.type];
  if (typeOk && !typeOk(value)) {
    errors.push({ field: path, message: 'validation.typeError' });
    return value;
  }
  if (typeof value === 'string') {
    if (hasUnstorableCharacters(value)) errors.push({ field: path, message: 'validation.invalidCharacters' });
    return value;
  }
  if (description.type === 'array' && description.innerType && Array.isArray(value)) {
    return value.map((item, index) => knownFieldsOf(description.innerType!, item, `${path}[${index}]`, errors));
  }
  if (description.type === 'object' && description.fields) {
    const record = value as Record<string, unknown>;
    const known: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(description.fields)) {
      if (Object.hasOwn(record, name)) known[name] = knownFieldsOf(field, record[name], path ? `${path}.${name}` : name, errors);
    }
    return known;
  }
  return value;
}

/** Validates a body against a contract schema; a refusal is a 400 envelope with one error per field. */
export async function validate<S extends yup.AnyObjectSchema>(schema: S, body: unknown): Promise<yup.InferType<S>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'api.bodyRequired');
  const wrong: FieldError[] = [];
  const known = knownFieldsOf(schema.describe() as Described, body, '', wrong);
  if (wrong.length) throw new ApiError(400, 'api.validationFailed', wrong);
  try {
    return await schema.validate(known, { abortEarly: false, stripUnknown: true });
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
