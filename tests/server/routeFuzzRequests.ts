import fc from 'fast-check';
import * as yup from 'yup';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  updateUserSchema,
  verifyTokenSchema,
} from '../../contract/schemas/accounts';
import { partnerSchema } from '../../contract/schemas/partners';
import { rolePermissionsSchema, roleSchema, userRolesSchema } from '../../contract/schemas/roles';
import { searchRequestSchema } from '../../contract/schemas/search';
import { ALL_PERMISSIONS } from '../../contract/permissions';
import { adminUpdateTicketSchema, createTicketSchema, ticketMessageSchema, ticketSearchSchema, updateTicketStatusSchema } from '../../contract/schemas/tickets';

/** One generated request, printed short when fast-check reports it (a 200 KB string would drown the report). */
export interface FuzzRequest {
  method: string;
  /** Path and query as sent, already encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  [fc.toStringMethod](): string;
}

/** Ids of existing rows by the path segment they belong to, so that a request can reach the row's code. */
export type IdPools = Record<'partners' | 'users' | 'roles' | 'tickets' | 'attachments', string[]>;

export const PROTOTYPE_KEYS = ['toString', 'valueOf', 'hasOwnProperty', 'constructor', '__proto__', 'isPrototypeOf', '__defineGetter__', 'toLocaleString'];

type Described = { type: string; fields?: Record<string, Described>; innerType?: Described; oneOf?: unknown[]; tests?: { name?: string }[] };

const partnerSearch = searchRequestSchema.shape({ name: yup.string(), phone: yup.string(), includeDeleted: yup.boolean() });
const roleSearch = searchRequestSchema.shape({ includeDeleted: yup.boolean() });
const userSearch = searchRequestSchema.shape({ isActive: yup.boolean(), partnerId: yup.string().uuid() });
const bulkIds = yup.object({ ids: yup.array(yup.string().uuid()) });

/**
 * The contract schema each route validates its body (or, for exports, its query) with, by method and path
 * without the /api or /api/v1 prefix. A route missing here is still fuzzed, with arbitrary JSON.
 */
export const ROUTE_SCHEMAS: Record<string, yup.AnyObjectSchema> = {
  'POST /token': loginSchema,
  'POST /token/refresh': refreshSchema,
  'POST /token/revoke': refreshSchema,
  'POST /users/forgot-password': forgotPasswordSchema,
  'POST /users/verify-token/forgot-password': verifyTokenSchema,
  'POST /users/verify-token/email-active': verifyTokenSchema,
  'POST /users/reset-password': resetPasswordSchema,
  'POST /users/confirm-mail': resetPasswordSchema,
  'POST /users/change-password': changePasswordSchema,
  'PUT /users/profile': profileSchema,
  'POST /users/register': registerSchema,
  'POST /partner-users': registerSchema,
  'PUT /users/:id': updateUserSchema,
  'PATCH /users/:id': updateUserSchema,
  'PUT /partner-users/:id': updateUserSchema,
  'PATCH /partner-users/:id': updateUserSchema,
  'POST /users/:id/roles': userRolesSchema,
  'POST /partners': partnerSchema,
  'PUT /partners/:id': partnerSchema,
  'PATCH /partners/:id': partnerSchema,
  'PATCH /partners': bulkIds.shape({ data: partnerSchema }),
  'POST /roles': roleSchema,
  'PUT /roles/:id': roleSchema,
  'PATCH /roles/:id': roleSchema,
  'PATCH /roles': bulkIds.shape({ data: roleSchema }),
  'PATCH /users': bulkIds.shape({ data: updateUserSchema }),
  'PATCH /partner-users': bulkIds.shape({ data: updateUserSchema }),
  'PUT /roles/:id/permissions': rolePermissionsSchema,
  'POST /roles/:id/permissions/preview': rolePermissionsSchema,
  'POST /tickets': createTicketSchema,
  'PUT /tickets/:id': updateTicketStatusSchema,
  'PUT /tickets/admin/:id': adminUpdateTicketSchema,
  'POST /tickets/:id/messages': ticketMessageSchema,
  'POST /tickets/search': ticketSearchSchema,
  'GET /tickets/export': ticketSearchSchema,
  'POST /partners/search': partnerSearch,
  'GET /partners/export': partnerSearch,
  'POST /roles/search': roleSearch,
  'GET /roles/export': roleSearch,
  'POST /users/search': userSearch,
  'POST /partner-users/search': userSearch,
};
export const schemaOf = (routeKey: string) => ROUTE_SCHEMAS[routeKey] ?? (/^POST \/[\w-]+\/delete$/.test(routeKey) ? bulkIds : undefined);

/** Routes that take multipart bodies as well as JSON. */
export const MULTIPART_ROUTES = new Set(['POST /tickets', 'POST /tickets/:id/messages']);

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const ODD_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udc00y',
  '\ud83d\ude00',
  '',
  '   ',
  '%',
  '_',
  '\\',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  ...PROTOTYPE_KEYS,
  '1e20',
  'NaN',
  '-1',
  'null',
  'true',
  '\u202e',
  '\r\n',
  '=1+1',
  'OPEN',
  'name asc',
  'id desc',
  '__proto__ asc',
  'constructor desc',
  MISSING_ID,
  'a'.repeat(256),
  'a'.repeat(70_000),
  'a@' + 'a.'.repeat(100_000) + '@',
  'http://a' + 'a.'.repeat(50_000) + ' x',
  '<b>'.repeat(5000) + '</i>'.repeat(5000),
];
const oddString = fc.oneof(fc.constantFrom(...ODD_STRINGS), fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }));
const oddNumber = fc.oneof(
  fc.constantFrom(1e20, -1, 0, 0.5, -0.5, 1e308, -1e308, 2 ** 53 + 2, -0, 1001, 100_000),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, [{}], ['x'], { a: 1 }, { toString: 'x' }, 0, '');
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(oddString, oddNumber, wrongType, fc.jsonValue({ maxDepth: 2 }));

