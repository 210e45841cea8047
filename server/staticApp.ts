import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ApiError } from './core/errors';
import { sendError } from './core/errorHandlers';

/** Serves the built app from `dist`, with index.html for every non-API path (history fallback). */
export async function registerStaticApp(app: FastifyInstance, staticDir: string | undefined) {
  const root = staticDir && fs.existsSync(path.join(staticDir, 'index.html')) ? staticDir : null;
  // cacheControl: false, so the cache-control set below stands (send would overwrite it with max-age=0).
  if (root) await app.register(fastifyStatic, { root, serve: false, cacheControl: false });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]);
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return sendError(request, reply, new ApiError(404, 'api.routeNotFound'));
    if (!root) return reply.code(503).type('text/plain').send('The app is not built: run npm run build');
    const file = path.normalize(urlPath).replace(/^([/\\])+/, '');
    const full = path.join(root, file);
    if (file && full.startsWith(root) && fs.existsSync(full) && fs.statSync(full).isFile()) {
      const immutable = file.startsWith('assets/');
      return reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(file);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
