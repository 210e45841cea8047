import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import type { Language } from '../contract/http';
import type { ThemeMode } from '../contract/preferenceCookies';
import { SIGN_IN_VARIANTS, signInPageFile } from '../server/static/signInPage';
import { signInPageHtml } from '../src/auth/prerender/prerenderedPage';

/** The page the build wrote for the sign-in paths (scripts/preloadPages.ts): /sign-in's starts from it. */
const BASE_PAGE = 'index.auth.html';

/**
 * Writes /sign-in's page for every language and theme, rendering the real sign-in components in Node through Vite
 * (the same transforms as the app's build). Runs after the preload pages, before compression.
 */
export async function writeSignInPages(dist: string) {
  const base = readFileSync(join(dist, BASE_PAGE), 'utf8');
  const vite = await createServer({
    root: fileURLToPath(new URL('..', import.meta.url)),
    configFile: false,
    plugins: [react()],
    appType: 'custom',
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderSignIn } = (await vite.ssrLoadModule('/src/auth/prerender/renderSignIn.tsx')) as {
      renderSignIn: (language: Language, themeMode: ThemeMode) => string;
    };
    for (const variant of SIGN_IN_VARIANTS) {
      writeFileSync(join(dist, signInPageFile(variant)), signInPageHtml(base, variant.language, renderSignIn(variant.language, variant.themeMode)));
    }
  } finally {
    await vite.close();
  }
}