/** The value one time in `oneIn`, otherwise null. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number) => fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

const hasTest = (d: Described, name: string) => (d.tests ?? []).some((t) => t.name === name);

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Values a field of this name takes in a request that should succeed, where its type alone says too little. */
function plausibleByName(name: string, pools: IdPools): fc.Arbitrary<unknown> | undefined {
  const fromPool = (pool: string[]) => (pool.length ? fc.constantFrom(...pool) : fc.constant(MISSING_ID));
  switch (name) {
    case 'orderBy':
      // Every resource sorts by id; other sort fields differ between resources.
      return fc.array(fc.constantFrom('id asc', 'id desc', 'id'), { maxLength: 1 });
    case 'id':
      return fc.constantFrom('', '0', '1a2b', 'ABCDEF-0');
    case 'permissions':
      return fc.subarray(ALL_PERMISSIONS, { maxLength: 30 });
    case 'ids':
      return fc.array(fc.constantFrom(MISSING_ID, ...Object.values(pools).flat()), { minLength: 1, maxLength: 3 });
    case 'password':
    case 'newPassword':
    case 'confirmNewPassword':
      return fc.constant('Fuzz-Passw0rd!');
    case 'token':
    case 'refreshToken':
      return fc.constantFrom('x'.repeat(40), 'eyJhbGciOiJIUzI1NiJ9.e30.x');
    case 'email':
      return fc.nat().map((n) => `fuzz${n}@example.com`);
    case 'partnerId':
      return fromPool(pools.partners);
    case 'roleId':
      return fromPool(pools.roles);
    case 'ticketId':
      return fromPool(pools.tickets);
    case 'image':
      return fc.constant({ name: 'a.png', extension: 'png', data: `data:image/png;base64,${PNG_BASE64}` });
    case 'fields':
      return fc.constant(['name']);
    default:
      return undefined;
  }
}

/** A value the field would accept, drawn from the schema's own description (and the field's name). */
function plausibleValue(name: string, d: Described, pools: IdPools): fc.Arbitrary<unknown> {
  const byName = plausibleByName(name, pools);
  if (byName) return byName;
  const accepted = (d.oneOf ?? []).filter((v) => v !== undefined);
  if (accepted.length) return fc.constantFrom(...accepted);
  switch (d.type) {
    case 'string':
      if (hasTest(d, 'email')) return fc.constantFrom('fuzz@example.com', 'a.b@c.de');
      if (hasTest(d, 'phone')) return fc.constantFrom('+84 28 555 0101', '0905 555 070');
      if (hasTest(d, 'website')) return fc.constantFrom('https://example.com', 'http://a.bc/x?y#z');
      if (hasTest(d, 'uuid')) return fc.constantFrom(MISSING_ID, ...Object.values(pools).flat());
      return fc.oneof(fc.constantFrom('Fuzz', 'Nguyễn Đức', 'a'), fc.string({ minLength: 1, maxLength: 20 }));
    case 'number':
      return fc.integer({ min: 1, max: 200 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(name, d.innerType ?? { type: 'mixed' }, pools), { maxLength: 3 });
    case 'object':
      return d.fields ? objectOf(d, pools) : fc.jsonValue({ maxDepth: 2 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly what the field accepts, so that most requests get past validation to the code behind it. */
const valueOf = (name: string, d: Described, pools: IdPools): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 20, arbitrary: plausibleValue(name, d, pools) }, { weight: 1, arbitrary: oddValue });

const extraKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'id', 'ids', 'data', 'includeDeleted', 'version'), fc.string({ maxLength: 10 }));

/** Some of the schema's fields, plus now and then a key it does not know; `__proto__` stays an own key. */
function objectOf(d: Described, pools: IdPools): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(d.fields ?? {}).map(([name, field]) => [name, valueOf(name, field, pools)]));
  const required = Object.entries(d.fields ?? {})
    .filter(([, field]) => (field as { optional?: boolean }).optional === false)
    .map(([name]) => name);
  return fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: fc.record(fields, { requiredKeys: required }) }, { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) }),
      rarely(fc.tuple(extraKey, oddValue), 8),
    )
    .map(([known, extra]) => Object.fromEntries([...Object.entries(known), ...(extra ? [extra] : [])]));
}

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"x"',
  '1e400',
  '{"a":1}{"b":2}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\ufeff{}',
  '{"pageNumber":1e400}',
];
const ODD_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data', 'application/xml'];

