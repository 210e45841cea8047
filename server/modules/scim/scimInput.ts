import { hasUnstorableCharacters } from '../../core/validation';
import { invalidSyntax, invalidValue, ScimError } from './scimErrors';

/** Items of any one list in a SCIM body (a group's members in one request). */
export const SCIM_LIST_MAX = 1000;
/** Values in a whole body, so a refusal's cost stays bounded. */
const VALUES_MAX = 5000;
const STRING_MAX = 2000;
const KEY_MAX = 200;
/** Operations of one PATCH. */
export const OPERATIONS_MAX = 100;

/**
 * A SCIM body as an object, checked whole before anything reads it: no list over SCIM_LIST_MAX, no text over
 * STRING_MAX, no key over KEY_MAX, no NUL or lone surrogate anywhere (PostgreSQL and UTF-8 cannot hold them), at most
 * VALUES_MAX values. Else 400 with a SCIM error, nothing changed. (`__proto__` keys and depth: the JSON parser.)
 */
export function boundedBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidSyntax('scim.bodyNotObject');
  let seen = 0;
  const pending: unknown[] = [body];
  while (pending.length) {
    const value = pending.pop();
    if (++seen > VALUES_MAX) throw new ScimError(400, 'scim.bodyTooLarge', 'tooMany', { max: VALUES_MAX });
    if (typeof value === 'string') {
      if (value.length > STRING_MAX) throw invalidValue('scim.textTooLong', { max: STRING_MAX });
      if (hasUnstorableCharacters(value)) throw invalidValue('scim.unstorableText');
    } else if (Array.isArray(value)) {
      if (value.length > SCIM_LIST_MAX) throw new ScimError(400, 'scim.listTooLong', 'tooMany', { max: SCIM_LIST_MAX });
      pending.push(...value);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.length > KEY_MAX || hasUnstorableCharacters(key)) throw invalidSyntax('scim.badKey');
        pending.push(item);
      }
    }
  }
  return body as Record<string, unknown>;
}

/** A text attribute: a string within `max` (trimmed), null when absent or null; anything else 400 `invalidValue`. */
export function textValue(value: unknown, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidValue();
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalidValue('scim.textTooLong', { max });
  return trimmed;
}

/** A boolean as SCIM clients send it: true/false, or Entra ID's "True"/"False" strings. */
export function booleanValue(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw invalidValue('scim.notBoolean');
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An attribute of an object by its SCIM name, case ignored (`userName`, `USERNAME`). */
export function attribute(object: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : object[key];
}

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  /** The path in lower case, or null for Okta's `{ op, value: { … } }` without a path. */
  path: string | null;
  /** The path as sent, for a filter's value (case matters there). */
  rawPath: string | null;
  value: unknown;
}

/**
 * The operations of a PatchOp body (RFC 7644 §3.5.2), `op` in any case ("Replace" from Entra ID, "replace" from Okta).
 */
export function patchOperations(body: Record<string, unknown>): PatchOperation[] {
  const operations = attribute(body, 'Operations');
  if (!Array.isArray(operations) || !operations.length) throw invalidValue('scim.noOperations');
  if (operations.length > OPERATIONS_MAX) throw new ScimError(400, 'scim.listTooLong', 'tooMany', { max: OPERATIONS_MAX });
  return operations.map((operation) => {
    if (!isObject(operation)) throw invalidSyntax('scim.badOperation');
    const op = attribute(operation, 'op');
    const path = attribute(operation, 'path');
    if (typeof op !== 'string' || !['add', 'replace', 'remove'].includes(op.toLowerCase())) throw invalidSyntax('scim.badOperation');
    if (path !== undefined && path !== null && typeof path !== 'string') throw new ScimError(400, 'scim.invalidPath', 'invalidPath');
    const rawPath = typeof path === 'string' && path.trim() ? path.trim() : null;
    const value = attribute(operation, 'value');
    if (op.toLowerCase() !== 'remove' && value === undefined) throw invalidValue('scim.noValue');
    if (!rawPath && op.toLowerCase() === 'remove') throw new ScimError(400, 'scim.noTarget', 'noTarget');
    if (!rawPath && !isObject(value)) throw invalidValue('scim.noValue');
    return { op: op.toLowerCase() as PatchOperation['op'], path: rawPath?.toLowerCase() ?? null, rawPath, value };
  });
}
