import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

/**
 * What a client generated from /api/docs relies on: every schema in it compiles (Ajv, the validator most generators
 * and test tools use), and a live answer of every GET the demo Admin can read matches the schema documented for it.
 */
type Schema = Record<string, unknown>;
type Operation = {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type ApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

let server: TestServer;
let doc: ApiDocument;
let token: string;
let ajv: Ajv;

beforeAll(async () => {
  server = await startServer();
  doc = JSON.parse((await server.api('GET', '/api/docs')).text) as ApiDocument;
  token = (await server.signIn('admin@example.com')).token;
  // OpenAPI 3.0 schemas: `nullable` is a keyword of theirs Ajv knows; `example` and the like are annotations.
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ components: doc.components ?? {} }, 'doc');
});
afterAll(() => server.close());

/** Each schema of the document with where it sits, `#/components/...` references pointing into the document. */
function schemasOf(document: ApiDocument) {
  const found: { at: string; schema: Schema }[] = [];
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods)) {
      for (const [type, content] of Object.entries(operation.requestBody?.content ?? {}))
        if (content.schema) found.push({ at: `${method} ${path} body ${type}`, schema: content.schema });
      for (const [status, response] of Object.entries(operation.responses))
        for (const [type, content] of Object.entries(response.content ?? {}))
          if (content.schema) found.push({ at: `${method} ${path} ${status} ${type}`, schema: content.schema });
    }
  return found;
}

const withDocumentRefs = (schema: Schema): Schema => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as Schema;

function compiled(schema: Schema): ValidateFunction | string {
  try {
    return ajv.compile(withDocumentRefs(schema));
  } catch (error) {
    return (error as Error).message;
  }
}

/** A JSON answer's schema of a GET, by its path. */
const answerSchemaOf = (path: string) => doc.paths[path].get.responses['200']?.content?.['application/json']?.schema;

describe('the schemas of /api/docs', () => {
  it('every request and answer schema compiles with Ajv', () => {
    const schemas = schemasOf(doc);
    expect(schemas.length).toBeGreaterThan(200);
    const failures = schemas.flatMap(({ at, schema }) => {
      const result = compiled(schema);
      return typeof result === 'string' ? [`${at}: ${result}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it('a live answer of every GET without a path parameter matches its documented schema', async () => {
    const gets = Object.keys(doc.paths).filter((path) => doc.paths[path].get && !path.includes('{') && answerSchemaOf(path));
    expect(gets.length).toBeGreaterThan(10);
    const mismatches: string[] = [];
    let checked = 0;
    for (const path of gets) {
      const answer = await server.api('GET', path, { token });
      if (answer.status !== 200 || !(answer.headers.get('content-type') ?? '').includes('application/json')) continue;
      checked += 1;
      const validate = compiled(answerSchemaOf(path)!);
      if (typeof validate === 'string') mismatches.push(`${path}: ${validate}`);
      else if (!validate(answer.body)) mismatches.push(`${path}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });

  it('a live answer of every GET of one record by id matches its documented schema', async () => {
    const byId = Object.keys(doc.paths).filter((path) => /^\/api\/v1\/[a-z-]+\/\{id\}$/.test(path) && doc.paths[path].get && answerSchemaOf(path));
    expect(byId.length).toBeGreaterThan(5);
    const mismatches: string[] = [];
    let checked = 0;
    for (const path of byId) {
      const collection = path.replace('/{id}', '');
      const search = await server.api<{ items: { id: string }[] }>('POST', `${collection}/search`, { token, body: { pageNumber: 1, pageSize: 1 } });
      const id = search.body?.data?.items?.[0]?.id;
      if (!id) continue;
      const answer = await server.api('GET', path.replace('{id}', id), { token });
      if (answer.status !== 200) continue;
      checked += 1;
      const validate = compiled(answerSchemaOf(path)!);
      if (typeof validate === 'string') mismatches.push(`${path}: ${validate}`);
      else if (!validate(answer.body)) mismatches.push(`${path}: ${ajv.errorsText(validate.errors)}`);
      // The schema says something: the same answer with a record of the wrong shape does not match it.
      else if (validate({ ...(answer.body as object), data: { id: 42 } })) mismatches.push(`${path}: takes a record whose id is a number`);
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(5);
  });
});
