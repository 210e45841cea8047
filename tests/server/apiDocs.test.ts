import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiResources } from '../../contract/apiResources';
import { TENANT_HEADER } from '../../contract/http';
import { send } from '../../server/core/envelope';
import { routeDocs } from '../../server/core/openapi/routeDocs';
import { contentSecurityPolicy } from '../../server/core/securityHeaders';
import { startServer, type TestServer } from './harness';

type Parameter = { name: string; in: string; required?: boolean; schema?: { enum?: unknown[] } };
type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
};
type ApiDocument = {
  info: { description: string };
  security: unknown[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, Operation>>;
};

/** Writes that take no body: the hub's negotiate and the status toggles, whose path says it all. */
const BODYLESS = [
  'post /api/v1/sign-in-settings/{organisation}/domains/{id}/verify',
  'post /api/notifications/negotiate',
  'post /api/v1/users/{id}/toggle-status',
  'post /api/v1/partner-users/{id}/toggle-status',
  'post /api/v1/users/{id}/lift-hold',
  'post /api/v1/partner-users/{id}/lift-hold',
  'post /api/v1/users/{id}/resume-mail',
  'post /api/v1/partner-users/{id}/resume-mail',
  'post /api/v1/account/sessions/{id}/end',
  'post /api/v1/account/sessions/end-others',
  'post /api/v1/users/{id}/sessions/{sid}/end',
  'post /api/v1/partner-users/{id}/sessions/{sid}/end',
  'post /api/v1/forms/{id}/publish',
  'post /api/v1/forms/{id}/new-version',
  'post /api/v1/files/{id}/links',
  'post /api/v1/inbox/{id}/read',
  'post /api/v1/inbox/read-all',
  'post /api/v1/account/passkeys/options',
  'post /api/v1/token/impersonation/end',
  'post /api/v1/account/second-factor/enrolment',
  'post /api/v1/users/{id}/second-factor/reset',
  'post /api/v1/help-articles/{id}/publish',
  'post /api/v1/help-articles/{id}/unpublish',
  'post /api/v1/agreement-versions/{id}/accept',
];

let server: TestServer;
let doc: ApiDocument;

beforeAll(async () => {
  server = await startServer({
    beforeListen: ({ app }) => {
      // An answer with a field its response schema does not list: the schema documents, it never filters.
      app.get(
        '/api/test/unlisted',
        {
          config: { access: 'public' },
          schema: { hide: true, ...routeDocs({ response: { 200: { type: 'object', properties: { listed: { type: 'string' } } } } }) },
        },
        async (request: FastifyRequest, reply: FastifyReply) => send(request, reply, { listed: 'in the schema', unlisted: 'not in the schema' }),
      );
    },
  });
  doc = JSON.parse((await server.api('GET', '/api/docs')).text) as ApiDocument;
});
afterAll(() => server.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method} ${path}`, method, path, operation })),
  );

describe('the API document at /api/docs', () => {
  it('gives every operation a schema for its successful answer', () => {
    const undocumented = operations()
      .filter(
        ({ operation }) =>
          !Object.entries(operation.responses).some(
            ([status, answer]) => /^2/.test(status) && Object.values(answer.content ?? {}).some((media) => media.schema),
          ),
      )
      .map(({ key }) => key);
    expect(undocumented).toEqual([]);
  });

  it('wraps JSON answers in the envelope, and documents refusals as envelopes', () => {
    const partner = doc.paths['/api/v1/partners/{id}'].get;
    expect(Object.keys(partner.responses['200'].content!['application/json'].schema!.properties!)).toEqual([
      'isSuccess',
      'statusCode',
      'message',
      'data',
      'errors',
    ]);
    const data = partner.responses['200'].content!['application/json'].schema!.properties!.data as { properties: Record<string, unknown> };
    expect(Object.keys(data.properties)).toEqual(expect.arrayContaining(['id', 'name', 'email', 'website', 'deleted', 'version']));
    expect(
      operations()
        .filter(({ operation }) => !operation.responses['4XX']?.content)
        .map(({ key }) => key),
    ).toEqual([]);
  });

  it('names every operation with an operationId of its own, so a generated client names its methods', () => {
    const ids = operations().map(({ key, operation }) => ({ key, id: operation.operationId }));
    expect(ids.filter(({ id }) => !id).map(({ key }) => key)).toEqual([]);
    const repeated = ids.filter(({ id }, i) => ids.findIndex((other) => other.id === id) !== i).map(({ key, id }) => `${key}: ${id}`);
    expect(repeated).toEqual([]);
    expect(doc.paths['/api/v1/partners/search'].post.operationId).toBe('postPartnersSearch');
    expect(doc.paths['/api/v1/partners/{id}'].get.operationId).toBe('getPartnersById');
  });

  it('says `nullable` only with a `type`, and a nullable enum lists null (so `versionDecision: null` validates)', () => {
    const found: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (schema.nullable === true && !schema.type) found.push(`${at}: nullable without a type`);
      if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) found.push(`${at}: nullable enum without null`);
      for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`);
    };
    walk(doc.paths, '');
    expect(found).toEqual([]);
  });

  it.each(apiResources.filter((resource) => resource.methods.includes('search')))(
    '$name: its search documents on orderBy the fields it sorts by (contract/apiResources.ts)',
    ({ name, sortable }) => {
      const body = doc.paths[`/api/v1/${name}/search`].post.requestBody!.content['application/json'].schema as {
        properties: { orderBy: { description?: string } };
      };
      const listed = body.properties.orderBy.description?.split(': ').at(-1)?.split(', ');
      expect(listed).toEqual(sortable);
    },
  );

  it.each(['roles', 'canned-responses'])('documents the version (ETag, If-Match) of a %s record', (name) => {
    const data = doc.paths[`/api/v1/${name}/{id}`].get.responses['200'].content!['application/json'].schema!.properties!.data as {
      properties: Record<string, unknown>;
    };
    expect(data.properties.version).toMatchObject({ type: 'string' });
  });

  it('documents the body of every POST, PUT and PATCH that takes one', () => {
    const missing = operations()
      .filter(({ key, method }) => ['post', 'put', 'patch'].includes(method) && !BODYLESS.includes(key))
      .filter(({ operation }) => !Object.values(operation.requestBody?.content ?? {}).some((media) => media.schema))
      .map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it('documents request bodies from the contract: required fields and their limits', () => {
    const body = doc.paths['/api/v1/partners'].post.requestBody!.content['application/json'].schema as {
      required: string[];
      properties: Record<string, object>;
    };
    expect(body.required).toEqual(expect.arrayContaining(['name', 'email', 'type', 'address', 'phone']));
    expect(body.properties.name).toMatchObject({ type: 'string', maxLength: 255 });
    expect(body.properties.website).toMatchObject({ type: 'string', nullable: true });
  });

  it('declares bearer security for the API, and none on public operations', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/token'].post.security).toEqual([]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/partners/{id}'].get.security).toBeUndefined();
  });

  it('declares the client-language header on every operation and the tenant header on token calls', () => {
    const header = (operation: Operation, name: string) => operation.parameters?.find((p) => p.in === 'header' && p.name === name);
    expect(
      operations()
        .filter(({ operation }) => !header(operation, 'client-language')?.schema?.enum)
        .map(({ key }) => key),
    ).toEqual([]);
    for (const path of ['/api/token', '/api/token/refresh', '/api/token/revoke']) {
      expect(header(doc.paths[path].post, TENANT_HEADER), path).toMatchObject({ required: true, schema: { enum: ['root'] } });
    }
  });

  it('lists each path once: under /api/v1, the unversioned aliases named in the description instead', () => {
    const aliases = Object.keys(doc.paths).filter((path) => path.startsWith('/api/') && !path.startsWith('/api/v1/') && `/api/v1${path.slice(4)}` in doc.paths);
    expect(aliases).toEqual([]);
    expect(doc.paths['/api/v1/partners/search']).toBeDefined();
    expect(doc.paths['/api/partners/search']).toBeUndefined();
    expect(doc.info.description).toContain('/api/partners is /api/v1/partners');
  });
});

