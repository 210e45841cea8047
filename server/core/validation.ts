import * as yup from 'yup';
import type { FieldError } from '../../contract/envelope';
import { isRuleMessage } from '../../contract/schemas/messages';
import { isPlainObject, recordBreach, type RecordBounds } from '../../contract/schemas/records';
import { ApiError } from './errors';
import { translate } from './i18n';
import type { Language } from '../../contract/http';

type Test = { name?: string; params?: Record<string, unknown> };
type Described = {
  type: string;
  fields?: Record<string, Described>;
  innerType?: Described;
  tests?: Test[];
  oneOf?: unknown[];
  meta?: { record?: RecordBounds };
};

/** A NUL (which PostgreSQL text cannot hold) or half of a surrogate pair (which no encoding can carry). */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\p{Cs}]/u;
export const hasUnstorableCharacters = (text: string) => UNSTORABLE.test(text);

/** Field errors one 400 lists at most: a body of 50,000 wrong items is refused with the first of them. */
export const MAX_FIELD_ERRORS = 50;
/** Items of a list whose schema declares no maximum (tests/server/contractBounds.test.ts keeps there being none). */
export const UNDECLARED_ITEMS_MAX = 1000;

/**
 * The work of validation, counted for the tests that prove a refusal's cost is bounded: values the check before
 * yup visited, characters of text it read, and bodies that went on to yup.
 */
export const validationWork = { visited: 0, charactersRead: 0, yupRuns: 0 };

/** Whether a text holds a character that cannot be stored, counted as read. */
function unstorable(text: string) {
  validationWork.charactersRead += text.length;
  return hasUnstorableCharacters(text);
}

const JSON_TYPE_OK: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  boolean: (v) => typeof v === 'boolean',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  array: (v) => Array.isArray(v),
  object: (v) => typeof v === 'object' && !Array.isArray(v),
};

/** A schema's `max` (or exact `length`) as its description gives it. */
function declaredMax(description: Described): number | undefined {
  for (const { name, params } of description.tests ?? []) {
    const limit = name === 'max' ? params?.max : name === 'length' ? params?.length : undefined;
    if (typeof limit === 'number') return limit;
  }
  return undefined;
}

/** A string's maximum: its `max`, or for a choice among fixed texts the longest of them. */
function maxLengthOf(description: Described): number | undefined {
  const declared = declaredMax(description);
  if (declared !== undefined) return declared;
  const choices = (description.oneOf ?? []).filter((choice): choice is string => typeof choice === 'string');
  return choices.length ? Math.max(...choices.map((choice) => choice.length)) : undefined;
}

const ruleMessage = (key: string, max: number) => JSON.stringify({ key, values: { max } });

/**
 * The field errors of the check before yup, at most MAX_FIELD_ERRORS of them. A value over its maximum is left out
 * of what yup sees, so that yup still names the body's other faults (as it would for a value just over); any other
 * fault, or a full list, stops the body before yup.
 */
class FieldErrors {
  readonly list: FieldError[] = [];
  blocking = false;
  get full() {
    return this.list.length >= MAX_FIELD_ERRORS;
  }
  add(field: string, message: string, { oversized = false } = {}) {
    if (!this.full) this.list.push({ field, message });
    if (!oversized || this.full) this.blocking = true;
  }
}

/**
 * A map keyed by the client, against the bounds its schema carries: sizes before contents, then every value for
 * characters that cannot be stored.
 */
function checkRecord(bounds: RecordBounds, value: Record<string, unknown>, path: string, errors: FieldErrors) {
  const breach = recordBreach(value, bounds, path, (item) => {
    validationWork.visited++;
    return typeof item === 'string' && unstorable(item) ? { key: 'validation.invalidCharacters' } : null;
  });
  if (!breach) return;
  const { key, values } = breach.message;
  errors.add(breach.path, values ? JSON.stringify(breach.message) : key);
}

/** A value no schema describes (a `mixed` without bounds): only its texts, for characters that cannot be stored. */
function checkTexts(value: unknown, path: string, errors: FieldErrors) {
  const pending = [value];
  while (pending.length && !errors.full) {
    const item = pending.pop();
    validationWork.visited++;
    if (typeof item === 'string' && unstorable(item)) errors.add(path, 'validation.invalidCharacters');
    else if (typeof item === 'object' && item !== null) for (const inner of Array.isArray(item) ? item : Object.values(item)) pending.push(inner);
  }
}

