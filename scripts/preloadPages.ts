import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { authPaths, routePaths } from '../src/config/routePaths';
import type { RoutePages } from '../server/staticRoutePages';
import { APP_BUNDLE, SIGN_IN_BUNDLE, type RouteModules } from './routeModules';
import { entryKeyOf, readManifest, staticClosure, type Manifest } from './viteManifest';

/**
 * The pages the server sends for an app path (server/staticApp.ts): index.html plus a modulepreload of the lazy
 * bundle that path opens (src/routes/AppRoutes.tsx) and, on a screen's route, of that screen's own chunks, so the
 * browser fetches them alongside the entry instead of after the entry (and then the app) has run.
 */
export const PRELOAD_PAGES = {
  'index.auth.html': SIGN_IN_BUNDLE,
  'index.app.html': APP_BUNDLE,
} as const;
export type PreloadPage = keyof typeof PRELOAD_PAGES;

/** Where the build writes which page goes with which path (RoutePages), for the server, which reads no source of the browser's. */
export const ROUTE_PAGES_FILE = join('.vite', 'routePages.json');

/** A page's file name from its route: `/partners/:id?` → index.partners-id.html. */
const pageNameOf = (path: string) => `index.${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '') || 'home'}.html`;

function preloadTags(manifest: Manifest, modules: string[], initial: Set<string>): string[] {
  const files = modules.reduce((into, module) => staticClosure(manifest, module, into), new Set<string>());
  return [...files]
    .filter((file) => !initial.has(file))
    .map((file) => (file.endsWith('.css') ? `<link rel="stylesheet" href="/${file}">` : `<link rel="modulepreload" crossorigin href="/${file}">`));
}

/**
 * Writes index.auth.html, index.app.html and a page for each route in `routes` that opens chunks of its own, then the
 * route → page table (ROUTE_PAGES_FILE). Run once the build is written (vite.config.ts), with `routes` read from the
 * screen declarations (scripts/routeModules.ts).
 */
export function writePreloadPages(dist: string, routes: RouteModules[] = []) {
  const manifest = readManifest(dist);
  if (!manifest) throw new Error(`No build manifest in ${dist}: set build.manifest`);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = staticClosure(manifest, entryKeyOf(manifest));
  const writePage = (page: string, modules: string[]) => {
    for (const module of modules)
      if (!manifest[module]) throw new Error(`The build manifest lacks ${module}, which ${page} preloads: update scripts/preloadPages.ts`);
    writeFileSync(join(dist, page), html.replace('</head>', `    ${preloadTags(manifest, modules, initial).join('\n    ')}\n  </head>`));
  };
  for (const [page, module] of Object.entries(PRELOAD_PAGES)) writePage(page, [module]);

  const table: RoutePages = {
    routes: [...authPaths.map((path) => ({ path, page: 'index.auth.html' })), { path: routePaths.notFound, page: 'index.html' }],
    otherwise: 'index.app.html',
  };
  const written = new Set<string>();
  for (const { path, modules } of routes) {
    if (modules.length === 0) continue;
    const page = pageNameOf(path);
    if (written.has(page)) throw new Error(`Two routes would write ${page}: rename one in scripts/preloadPages.ts`);
    written.add(page);
    writePage(page, [APP_BUNDLE, ...modules]);
    table.routes.push({ path, page });
  }
  writeFileSync(join(dist, ROUTE_PAGES_FILE), JSON.stringify(table, null, 2));
}
