import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/** Far deeper than any request body of the API; deeper bodies would overflow recursive code (JSON.stringify). */
export const MAX_JSON_DEPTH = 32;

/**
 * The path of the first key that could reach an object's prototype if the body were merged into another
 * object (`__proto__`, or `constructor` holding `prototype`, as Fastify's own parser refuses), or "" when
 * there is none; throws when the body nests deeper than MAX_JSON_DEPTH. Iterative, since the body is not
 * yet known to be shallow.
 */
function prototypeKeyIn(body: unknown): string {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (pending.length) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) throw new ApiError(400, 'api.bodyTooDeep', undefined, { max: MAX_JSON_DEPTH });
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: `${path}[${index}]`, depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      const holdsPrototype = key === 'constructor' && typeof item === 'object' && item !== null && Object.hasOwn(item, 'prototype');
      if (key === '__proto__' || holdsPrototype) return itemPath;
      pending.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
  return '';
}

/**
 * JSON bodies: Fastify's parser refuses `__proto__` keys as "not valid JSON", without saying which key;
 * this one names the field, and refuses bodies too deep for the code that reads them.
 */
export function registerJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (text === '') return done(new ApiError(400, 'api.bodyRequired'), undefined);
    let body: unknown;
    try {
      body = JSON.parse(text as string);
    } catch {
      return done(new ApiError(400, 'api.malformedJson'), undefined);
    }
    try {
      const field = prototypeKeyIn(body);
      if (field) return done(new ApiError(400, 'api.validationFailed', [{ field, message: 'validation.prototypeKey' }]), undefined);
    } catch (error) {
      return done(error as Error, undefined);
    }
    done(null, body);
  });
}