/** A JSON body for the schema (or any JSON), now and then not an object, not JSON, or not labelled JSON. */
function jsonBody(schema: yup.AnyObjectSchema | undefined, pools: IdPools) {
  const object = schema ? objectOf(schema.describe() as Described, pools) : fc.dictionary(extraKey, oddValue, { maxKeys: 4 });
  const text = fc.oneof(
    { weight: 8, arbitrary: object.map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: fc.oneof(fc.array(object, { maxLength: 2 }), oddValue).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
  const contentType = fc.oneof({ weight: 9, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom(...ODD_CONTENT_TYPES) });
  return fc.tuple(text, contentType).map(([body, type]) => ({ body: body as string | Buffer, headers: { 'content-type': type } }));
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const FILE_CONTENTS = [PNG, Buffer.from('hello'), Buffer.alloc(0), Buffer.alloc(64, 0), Buffer.from([0x4d, 0x5a, 0x90, 0x00])];
const FILE_NAMES = ['a.png', 'note.txt', '', '..', '../../etc/passwd', 'a\u0000.txt', 'x'.repeat(400) + '.txt', 'Ảnh chụp.png', 'a"b.txt', 'con', '__proto__'];

/** A multipart body: the schema's fields as text parts, files with odd names and contents, sometimes cut short. */
function multipartBody(schema: yup.AnyObjectSchema, pools: IdPools) {
  const boundary = 'fuzz-boundary-7MA4YWxkTrZu0gW';
  const field = fc.tuple(fc.oneof(fc.constantFrom(...Object.keys(schema.fields), 'files', ...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), oddString);
  const extraFields = rarely(fc.array(field, { minLength: 1, maxLength: 2 }), 4).map((fields) => fields ?? []);
  const file = fc.tuple(fc.constantFrom('files', 'files[]', 'x'), fc.constantFrom(...FILE_NAMES), fc.constantFrom(...FILE_CONTENTS));
  const plausible = objectOf(schema.describe() as Described, pools).map((o) =>
    Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
  );
  return fc
    .tuple(
      plausible,
      extraFields,
      fc.array(file, { maxLength: 3 }),
      rarely(fc.nat(), 4),
      fc.oneof(
        { weight: 6, arbitrary: fc.constant(`multipart/form-data; boundary=${boundary}`) },
        { weight: 1, arbitrary: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=other') },
      ),
    )
    .map(([known, extra, files, cut, type]) => {
      const chunks: Buffer[] = [];
      for (const [name, value] of [...known, ...extra])
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
      for (const [name, fileName, bytes] of files) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          bytes,
          Buffer.from('\r\n'),
        );
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      const whole = Buffer.concat(chunks);
      return { body: cut === null ? whole : whole.subarray(0, cut % (whole.length + 1)), headers: { 'content-type': type } };
    });
}

const ODD_SEGMENTS = [
  MISSING_ID,
  'not-a-uuid',
  '%00',
  '%ED%A0%80',
  '%',
  'a'.repeat(150),
  '__proto__',
  'constructor',
  'toString',
  '1e20',
  '-1',
  '..%2F..%2Fpackage.json',
  '%F0%9F%98%80',
  '00000000-0000-0000-0000-000000000000',
  '%20',
  'x.png',
  '..',
  'admin',
];

function poolFor(url: string, param: string, pools: IdPools): string[] {
  if (param === 'attachmentId') return pools.attachments;
  if (param === 'file') return ['00000000-0000-4000-8000-000000000000-0123456789abcdef.png'];
  const segment = url.split('/').find((part) => part in pools || part === 'partner-users');
  return segment ? pools[segment === 'partner-users' ? 'users' : (segment as keyof IdPools)] : [];
}

/** The route's path with each `:param` filled by an existing row's id (often, uppercased now and then) or an odd segment. */
function pathOf(url: string, pools: IdPools) {
  const params = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const values = params.map((param) => {
    const pool = poolFor(url, param, pools);
    const plausible = pool.length ? fc.constantFrom(...pool).chain((id) => fc.constantFrom(id, id.toUpperCase())) : fc.constant(MISSING_ID);
    return fc.oneof({ weight: 2, arbitrary: plausible }, { weight: 1, arbitrary: fc.constantFrom(...ODD_SEGMENTS) });
  });
  return fc.tuple(...values).map((filled) => params.reduce((path, param, i) => path.replace(`:${param}`, filled[i]), url));
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes as the bytes of its UTF-8 form. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};
const RAW_QUERIES = [
  '%',
  '%zz',
  '%00',
  'keyword=%ED%A0%80',
  'a[b]=1',
  'orderBy=name&orderBy=name',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  'pageSize=1e20',
  'keyword',
];

/** A query: the schema's fields as parameters (arrays repeated), sometimes odd pairs, sometimes raw odd text. */
function queryOf(schema: yup.AnyObjectSchema | undefined, pools: IdPools) {
  const keys = [...Object.keys(schema?.fields ?? {}), 'keyword', 'orderBy', ...PROTOTYPE_KEYS];
  const oddPairs = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })), oddString), { minLength: 1, maxLength: 3 });
  const plausiblePairs = schema
    ? objectOf(schema.describe() as Described, pools).map((o) =>
        // A query carries text: the text and yes/no fields of the search, and its sort (repeatable).
        Object.entries(o).flatMap(([k, v]) =>
          k === 'orderBy' && Array.isArray(v) ? v.map((item) => [k, String(item)]) : typeof v === 'string' || typeof v === 'boolean' ? [[k, String(v)]] : [],
        ),
      )
    : fc.constant([] as string[][]);
  const built = fc
    .oneof({ weight: 3, arbitrary: plausiblePairs }, { weight: 1, arbitrary: oddPairs })
    .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
  return fc.oneof({ weight: 6, arbitrary: built }, { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) });
}

