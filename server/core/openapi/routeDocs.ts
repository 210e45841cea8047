import * as yup from 'yup';
import { LANGUAGE_HEADER, TENANT_HEADER, TENANT_ROOT } from '../../../contract/http';
import { searchRequestSchema } from '../../../contract/schemas/search';
import { yupJsonSchema, type JsonSchema } from './yupJsonSchema';

/** A request or answer part: a contract yup schema, or JSON Schema written out where there is none. */
export type DocSchema = yup.Schema | JsonSchema;

const asJson = (schema: DocSchema): JsonSchema => (yup.isSchema(schema) ? yupJsonSchema(schema as yup.Schema) : (schema as JsonSchema));

/** An answer that is not an envelope: its content types and their schemas (CSV, files, the hub's own JSON). */
export interface RawAnswer {
  description: string;
  content: Record<string, { schema: JsonSchema }>;
}

const isRawAnswer = (answer: unknown): answer is RawAnswer => typeof answer === 'object' && answer !== null && 'content' in answer && !yup.isSchema(answer);

const fieldError: JsonSchema = {
  type: 'object',
  properties: { field: { type: 'string' }, message: { type: 'string' } },
  required: ['field', 'message'],
};

/** Every JSON answer: `data` is what the operation answers; `errors` names the fields a 400 refuses. */
export function envelopeOf(data: JsonSchema, description: string): JsonSchema {
  return {
    type: 'object',
    description,
    properties: {
      isSuccess: { type: 'boolean' },
      statusCode: { type: 'integer', description: 'Equals the HTTP status' },
      message: { type: 'string', description: 'In the language of the client-language header' },
      data,
      errors: { type: 'array', items: fieldError },
    },
    required: ['isSuccess', 'statusCode', 'message', 'data'],
  };
}

/** A refusal: 400 names fields in `errors`; 412 carries the current record in `data`, the rest `data: null`. */
export const errorEnvelope = envelopeOf({ description: 'null, or the current record of a 412' }, 'A refusal, as an envelope');

/** `data` answers. */
export const answers = {
  /** `data: null` (a message is the whole answer). */
  none: { type: 'object', nullable: true, enum: [null] } as JsonSchema,
  /** A page of search results with the total. */
  pageOf: (item: DocSchema): JsonSchema => ({
    type: 'object',
    properties: {
      items: { type: 'array', items: asJson(item) },
      totalCount: { type: 'integer' },
      currentPage: { type: 'integer' },
      pageSize: { type: 'integer' },
    },
    required: ['items', 'totalCount', 'currentPage', 'pageSize'],
  }),
  listOf: (item: DocSchema): JsonSchema => ({ type: 'array', items: asJson(item) }),
  ids: { type: 'array', items: { type: 'string', format: 'uuid' } } as JsonSchema,
  csv: { description: 'CSV (UTF-8 with BOM); x-total-count holds the number of rows', content: { 'text/csv': { schema: { type: 'string' } } } } as RawAnswer,
  file: (description: string): RawAnswer => ({ description, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }),
  json: (description: string, schema: DocSchema): RawAnswer => ({ description, content: { 'application/json': { schema: asJson(schema) } } }),
};

export const idParams = yup.object({ id: yup.string().uuid().required() });

/** `?pageNumber=&pageSize=` of a GET list. */
export const pageQuery = searchRequestSchema.pick(['pageNumber', 'pageSize']);

/** Headers an operation reads besides Authorization and client-language (which every operation documents). */
const HEADERS = {
  tenant: {
    name: TENANT_HEADER,
    schema: { type: 'string', enum: [TENANT_ROOT], description: 'Required on token calls: any other value is a 400' },
    required: true,
  },
  ifMatch: {
    name: 'if-match',
    schema: { type: 'string', description: 'The ETag of the version the change was made on: another is a 412 with the current record' },
    required: false,
  },
} as const;

export const languageHeader: JsonSchema = { type: 'string', enum: ['en', 'vi'], description: 'The language of the envelope message (English by default)' };

/** Adds header parameters to a route's `headers` schema. */
export function withHeaders(headers: JsonSchema | undefined, added: { name: string; schema: JsonSchema; required: boolean }[]): JsonSchema {
  const properties = { ...((headers?.properties as Record<string, JsonSchema>) ?? {}) };
  const required = new Set((headers?.required as string[]) ?? []);
  for (const header of added) {
    properties[header.name] = header.schema;
    if (header.required) required.add(header.name);
  }
  return { type: 'object', properties, ...(required.size ? { required: [...required] } : {}) };
}

interface RouteDocs {
  body?: DocSchema;
  /** The body may also come as multipart/form-data, the same fields beside `files`. */
  multipart?: boolean;
  params?: DocSchema;
  querystring?: DocSchema;
  headers?: (keyof typeof HEADERS)[];
  /** Answers by HTTP status: what `data` holds (wrapped in the envelope here), or a raw answer. */
  response: Record<number, DocSchema | RawAnswer>;
}

/**
 * The documentation half of a route's `schema` (spread beside its tags and summary): body, params, query and
 * answers, from the contract's schemas. It documents only: app.ts's compilers validate nothing and serialise
 * answers as sent, since `validate()` checks requests with i18n messages and the envelope shape is fixed.
 */
export function routeDocs({ body, multipart, params, querystring, headers, response }: RouteDocs) {
  const withFiles = (schema: JsonSchema) => ({
    ...schema,
    properties: { ...(schema.properties as object), files: { type: 'array', items: { type: 'string', format: 'binary' } } },
  });
  const multipartBody = (schema: JsonSchema) => ({ content: { 'multipart/form-data': { schema: withFiles(schema) }, 'application/json': { schema } } });
  return {
    ...(body ? { body: multipart ? multipartBody(asJson(body)) : asJson(body) } : {}),
    ...(params ? { params: asJson(params) } : {}),
    ...(querystring ? { querystring: asJson(querystring) } : {}),
    ...(headers?.length
      ? {
          headers: withHeaders(
            undefined,
            headers.map((h) => HEADERS[h]),
          ),
        }
      : {}),
    response: Object.fromEntries(
      Object.entries(response).map(([status, answer]) => [
        status,
        isRawAnswer(answer) ? answer : envelopeOf(asJson(answer), Number(status) === 201 ? 'Created' : 'Done'),
      ]),
    ),
  };
}

export { LANGUAGE_HEADER };