/**
 * The body as the schema will see it: only the schema's own fields, read as own properties of the body,
 * so that keys named like Object.prototype members (`toString`, `constructor`) never reach yup, which
 * looks fields up on a plain object. On the way, each value is checked for its JSON type (a number is not
 * quietly cast to a string), every list and text against its schema's maximum before anything inside it is
 * read, and every string for characters that cannot be stored: one pass that every validated body, query and
 * multipart field goes through, whose cost is bounded by the schema's maxima whatever the body's size.
 */
function knownFieldsOf(description: Described, value: unknown, path: string, errors: FieldErrors): unknown {
  validationWork.visited++;
  if (value === undefined || value === null || errors.full) return value;
  const typeOk = JSON_TYPE_OK[description.type];
  if (typeOk && !typeOk(value)) {
    errors.add(path, 'validation.typeError');
    return value;
  }
  if (typeof value === 'string') {
    const max = description.type === 'string' ? maxLengthOf(description) : undefined;
    // A text a trim brings within its maximum is yup's to judge; trimming reads it once.
    if (max !== undefined && value.length > max && value.trim().length > max) {
      errors.add(path, ruleMessage('validation.maxLength', max), { oversized: true });
      return undefined;
    }
    if (unstorable(value)) errors.add(path, 'validation.invalidCharacters');
    return value;
  }
  if (description.type === 'array' && Array.isArray(value)) {
    const max = declaredMax(description) ?? UNDECLARED_ITEMS_MAX;
    if (value.length > max) {
      errors.add(path, ruleMessage('validation.maxItems', max), { oversized: true });
      return undefined;
    }
    if (!description.innerType) return value;
    return value.map((item, index) => knownFieldsOf(description.innerType!, item, `${path}[${index}]`, errors));
  }
  if (description.type === 'object' && description.fields) {
    const record = value as Record<string, unknown>;
    const known: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(description.fields)) {
      if (!Object.hasOwn(record, name)) continue;
      const checked = knownFieldsOf(field, record[name], path ? `${path}.${name}` : name, errors);
      if (checked !== undefined) known[name] = checked;
    }
    return known;
  }
  if (description.meta?.record && isPlainObject(value)) checkRecord(description.meta.record, value, path, errors);
  else if (typeof value === 'object') checkTexts(value, path, errors);
  return value;
}

/** Validates a body against a contract schema; a refusal is a 400 envelope with one error per field (MAX_FIELD_ERRORS at most). */
export async function validate<S extends yup.AnyObjectSchema>(schema: S, body: unknown): Promise<yup.InferType<S>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'api.bodyRequired');
  const wrong = new FieldErrors();
  const known = knownFieldsOf(schema.describe() as Described, body, '', wrong);
  if (wrong.blocking) throw new ApiError(400, 'api.validationFailed', wrong.list);
  validationWork.yupRuns++;
  let valid: yup.InferType<S>;
  try {
    valid = await schema.validate(known, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    throw new ApiError(400, 'api.validationFailed', withYupErrors(wrong.list, error));
  }
  if (wrong.list.length) throw new ApiError(400, 'api.validationFailed', wrong.list);
  return valid;
}

/** The check's errors, then yup's first error of each other field (a field the check named, or inside it, is not named again). */
function withYupErrors(named: FieldError[], error: yup.ValidationError): FieldError[] {
  const errors = [...named];
  const seen = new Set(named.map((e) => e.field));
  const inside = (field: string) => named.some((e) => field.startsWith(`${e.field}.`) || field.startsWith(`${e.field}[`));
  for (const e of error.inner.length ? error.inner : [error]) {
    if (errors.length >= MAX_FIELD_ERRORS) break;
    const field = e.path ?? '';
    if (seen.has(field) || inside(field)) continue;
    seen.add(field);
    const m = e.errors[0] as unknown;
    errors.push({ field, message: isRuleMessage(m) ? JSON.stringify(m) : String(m) });
  }
  return errors;
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