const ODD_HEADERS: Record<string, string>[] = [
  { 'client-language': 'vi' },
  { 'client-language': 'xx' },
  { 'if-match': '"1"' },
  { 'if-match': '*' },
  { 'if-match': 'W/"x"' },
  { 'if-match': `"${'a'.repeat(5000)}"` },
  { 'idempotency-key': 'fuzz-key-1' },
  { 'idempotency-key': '' },
  { 'idempotency-key': 'k'.repeat(300) },
  { 'idempotency-key': 'cl\u00e9' },
  { tenant: 'other' },
];
const ODD_AUTHORIZATIONS = ['Bearer x', `Bearer ${'a'.repeat(3000)}`, 'Basic YTpi', 'Bearer a.b.c', 'Bearer ', 'bearer eyJhbGciOiJub25lIn0.e30.'];

const shown = (value: unknown) => {
  const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('latin1') : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
};

/** Requests for one route: its method, its path with parameters, a body or query from its schema, odd headers. */
export function requestsFor(method: string, url: string, routeKey: string, pools: IdPools, authorization: string | null): fc.Arbitrary<FuzzRequest> {
  const schema = schemaOf(routeKey);
  const payload =
    method === 'GET' || method === 'HEAD'
      ? queryOf(schema, pools).map((query) => ({ query, body: undefined as string | Buffer | undefined, headers: {} as Record<string, string> }))
      : (MULTIPART_ROUTES.has(routeKey) && schema ? fc.oneof(jsonBody(schema, pools), multipartBody(schema, pools)) : jsonBody(schema, pools)).map((b) => ({
          query: '',
          ...b,
        }));
  const headers = fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_HEADERS) });
  const auth = authorization
    ? fc.constant(authorization)
    : fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_AUTHORIZATIONS) });
  return fc.tuple(pathOf(url, pools), payload, headers, auth).map(([path, p, extra, bearer]) => {
    const request: FuzzRequest = {
      method,
      url: p.query ? `${path}?${p.query}` : path,
      headers: { tenant: 'root', ...p.headers, ...extra, ...(bearer ? { authorization: bearer } : {}) },
      body: p.body,
      [fc.toStringMethod]: () => {
        const headers = { ...request.headers, ...(bearer === authorization && bearer ? { authorization: 'Bearer <the caller’s token>' } : {}) };
        return `${method} ${shown(request.url)} headers=${shown(headers)}${request.body === undefined ? '' : ` body=${shown(request.body)}`}`;
      },
    };
    return request;
  });
}

