import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiResourceName } from '../../contract/apiResources';
import type { Envelope } from '../../contract/envelope';
import { ApiError } from './errors';
import { isDatabaseUnavailable } from '../db/databaseUnavailable';
import { StorageUnavailableError } from '../files/storageUnavailable';
import { languageOf, translate } from './i18n';
import { DEFAULT_LANGUAGE } from '../../contract/http';
import { translateFieldMessage } from './validation';

/** Fastify's own refusals, put in words a client can act on. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'api.malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'api.bodyRequired',
  FST_ERR_CTP_BODY_TOO_LARGE: 'api.payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'api.unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'api.badRequest',
  FST_ERR_VALIDATION: 'api.validationFailed',
};

const BY_STATUS: Record<number, string> = {
  400: 'api.badRequest',
  401: 'api.unauthorized',
  403: 'api.forbidden',
  404: 'api.notFound',
  405: 'api.methodNotAllowed',
  409: 'api.conflict',
  413: 'api.payloadTooLarge',
  415: 'api.unsupportedMediaType',
  429: 'api.tooManyRequests',
};

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  const language = languageOf(request);
  const body: Envelope<unknown> = {
    isSuccess: false,
    statusCode: error.statusCode,
    message: translate(language, error.messageKey, error.values),
    data: error.data ?? null,
    ...(error.errors ? { errors: error.errors.map((e) => ({ field: e.field, message: translateFieldMessage(language, e.message) })) } : {}),
  };
  if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/** How long a client waits before trying again while the database is away: a restart takes a few seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The database cannot be reached (a restart, an outage): the request may succeed later, the instance carries on. */
const databaseUnavailable = () => Object.assign(new ApiError(503, 'api.databaseUnavailable'), { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });

/** The file store's server cannot be reached or failed (FILE_STORE=s3): the request may succeed later. */
const storageUnavailable = () => Object.assign(new ApiError(503, 'api.storageUnavailable'), { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });

/**
 * What PostgreSQL refused because of the values a request carried (SQLSTATE class 23, integrity, and 22, data): a
 * conflict or a bad request, mapped here once for every route, never a 500. A rule a service checks itself answers
 * more precisely before it comes to this (a declared resource's unique fields and references).
 */
function refusedByDatabase(error: unknown, depth = 0): ApiError | null {
  if (!(error instanceof Error) || depth > 5) return null;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  // Drizzle's query error carries the driver's as its cause.
  if (typeof code !== 'string' || typeof severity !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return refusedByDatabase(error.cause, depth + 1);
  if (code === '23503') return new ApiError(409, 'api.referenceConflict');
  if (code === '23505' || code === '23P01') return new ApiError(409, 'api.duplicateValue');
  if (code.startsWith('23') || code.startsWith('22')) return new ApiError(400, 'api.unstorableValue');
  return null;
}

/** A body over its route's limit: 413 naming the limit in MB (the route's own, else the app's). */
function bodyTooLarge(request: FastifyRequest) {
  const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0;
  return new ApiError(413, 'api.bodyTooLarge', undefined, { max: Math.round((limit / (1024 * 1024)) * 10) / 10 });
}

export function toApiError(error: FastifyError | Error): ApiError {
  if (error instanceof ApiError) return error;
  // Before the database's check: the store's error wraps a network error that would read as the database's.
  if (error instanceof StorageUnavailableError) return storageUnavailable();
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const refused = refusedByDatabase(error);
  if (refused) return refused;
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (fastifyError.code && FASTIFY_CODES[fastifyError.code]) return new ApiError(status >= 400 ? status : 400, FASTIFY_CODES[fastifyError.code]);
  if (status >= 400 && status < 500) return new ApiError(status, BY_STATUS[status] ?? 'api.badRequest');
  return new ApiError(500, 'api.serverError');
}

/** Sends a page's own refusal for a request under its address, or answers false (pages that are HTML, not the API). */
type PageRefusal = (request: FastifyRequest, reply: FastifyReply) => boolean;
const pageRefusals = new Map<string, PageRefusal>();

/** A module whose pages are HTML answers Fastify's refusals on its addresses with its own page (by name: once per process). */
export const registerPageRefusal = (name: string, refuse: PageRefusal) => void pageRefusals.set(name, refuse);

/** Refusals Fastify makes before routing (an undecodable URL, a path parameter too long): envelopes too, or a page's own. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  for (const refuse of pageRefusals.values()) if (refuse(request, reply)) return;
  sendError(request, reply, toApiError(error));
}

/**
 * Refusals Node makes before there is a request (headers or URL over the size limit, a malformed request
 * line, a timeout): envelopes too, in the default language since no header could be read.
 */
export function clientErrors(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'api.headersTooLarge']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'api.requestTimeout']
        : [400, 'api.badRequest'];
  const body: Envelope<null> = { isSuccess: false, statusCode: status, message: translate(DEFAULT_LANGUAGE, key), data: null };
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? bodyTooLarge(request) : toApiError(error);
    // A 503 is said on purpose (starting, shutting down, busy): the request line records it, without a stack per client.
    if (apiError.statusCode >= 500 && apiError.statusCode !== 503) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, apiError);
  });
  apiRoutesOf.set(app.server, collectApiRoutes(app));
  app.setNotFoundHandler(sendNoApiRoute);
}

