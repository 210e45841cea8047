import * as yup from 'yup';
import { msg, type RuleMessage } from './messages';

/**
 * The bounds of a map whose keys the client chooses (answers or comments by question key). yup sees such a
 * map as one `mixed` value, so the bounds travel in the schema's `meta.record`, where the server's check before
 * yup (server/core/validation.ts) reads them, and in a test of the schema itself, so the browser says the same.
 */
export interface RecordBounds {
  /** Keys of the map at most. */
  maxKeys: number;
  /** Characters of one key at most. */
  keyMax: number;
  /** Characters of any text in a value at most. */
  textMax: number;
  /** Characters of all texts of the map together at most (what bounds its body's size: `recordBodyBytesMax`). */
  totalTextMax?: number;
  /** Items of any list (or keys of any object) in a value at most. */
  itemsMax: number;
  /** Levels of lists and objects inside a value: 0 when values are plain (text, numbers, yes/no). */
  depthMax: number;
  /** Errors inside name the key alone (`taxNumber`, as answers are named), not `<field>.<key>`. */
  namedByKey?: boolean;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a map first breaks its bounds: the path of the key or value at fault and the limit it broke. */
export interface RecordBreach {
  path: string;
  message: RuleMessage;
}

const tooMany = (max: number): RuleMessage => ({ key: 'validation.maxItems', values: { max } });
const tooLong = (max: number): RuleMessage => ({ key: 'validation.maxLength', values: { max } });
const tooMuchText = (max: number): RuleMessage => ({ key: 'validation.maxTotalLength', values: { max } });

/** Bytes of JSON a character may take at most in UTF-8 (a lone code unit of the Basic Multilingual Plane). */
const JSON_BYTES_PER_CHARACTER = 3;
/** Bytes of JSON around each entry and item besides its texts: quotes, colon, comma, brackets. */
const JSON_BYTES_PER_ENTRY = 8;

/**
 * The most bytes a JSON body holding such a map (with `around` bytes of other fields) may take when its texts are
 * written as UTF-8 (escapes of control characters aside): the body limit of a route taking it, so that a body the
 * contract accepts is never refused for its size first.
 */
export const recordBodyBytesMax = (bounds: RecordBounds, around = 1024) =>
  around +
  bounds.maxKeys * (bounds.keyMax * JSON_BYTES_PER_CHARACTER + JSON_BYTES_PER_ENTRY) +
  (bounds.totalTextMax ?? bounds.maxKeys * bounds.textMax) * JSON_BYTES_PER_CHARACTER +
  bounds.maxKeys * bounds.itemsMax * JSON_BYTES_PER_ENTRY;

/**
 * The first place where `record` breaks `bounds`, or null. Sizes are compared before anything inside is read,
 * and the walk is iterative and stops at the first breach, so its cost is bounded by the bounds, not the input.
 * `visit` sees every value reached (the server checks texts there and counts its work).
 */
export function recordBreach(
  record: Record<string, unknown>,
  bounds: RecordBounds,
  path: string,
  visit?: (value: unknown, path: string) => RuleMessage | null,
): RecordBreach | null {
  const keys = Object.keys(record);
  if (keys.length > bounds.maxKeys) return { path, message: tooMany(bounds.maxKeys) };
  const pending: { value: unknown; path: string; depth: number }[] = [];
  for (const key of keys) {
    if (key.length > bounds.keyMax) return { path, message: tooLong(bounds.keyMax) };
    pending.push({ value: record[key], path: bounds.namedByKey ? key : `${path}.${key}`, depth: 0 });
  }
  let text = 0;
  while (pending.length) {
    const { value, path: at, depth } = pending.pop()!;
    if (typeof value === 'string' && value.length > bounds.textMax) return { path: at, message: tooLong(bounds.textMax) };
    if (typeof value === 'string' && bounds.totalTextMax !== undefined && (text += value.length) > bounds.totalTextMax)
      return { path, message: tooMuchText(bounds.totalTextMax) };
    if (typeof value === 'object' && value !== null) {
      if (depth >= bounds.depthMax) return { path: at, message: { key: 'validation.typeError' } };
      const size = Array.isArray(value) ? value.length : Object.keys(value).length;
      if (size > bounds.itemsMax) return { path: at, message: tooMany(bounds.itemsMax) };
      if (Array.isArray(value)) value.forEach((item, index) => pending.push({ value: item, path: `${at}[${index}]`, depth: depth + 1 }));
      else for (const [key, item] of Object.entries(value)) pending.push({ value: item, path: `${at}.${key}`, depth: depth + 1 });
    }
    const refused = visit?.(value, at);
    if (refused) return { path: at, message: refused };
  }
  return null;
}

/** A map keyed by the client, refused (naming the key or value at fault) when it is not a plain object or breaks its bounds. */
export const boundedRecord = <T>(bounds: RecordBounds) =>
  yup
    .mixed<Record<string, T>>((value): value is Record<string, T> => isPlainObject(value))
    .meta({ record: bounds })
    .test('record-bounds', msg('validation.typeError'), function withinBounds(value) {
      const breach = value ? recordBreach(value, bounds, this.path) : null;
      return breach ? this.createError({ path: breach.path, message: () => breach.message }) : true;
    });
