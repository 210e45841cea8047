import type * as yup from 'yup';
import type { RecordBounds } from '../../../contract/schemas/records';

/** The JSON Schema (OpenAPI 3.0 dialect: `nullable`) of a request or an answer, for the API document only. */
export type JsonSchema = { [keyword: string]: unknown };

/** What yup's `describe()` gives for one schema (yup types its tests' params loosely). */
interface Described {
  type: string;
  optional?: boolean;
  nullable?: boolean;
  default?: unknown;
  oneOf?: unknown[];
  tests?: { name?: string; params?: Record<string, unknown> }[];
  fields?: Record<string, Described>;
  innerType?: Described | Described[];
  meta?: { description?: string; record?: RecordBounds };
}

/** Our format checks (contract/schemas/fields.ts) and yup's own, as JSON Schema formats. */
const FORMATS: Record<string, string> = { email: 'email', uuid: 'uuid', url: 'uri', website: 'uri', datetime: 'date-time' };

const bounds: Record<string, { min: string; max: string }> = {
  string: { min: 'minLength', max: 'maxLength' },
  array: { min: 'minItems', max: 'maxItems' },
  number: { min: 'minimum', max: 'maximum' },
};

function testsOf(described: Described, schema: JsonSchema) {
  const limit = bounds[described.type];
  for (const { name, params = {} } of described.tests ?? []) {
    if (!name) continue;
    if (limit && (name === 'min' || name === 'max')) schema[limit[name]] = params[name];
    else if (limit && name === 'length') schema[limit.min] = schema[limit.max] = params.length;
    else if (name === 'integer') schema.type = 'integer';
    else if (name === 'required' && described.type === 'string' && schema.minLength === undefined) schema.minLength = 1;
    else if (name === 'matches' && params.regex instanceof RegExp && !params.regex.flags) schema.pattern = params.regex.source;
    else if (FORMATS[name]) schema.format = FORMATS[name];
  }
  if (described.type === 'string' && schema.minLength === 0) delete schema.minLength;
}

function fromDescription(described: Described): JsonSchema {
  const schema: JsonSchema = {};
  switch (described.type) {
    case 'object':
      schema.type = 'object';
      if (described.fields) {
        const entries = Object.entries(described.fields);
        schema.properties = Object.fromEntries(entries.map(([key, field]) => [key, fromDescription(field)]));
        const required = entries.filter(([, field]) => field.optional === false).map(([key]) => key);
        if (required.length) schema.required = required;
      }
      break;
    case 'array':
      schema.type = 'array';
      if (described.innerType && !Array.isArray(described.innerType)) schema.items = fromDescription(described.innerType);
      break;
    case 'tuple':
      schema.type = 'array';
      break;
    case 'date':
      schema.type = 'string';
      schema.format = 'date-time';
      break;
    case 'string':
    case 'number':
    case 'boolean':
      schema.type = described.type;
      break;
    // mixed and lazy: any JSON value, or a map keyed by the client with its bounds (contract/schemas/records.ts).
    default:
      if (described.meta?.record) {
        schema.type = 'object';
        schema.maxProperties = described.meta.record.maxKeys;
      }
  }
  testsOf(described, schema);
  const choices = (described.oneOf ?? []).filter((choice) => choice !== undefined && choice !== null && typeof choice !== 'object');
  // OpenAPI 3.0's `nullable` needs a `type` (an untyped value takes null already), and an enum that is nullable lists null.
  const nullable = !!described.nullable && schema.type !== undefined;
  if (choices.length) schema.enum = nullable ? [...choices, null] : choices;
  if (nullable) schema.nullable = true;
  // An object's default is its fields' defaults gathered, already said on each field.
  if (described.default !== undefined && typeof described.default !== 'function' && described.type !== 'object') schema.default = described.default;
  if (described.meta?.description) schema.description = described.meta.description;
  return schema;
}

/**
 * The JSON Schema of a contract yup schema: types, required fields, lengths and bounds, formats, enums
 * (`oneOf`), nullable, arrays and nested objects. Custom tests (a password that is not the email, say) have
 * no JSON Schema form and stay in the server's own validation, which is the one that runs.
 */
export function yupJsonSchema(schema: yup.Schema | yup.Reference | yup.Lazy<unknown>): JsonSchema {
  return fromDescription(schema.describe() as unknown as Described);
}
