import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../server/core/openapi/yupJsonSchema';
import { startServer, type TestServer } from './harness';

/**
 * Every route's declared request (the JSON Schema its `schema` carries, made from the contract's yup schema that
 * `validate()` runs): each list, text and client-keyed map has a maximum, which the check before yup enforces
 * before reading anything inside it. A field without one would let a 1 MB body buy per-item work.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** File parts of a multipart body: bounded by the multipart parser's own limits per route, not a contract field. */
const isFilePart = (schema: JsonSchema) => schema.format === 'binary' || (schema.items as JsonSchema | undefined)?.format === 'binary';

/** The paths under `schema` of lists, texts and maps that declare no maximum. */
function unboundedIn(schema: JsonSchema, path: string): string[] {
  if (isFilePart(schema)) return [];
  const content = schema.content as Record<string, { schema: JsonSchema }> | undefined;
  if (content) return Object.entries(content).flatMap(([type, part]) => unboundedIn(part.schema, `${path} (${type})`));
  switch (schema.type) {
    case 'string':
      return schema.maxLength === undefined && schema.enum === undefined ? [path] : [];
    case 'array':
      return [...(schema.maxItems === undefined ? [path] : []), ...(schema.items ? unboundedIn(schema.items as JsonSchema, `${path}[]`) : [])];
    case 'object': {
      const properties = schema.properties as Record<string, JsonSchema> | undefined;
      if (!properties) return schema.maxProperties === undefined ? [path] : [];
      return Object.entries(properties).flatMap(([name, property]) => unboundedIn(property, `${path}.${name}`));
    }
    case 'number':
    case 'integer':
    case 'boolean':
      return [];
    default:
      // Any JSON value: nothing bounds it.
      return [path];
  }
}

describe('contract bounds', () => {
  it('every list, text and client-keyed map of every route’s body and query declares a maximum', () => {
    // The hub's routes speak SignalR's protocol, not the contract: their query is the hub's own (its token is read by jose, within the URL's limit).
    const contractRoutes = server.built.routes.filter((route) => !route.url.startsWith('/api/notifications'));
    const unbounded = contractRoutes.flatMap((route) => {
      const declared = (route.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema };
      const name = `${([] as string[]).concat(route.method).join(',')} ${route.url}`;
      return [
        ...(declared.body ? unboundedIn(declared.body, `${name} body`) : []),
        ...(declared.querystring ? unboundedIn(declared.querystring, `${name} query`) : []),
      ];
    });
    expect(unbounded).toEqual([]);
  });

  it('the walk itself finds a list, a text and a map without a maximum', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'string', maxLength: 5 } }, text: { type: 'string' }, map: { type: 'object' }, any: {} },
    };
    expect(unboundedIn(schema, 'x')).toEqual(['x.list', 'x.text', 'x.map', 'x.any']);
  });
});
