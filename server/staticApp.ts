import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNoApiRoute } from './core/errorHandlers';
import { builtSignInPages, signInPageFor } from './static/signInPage';
import { routePageMatcher, type RoutePages } from './staticRoutePages';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The build's route → page table (scripts/preloadPages.ts), or null for a build without one. */
function readRoutePages(root: string): RoutePages | null {
  const file = path.join(root, '.vite', 'routePages.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePages) : null;
}

/**
 * The page for each app path: index.html with modulepreloads of the bundle and screen chunks that path opens (written
 * by the build), or index.html itself where the build wrote none. Read once at start, not on disk per request.
 */
function pageChooser(root: string | null): (urlPath: string) => string {
  const table = root ? readRoutePages(root) : null;
  if (!root || !table) return () => 'index.html';
  const match = routePageMatcher(table);
  const built = new Set([table.otherwise, ...table.routes.map((route) => route.page)].filter((page) => fs.existsSync(path.join(root, page))));
  return (urlPath) => {
    const page = match(path.posix.normalize(urlPath));
    return built.has(page) ? page : 'index.html';
  };
}

const isApiPath = (urlPath: string) => urlPath === '/api' || urlPath.startsWith('/api/');

/** A request's path, decoded; null when its percent-encoding is not valid UTF-8 (Fastify's router refuses most such paths first). */
function decodedPath(rawPath: string): string | null {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

/**
 * Serves the built app from `dist`, with a page for every non-API path (history fallback). Files go out as the
 * build precompressed them (`.br`, `.gz`) when the browser accepts that encoding; hashed assets are cached for good.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string | undefined) {
  const root = staticDir && fs.existsSync(path.join(staticDir, 'index.html')) ? staticDir : null;
  // cacheControl: false, so the cache-control set below stands (send would overwrite it with max-age=0).
  if (root) await app.register(fastifyStatic, { root, serve: false, cacheControl: false, preCompressed: true });
  const pageFor = pageChooser(root);
  const signInPages = builtSignInPages(root);

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const rawPath = request.url.split('?')[0];
    const urlPath = decodedPath(rawPath);
    if (isApiPath(urlPath ?? rawPath)) return sendNoApiRoute(request, reply);
    if (urlPath === null) return reply.code(404).header('cache-control', 'no-cache').type('text/plain').send('Not found');
    if (!root) return reply.code(503).type('text/plain').send('The app is not built: run npm run build');
    reply.header('vary', 'Accept-Encoding');
    const file = path.normalize(urlPath).replace(/^([/\\])+/, '');
    const full = path.join(root, file);
    const inside = file !== '' && full.startsWith(root);
    if (inside && fs.existsSync(full) && fs.statSync(full).isFile()) {
      return reply.header('cache-control', file.startsWith('assets/') ? IMMUTABLE : 'no-cache').sendFile(file);
    }
    // A chunk of another build is gone for good: the page asking for it must not take index.html for code.
    if (inside && file.startsWith('assets/')) return reply.code(404).header('cache-control', 'no-cache').type('text/plain').send('Not found');
    const signInPage = signInPageFor(signInPages, urlPath, request.headers.cookie);
    if (signInPage) return reply.header('vary', 'Accept-Encoding, Cookie').header('cache-control', 'no-cache').sendFile(signInPage);
    return reply.header('cache-control', 'no-cache').sendFile(pageFor(urlPath));
  });
}
