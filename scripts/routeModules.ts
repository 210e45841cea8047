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
  name: string;
  routes: { path: string; view: 'entity' | 'placeholder' | (() => unknown) }[];
  entity?: () => unknown;
}

/** Loads a TypeScript module of the browser tree in Node (tsx's import under tsx, tsImport inside Vite's config). */
export type ModuleLoader = (file: string) => Promise<{ default: unknown }>;

// Where a declared resource's screen is made (src/admin/declaredScreen.ts): its default table's import() is written there.
const DECLARED_SCREEN_FOLDER = 'src/admin';

/** The manifest key of the module a loader imports, resolved from the folder of the file that declares it (or made it). */
function importedModule(manifest: Manifest, loader: () => unknown, folder: string): string {
  const specifier = /import\(\s*["']([^"']+)["']\s*\)/.exec(loader.toString())?.[1];
  if (!specifier) throw new Error(`No import() in ${loader.toString().slice(0, 80)}`);
  const bases = [folder, DECLARED_SCREEN_FOLDER].map((from) => posix.normalize(posix.join(from, specifier)));
  const key = bases.flatMap((base) => ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext)).find((candidate) => manifest[candidate]);
  if (!key) throw new Error(`The manifest has no chunk for ${bases[0]}`);
  return key;
}

function routesOfScreen(manifest: Manifest, declaration: DeclaredScreen, folder: string): RouteModules[] {
  return declaration.routes.map((route) => {
    const modules =
      typeof route.view === 'function'
        ? [importedModule(manifest, route.view, folder)]
        : route.view === 'entity' && declaration.entity
          ? [ENTITY_TABLE, importedModule(manifest, declaration.entity, folder)]
          : [];
    return { path: `/${route.path}`, modules };
  });
}

/** Every screen route and the lazy modules it opens, read from the screen declarations themselves (src/resources/<screen>/index.ts). */
export async function screenRouteModules(root: string, manifest: Manifest, load: ModuleLoader): Promise<RouteModules[]> {
  const resources = join(root, 'src', 'resources');
  const routes: RouteModules[] = [];
  const written = new Set<string>();
  for (const name of readdirSync(resources).sort()) {
    const index = join(resources, name, 'index.ts');
    if (!existsSync(index)) continue;
    const declaration = (await load(index)).default as DeclaredScreen;
    written.add(declaration.name);
    routes.push(...routesOfScreen(manifest, declaration, `src/resources/${name}`));
  }
  // The screens of declared resources (contract/resources/) with no folder of their own.
  const { screenDeclarations } = (await load(join(resources, 'index.ts'))) as unknown as { screenDeclarations: DeclaredScreen[] };
  for (const declaration of screenDeclarations.filter((screen) => !written.has(screen.name)))
    routes.push(...routesOfScreen(manifest, declaration, DECLARED_SCREEN_FOLDER));
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
