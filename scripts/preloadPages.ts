import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryKeyOf, readManifest, staticClosure } from './viteManifest';

/**
 * The pages the server sends for an app path (server/staticApp.ts), each index.html plus a modulepreload of the
 * lazy bundle that path opens (src/routes/AppRoutes.tsx), so the browser fetches it alongside the entry instead of
 * after the entry has run.
 */
export const PRELOAD_PAGES = {
  'index.auth.html': 'src/auth/AuthPages.tsx',
  'index.app.html': 'src/admin/AdminApp.tsx',
} as const;
export type PreloadPage = keyof typeof PRELOAD_PAGES;

export function writePreloadPages(dist: string) {
  const manifest = readManifest(dist);
  if (!manifest) throw new Error(`No build manifest in ${dist}: set build.manifest`);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = staticClosure(manifest, entryKeyOf(manifest));
  for (const [page, module] of Object.entries(PRELOAD_PAGES)) {
    if (!manifest[module]) throw new Error(`The build manifest lacks ${module}, which ${page} preloads: update scripts/preloadPages.ts`);
    const links = [...staticClosure(manifest, module)]
      .filter((file) => !initial.has(file))
      .map((file) => (file.endsWith('.css') ? `<link rel="stylesheet" href="/${file}">` : `<link rel="modulepreload" crossorigin href="/${file}">`));
    writeFileSync(join(dist, page), html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`));
  }
}
