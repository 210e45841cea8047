import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/** Far deeper than any request body of the API; deeper bodies would overflow recursive code (JSON.stringify). */
export const MAX_JSON_DEPTH = 32;

interface Pending {
  value: object;
  depth: number;
  /** Where the value sits, kept as links so that a path is spelt out only for the key at fault. */
  parent?: Pending;
  key?: string | number;
}

function pathOf(entry: Pending, key: string): string {
  const keys: (string | number)[] = [key];
  for (let at: Pending | undefined = entry; at?.parent; at = at.parent) keys.push(at.key!);
  return keys.reverse().reduce<string>((path, k) => (typeof k === 'number' ? `${path}[${k}]` : path ? `${path}.${k}` : k), '');
}

/**
 * The path of the first key that could reach an object's prototype if the body were merged into another
 * object (`__proto__`, or `constructor` holding `prototype`, as Fastify's own parser refuses), or "" when
 * there is none; throws when the body nests deeper than MAX_JSON_DEPTH. Iterative, since the body is not
 * yet known to be shallow; only objects and arrays are visited, and no path is built unless a key is at fault,
 * so a long array of strings costs one look at each item.
 */
function prototypeKeyIn(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const pending: Pending[] = [{ value: body, depth: 0 }];
  while (pending.length) {
    const entry = pending.pop()!;
    if (entry.depth >= MAX_JSON_DEPTH) throw new ApiError(400, 'api.bodyTooDeep', undefined, { max: MAX_JSON_DEPTH });
    const { value, depth } = entry;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (typeof item === 'object' && item !== null) pending.push({ value: item, depth: depth + 1, parent: entry, key: index });
      }
      continue;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const item: unknown = (value as Record<string, unknown>)[key];
      const holdsPrototype = key === 'constructor' && typeof item === 'object' && item !== null && Object.hasOwn(item, 'prototype');
      if (key === '__proto__' || holdsPrototype) return pathOf(entry, key);
      if (typeof item === 'object' && item !== null) pending.push({ value: item, depth: depth + 1, parent: entry, key });
    }
  }
  return '';
}

/**
 * A JSON body's text as its value, or the ApiError (400) saying why not: empty, malformed, a key that could reach a
 * prototype (named), or nested too deep. Also for JSON under another media type (SCIM's `application/scim+json`).
 */
export function parseJsonBody(text: string): unknown {
  if (text === '') throw new ApiError(400, 'api.bodyRequired');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'api.malformedJson');
  }
  const field = prototypeKeyIn(body);
  if (field) throw new ApiError(400, 'api.validationFailed', [{ field, message: 'validation.prototypeKey' }]);
  return body;
}

/**
 * JSON bodies: Fastify's parser refuses `__proto__` keys as "not valid JSON", without saying which key;
 * this one names the field, and refuses bodies too deep for the code that reads them.
 */
export function registerJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, parseJsonBody(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
