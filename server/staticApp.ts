import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PreloadPage } from '../scripts/preloadPages';
import { authPaths, routePaths } from '../src/config/routePaths';
import { ApiError } from './core/errors';
import { sendError } from './core/errorHandlers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The page for an app path: index.html with a modulepreload of the bundle that path opens (written by the build,
 * scripts/preloadPages.ts), or index.html itself when the build has none.
 */
function pageFor(builtPages: ReadonlySet<string>, urlPath: string): string {
  const route = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
  if (route === routePaths.notFound) return 'index.html';
  const page: PreloadPage = (authPaths as readonly string[]).includes(route) ? 'index.auth.html' : 'index.app.html';
  return builtPages.has(page) ? page : 'index.html';
}

/**
 * Serves the built app from `dist`, with a page for every non-API path (history fallback). Files go out as the
 * build precompressed them (`.br`, `.gz`) when the browser accepts that encoding; hashed assets are cached for good.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string | undefined) {
  const root = staticDir && fs.existsSync(path.join(staticDir, 'index.html')) ? staticDir : null;
  // cacheControl: false, so the cache-control set below stands (send would overwrite it with max-age=0).
  if (root) await app.register(fastifyStatic, { root, serve: false, cacheControl: false, preCompressed: true });
  // The build's pages are known at start; looking for them on every page request would touch the disk each time.
  const builtPages = new Set(root ? ['index.auth.html', 'index.app.html'].filter((page) => fs.existsSync(path.join(root, page))) : []);

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]);
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return sendError(request, reply, new ApiError(404, 'api.routeNotFound'));
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
    return reply.header('cache-control', 'no-cache').sendFile(pageFor(builtPages, urlPath));
  });
}
