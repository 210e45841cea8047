import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiResourceOf } from '../../../contract/apiResources';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX, LANGUAGE_HEADER } from '../../../contract/http';
import { acceptsIdempotencyKey } from '../idempotency';
import { errorEnvelope, languageHeader, withHeaders } from './routeDocs';
import type { JsonSchema } from './yupJsonSchema';

export const API_DOCS_PATH = '/api/docs';
export const API_DOCS_UI_PATH = '/api/docs/ui';

const DESCRIPTION = [
  'Every JSON answer is an envelope `{ isSuccess, statusCode, message, data, errors? }` whose statusCode equals the HTTP status;',
  '`errors` lists `{ field, message }` on a 400. Messages come in the language of the `client-language` header (en or vi).',
  'Resource paths are documented under /api/v1; each is also answered at the same path under /api',
  '(/api/partners is /api/v1/partners), and those unversioned aliases are left out of this document.',
].join(' ');

const idempotencyHeader = {
  name: IDEMPOTENCY_KEY_HEADER.toLowerCase(),
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, description: 'The same key within 24 h answers the first result' },
  required: false,
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A generated client's method name: the verb and the path under /api/v1 (or /api), each `:param` as "By…", e.g.
 * `postPartnersSearch`, `getPartnersById`, `postUsersByIdSessionsBySidEnd`. Unique, since method and path are.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/v1)?\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? `By${capitalised(segment.slice(1))}`
        : segment
            .split(/[^A-Za-z0-9]+/)
            .map(capitalised)
            .join(''),
    );
  return method.toLowerCase() + words.join('');
}

type RouteSchema = FastifySchema & { headers?: JsonSchema; response?: Record<string, unknown> };

/** A listed resource's search body, its orderBy naming the fields that search sorts by (contract/apiResources.ts). */
function withSortableFields(url: string, body: unknown): unknown {
  const resource = apiResourceOf(/^\/api\/v1\/([a-z-]+)\/search$/.exec(url)?.[1] ?? '');
  const properties = (body as JsonSchema | undefined)?.properties as Record<string, JsonSchema> | undefined;
  if (!resource || !properties?.orderBy) return body;
  const description = `Each "field" or "field asc|desc", a field being one of: ${resource.sortable.join(', ')}`;
  return { ...(body as JsonSchema), properties: { ...properties, orderBy: { ...properties.orderBy, description } } };
}

/**
 * The API document, built from every route registered after this call (so: before the modules). Route schemas document requests and answers and nothing else: requests are checked by `validate()` (its
 * messages are i18n keys and its refusals envelopes) and answers leave exactly as the route sends them, so the
 * validator accepts everything and the serializer is JSON.stringify (fast-json-stringify would drop fields a
 * response schema does not list).
 */
export async function registerApiDocs(app: FastifyInstance) {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const routeKeys = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) routeKeys.add(`${method} ${route.url}`);
  });
  const isUnversionedAlias = (route: RouteOptions) =>
    route.url.startsWith('/api/') &&
    ([] as string[]).concat(route.method).every((method) => routeKeys.has(`${method} /api/v1${route.url.slice('/api'.length)}`));

  await app.register(swagger, {
    openapi: {
      info: { title: 'Partner Portal API', version: '1.0.0', description: DESCRIPTION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      const given = (schema ?? {}) as RouteSchema;
      if (given.hide) return { schema, url };
      if (isUnversionedAlias(route)) return { schema: { ...given, hide: true }, url };
      const headers = withHeaders(given.headers, [
        { name: LANGUAGE_HEADER, schema: languageHeader, required: false },
        ...(acceptsIdempotencyKey(route) ? [idempotencyHeader] : []),
      ]);
      const isPublic = route.config?.access === 'public' && given.security === undefined;
      const operationId = operationIdOf(([] as string[]).concat(route.method)[0], url);
      return {
        schema: {
          ...given,
          operationId,
          headers,
          ...(given.body ? { body: withSortableFields(url, given.body) } : {}),
          ...(isPublic ? { security: [] } : {}),
          response: { ...given.response, '4xx': errorEnvelope },
        },
        url,
      };
    },
  });
}

/** The API document at /api/docs and its interactive page at /api/docs/ui, served from this server (no CDN). */
export async function registerApiDocsRoutes(app: FastifyInstance) {
  app.get(API_DOCS_PATH, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  // The page's own routes (its HTML, assets and a copy of the document) are public, like the document.
  await app.register(async (docsPage) => {
    docsPage.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
      // The package redirects static/index.html to the page by editing its URL, which a query defeats (a redirect to itself).
      if (route.url === `${API_DOCS_UI_PATH}/static/index.html`) route.handler = (_request, reply) => reply.redirect(API_DOCS_UI_PATH);
    });
    await docsPage.register(swaggerUi, { routePrefix: API_DOCS_UI_PATH, uiConfig: { deepLinking: true, persistAuthorization: false } });
  });
}
