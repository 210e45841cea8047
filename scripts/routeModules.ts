import { existsSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { readManifest, type Manifest } from './viteManifest';

export const SIGN_IN_BUNDLE = 'src/auth/AuthPages.tsx';
export const APP_BUNDLE = 'src/admin/AdminApp.tsx';
export const ENTITY_TABLE = 'src/entityTable/EntityTableScreen.tsx';

/** The app's own pages, declared in src/admin/AdminApp.tsx rather than by a screen. */
export const APP_PAGES: RouteModules[] = [
  { path: '/', modules: ['src/pages/home/HomePage.tsx'] },
  { path: '/profile', modules: ['src/pages/profile/ProfilePage.tsx'] },
  { path: '/settings', modules: ['src/pages/settings/SettingsPage.tsx'] },
];

/** A route of the app (a react-router pattern such as `/partners/:id?`) and the lazy modules (manifest keys) it opens. */
export interface RouteModules {
  path: string;
  modules: string[];
}

/** What is read of a screen declaration (src/admin/screenDeclaration.ts, typed for the browser). */
interface DeclaredScreen {
  routes: { path: string; view: 'entity' | 'placeholder' | (() => unknown) }[];
  entity?: () => unknown;
}

/** Loads a TypeScript module of the browser tree in Node (tsx's import under tsx, tsImport inside Vite's config). */
export type ModuleLoader = (file: string) => Promise<{ default: unknown }>;

/** The manifest key of the module a loader imports, resolved from the folder of the file that declares it. */
function importedModule(manifest: Manifest, loader: () => unknown, folder: string): string {
  const specifier = /import\(\s*["']([^"']+)["']\s*\)/.exec(loader.toString())?.[1];
  if (!specifier) throw new Error(`No import() in ${loader.toString().slice(0, 80)}`);
  const base = posix.normalize(posix.join(folder, specifier));
  const key = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((candidate) => manifest[candidate]);
  if (!key) throw new Error(`The manifest has no chunk for ${base}`);
  return key;
}

/** Every screen route and the lazy modules it opens, read from the screen declarations themselves (src/resources/<screen>/index.ts). */
export async function screenRouteModules(root: string, manifest: Manifest, load: ModuleLoader): Promise<RouteModules[]> {
  const resources = join(root, 'src', 'resources');
  const routes: RouteModules[] = [];
  for (const name of readdirSync(resources).sort()) {
    const index = join(resources, name, 'index.ts');
    if (!existsSync(index)) continue;
    const declaration = (await load(index)).default as DeclaredScreen;
    const folder = `src/resources/${name}`;
    for (const route of declaration.routes) {
      const modules =
        typeof route.view === 'function'
          ? [importedModule(manifest, route.view, folder)]
          : route.view === 'entity' && declaration.entity
            ? [ENTITY_TABLE, importedModule(manifest, declaration.entity, folder)]
            : [];
      routes.push({ path: `/${route.path}`, modules });
    }
  }
  return routes;
}

/** The app's pages and every screen route, each with the lazy modules it opens. */
export async function appRouteModules(root: string, manifest: Manifest, load: ModuleLoader): Promise<RouteModules[]> {
  return [...APP_PAGES, ...(await screenRouteModules(root, manifest, load))];
}

/** The routes of the build in `dist`, its screen declarations loaded by tsx (Vite's config runs in plain Node). */
export async function routesOfBuild(root: string, dist: string): Promise<RouteModules[]> {
  const manifest = readManifest(dist);
  if (!manifest) throw new Error(`No build manifest in ${dist}: set build.manifest`);
  const { tsImport } = await import('tsx/esm/api');
  return appRouteModules(root, manifest, (file) => tsImport(file, import.meta.url));
}
