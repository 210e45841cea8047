import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The manifest of the build in `dist`, or null when there is none. */
export function readManifest(dist: string): Manifest | null {
  const file = join(dist, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
}

/** The files a chunk needs before it runs: its JS and CSS and those of its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The key of index.html's entry. */
export function entryKeyOf(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!key) throw new Error('The build manifest has no entry for index.html');
  return key;
}

/**
 * Gives a key to each lazily imported module that the bundler merged into a shared chunk, so the manifest names every
 * module an import() opens: with common chunks inlined (vite.config.ts), src/admin/AdminApp.tsx can lose its own chunk
 * and be keyed only by its file (`_AdminApp-….js`), and the pages that preload it could not find it.
 */
export function nameMergedDynamicEntries(dist: string, root: string, dynamicEntries: { id: string; file: string }[]) {
  const manifest = readManifest(dist);
  if (!manifest) return;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  let added = false;
  for (const { id, file } of dynamicEntries) {
    const key = relative(root, id).split(sep).join('/');
    const chunkKey = keyOfFile.get(file);
    if (manifest[key] || !chunkKey || key.startsWith('..') || id.includes('\0')) continue;
    manifest[key] = { ...manifest[chunkKey], src: key, isDynamicEntry: true };
    added = true;
  }
  if (added) writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest, null, 2));
}