/** A route's declared request part, as its `schema` carries it (JSON Schema made from the contract's yup schema). */
export type DeclaredSchema = { [keyword: string]: unknown };

/** One oversized request part: what it holds, for the report, and the body or query it goes as. */
export interface LargeInput {
  label: string;
  body?: string;
  query?: string;
}

/** Levels of nesting a body may reach under the JSON parser's limit (MAX_JSON_DEPTH, 32), counting the body and its field. */
const NESTING = 29;
const nested = (levels: number): unknown => (levels === 0 ? 'x' : levels % 2 ? [nested(levels - 1)] : { a: nested(levels - 1) });
const LONG_TEXT = 'a'.repeat(500_000);
const SORT_KEYS = (entries: number) => Array<string>(entries).fill('!');

/** The value's JSON at one path of the body: `{ a: { b: value } }` for ['a', 'b']. */
const bodyWith = (path: string[], value: unknown) => JSON.stringify(path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value));

/** The JSON part of a declared body: multipart bodies declare it beside the form. */
const jsonPartOf = (schema: DeclaredSchema): DeclaredSchema =>
  ((schema.content as Record<string, { schema: DeclaredSchema }> | undefined)?.['application/json']?.schema ?? schema) as DeclaredSchema;

/**
 * Oversized values for every field of a declared body, one field at a time: lists just past their maximum and of
 * 20,000 entries (sort keys also 50,000 and 150,000), texts just past theirs and of 500,000 characters, maps of
 * 20,000 keys, and values nested as deep as the parser lets through. Each must be refused, cheaply.
 */
export function largeBodiesOf(declared: DeclaredSchema): LargeInput[] {
  const inputs: LargeInput[] = [];
  const visit = (schema: DeclaredSchema, path: string[]) => {
    const at = path.join('.');
    const add = (label: string, value: unknown) => inputs.push({ label: `${at}: ${label}`, body: bodyWith(path, value) });
    const properties = schema.properties as Record<string, DeclaredSchema> | undefined;
    if (properties) {
      for (const [name, property] of Object.entries(properties)) visit(property, [...path, name]);
      return;
    }
    add(`nested ${NESTING} levels`, nested(NESTING - path.length));
    if (schema.type === 'array') {
      const max = Number(schema.maxItems ?? 1000);
      add(`${max + 1} entries`, Array<string>(max + 1).fill(MISSING_ID));
      for (const entries of path.at(-1) === 'orderBy' ? [20_000, 50_000, 150_000] : [20_000])
        add(`${entries.toLocaleString('en')} entries`, SORT_KEYS(entries));
    } else if (schema.type === 'string') {
      // A choice among fixed texts is as long as its longest choice at most.
      const choices = ((schema.enum as unknown[] | undefined) ?? []).map((choice) => String(choice).length);
      const max = Number(schema.maxLength ?? Math.max(0, ...choices));
      add(`${max + 1} characters`, 'a'.repeat(max + 1));
      if (max < LONG_TEXT.length) add('500,000 characters', LONG_TEXT);
    } else if (schema.type === 'object') {
      add('20,000 keys', Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 'x'])));
      add('a 500,000-character value', { k: LONG_TEXT });
    }
  };
  visit(jsonPartOf(declared), []);
  return inputs;
}

/** Oversized queries for a declared query: a sort repeated past any maximum, within the URL length a server reads. */
export function largeQueriesOf(declared: DeclaredSchema): LargeInput[] {
  const properties = Object.entries((declared.properties as Record<string, DeclaredSchema> | undefined) ?? {});
  const texts = properties.filter(([name, property]) => name !== 'orderBy' && property.type === 'string').map(([name]) => name);
  return [
    ...(properties.some(([name]) => name === 'orderBy')
      ? [
          { label: 'orderBy repeated 1,500 times', query: 'orderBy=id&'.repeat(1500).slice(0, -1) },
          { label: 'orderBy of 7,000 comma-separated keys', query: `orderBy=${'i,'.repeat(7000)}i` },
        ]
      : []),
    ...texts.map((name) => ({ label: `${name}: 14,000 characters`, query: `${encode(name)}=${'a'.repeat(14_000)}` })),
  ];
}