describe('route schemas document and never change a request or an answer', () => {
  it('an answer keeps a field its response schema does not list', async () => {
    const answer = await server.api<{ listed: string; unlisted: string }>('GET', '/api/test/unlisted');
    expect(answer.body.data).toEqual({ listed: 'in the schema', unlisted: 'not in the schema' });
  });

  it('a body the documented schema would refuse reaches our validation, which names the field in the reader’s language', async () => {
    const answer = await server.api('POST', '/api/token', { body: { email: 5, password: 'x' }, headers: { [TENANT_HEADER]: 'root', 'client-language': 'vi' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((e) => e.field)).toEqual(['email']);
    expect(answer.body.errors?.[0].message).not.toMatch(/must be/);
  });
});

describe('the interactive page at /api/docs/ui', () => {
  it('answers HTML whose scripts and styles come from this server, under the strict policy', async () => {
    const page = await fetch(`${server.url}/api/docs/ui`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy(new URL(server.url).host));
    const html = await page.text();
    // The policy allows scripts from this origin only: no inline script may be needed.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      const url = new URL(asset, `${server.url}/api/docs/ui`);
      expect(url.origin, asset).toBe(server.url);
      const answer = await fetch(url);
      expect(answer.status, asset).toBe(200);
      await answer.arrayBuffer();
    }
  });

  it('sends the package’s own index.html address to the page, with or without a query', async () => {
    for (const query of ['', '?%', '?a=1']) {
      const answer = await fetch(`${server.url}/api/docs/ui/static/index.html${query}`, { redirect: 'manual' });
      expect(answer.headers.get('location'), query).toBe('/api/docs/ui');
    }
  });

  it('reads the same document, from this server', async () => {
    const copy = await server.api('GET', '/api/docs/ui/json');
    expect(JSON.parse(copy.text)).toEqual(doc);
  });
});
