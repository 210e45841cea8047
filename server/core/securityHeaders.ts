import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A Host header as browsers send it (name or IPv4 or [IPv6], optional port): anything else is left out of the policy. */
const HOST = /^(?:[a-z0-9.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The app's Content-Security-Policy: its own scripts only (none inline), styles inline for emotion (MUI),
 * images from itself or made in the page, connections to itself and its hub's WebSocket on the same host.
 */
export function contentSecurityPolicy(host: string | undefined): string {
  const hub = host && HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${hub}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const isApi = (url: string | undefined) => {
  const path = (url ?? '').split('?')[0];
  return path === '/api' || path.startsWith('/api/');
};

function applySecurityHeaders(url: string | undefined, host: string | undefined, response: ServerResponse) {
  if (response.headersSent || response.hasHeader('content-security-policy')) return;
  response.setHeader('content-security-policy', contentSecurityPolicy(host));
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('x-frame-options', 'DENY');
  response.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  response.setHeader('cross-origin-opener-policy', 'same-origin');
  // API answers are personal (sessions, records, exports): no cache may keep them.
  if (isApi(url)) response.setHeader('cache-control', 'no-store');
}

/**
 * Sets the headers on the raw response before Fastify handles the request, so they reach every answer:
 * envelopes, errors (a URL the router refuses included, which no hook sees), files, static pages and the
 * hub's hijacked streams; the hook covers injected requests, which bypass the server. A route's own header
 * of the same name (the avatar's cache, the hub's event stream) wins, since Node merges these under it.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) =>
    applySecurityHeaders(request.url, request.headers.host, response),
  );
  app.addHook('onRequest', async (request, reply) => applySecurityHeaders(request.url, request.headers.host, reply.raw));
}