/** Each server's API routes (every plugin instance of one app shares its HTTP server). */
const apiRoutesOf = new WeakMap<object, ReturnType<typeof collectApiRoutes>>();

/** `/api/v1/{name}` or `/api/v1/{name}/{id}` (or under /api) of a resource contract/apiResources.ts lists. */
function isResourceAddress(address: string) {
  const segments = address
    .split('?')[0]
    .replace(/^\/api(\/v1)?\//, '')
    .replace(/\/$/, '')
    .split('/');
  return segments.length <= 2 && isApiResourceName(segments[0]);
}

/**
 * An API request no route takes: 405 when its path is served with other methods (its Allow header names them,
 * RFC 9110 §15.5.6) or is a listed resource's collection or item address (an empty Allow where that address takes
 * no method: a stock <Create> on a resource that is never created), else 404. The not-found handler and the app's
 * catch-all GET (staticApp.ts) both answer so.
 */
export function sendNoApiRoute(request: FastifyRequest, reply: FastifyReply) {
  const allowed = apiRoutesOf.get(request.server.server)?.methodsAt(request.url) ?? [];
  if (!allowed.length && !(request.url.startsWith('/api/') && isResourceAddress(request.url)))
    return sendError(request, reply, new ApiError(404, 'api.routeNotFound'));
  reply.header('allow', allowed.join(', '));
  return sendError(request, reply, new ApiError(405, 'api.methodNotAllowed'));
}

/** A route's path as a pattern: `:param` one segment, `*` the rest. */
function pathPattern(url: string): RegExp {
  const source = url
    .replace(/\/+$/, '')
    .split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * The API's routes (under /api), as they are registered, to tell a wrong method on a served path (405 with
 * Allow) from a path nobody serves (404): the router answers "not found" for both.
 */
function collectApiRoutes(app: FastifyInstance) {
  const routes: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', ({ method, url }) => {
    if (!url.startsWith('/api/')) return;
    for (const one of ([] as string[]).concat(method)) routes.push({ method: one.toUpperCase(), pattern: pathPattern(url) });
  });
  return {
    /** The methods some route serves at this address (its query left out), HEAD with GET; none outside /api. */
    methodsAt(address: string): string[] {
      const path = address.split('?')[0];
      if (!path.startsWith('/api/')) return [];
      const methods = new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method));
      if (methods.has('GET')) methods.add('HEAD');
      return [...methods].sort();
    },
  };
}
