/**
 * Bundle figures of the built app (run after `vite build`: `npm run bench:bundle`).
 *
 * Prints the gzip size of every entry, lazy chunk and shared chunk, then the initial JavaScript of the
 * sign-in page: the static imports of index.html's entry plus the chunks its /sign-in route loads
 * (src/auth/AuthPages.tsx and that module's static imports). Budget: 180 KB gzip (1 KB = 1000 bytes,
 * as Vite reports). Exits with 1 when the sign-in page is over budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const DIST = join(import.meta.dirname, '..', 'dist');
const SIGN_IN_ROUTE_MODULE = 'src/auth/AuthPages.tsx';
const BUDGET_BYTES = 180_000;

const manifestPath = join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`vite build\` first (npm run bench:bundle does).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const gzipBytes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipBytes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
    gzipBytes.set(file, size);
  }
  return size;
}

/** The JS files a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(7)} KB`;
const jsChunks = Object.entries(manifest).filter(([, chunk]) => chunk.file.endsWith('.js'));
function printGroup(title: string, entries: [string, ManifestChunk][]) {
  console.log(`\n${title}`);
  for (const [key, chunk] of entries.sort((a, b) => gzipSize(b[1].file) - gzipSize(a[1].file))) {
    console.log(`${kb(gzipSize(chunk.file))}  ${chunk.file}${chunk.src ? `  (${chunk.src})` : key.startsWith('_') ? '' : `  (${key})`}`);
  }
}

console.log('Gzip sizes of the built JavaScript (dist/)');
printGroup(
  'Entries',
  jsChunks.filter(([, c]) => c.isEntry),
);
printGroup(
  'Lazy chunks',
  jsChunks.filter(([, c]) => c.isDynamicEntry),
);
printGroup(
  'Shared chunks',
  jsChunks.filter(([, c]) => !c.isEntry && !c.isDynamicEntry),
);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey || !manifest[SIGN_IN_ROUTE_MODULE]) {
  console.error(`\nThe manifest lacks index.html's entry or ${SIGN_IN_ROUTE_MODULE}.`);
  process.exit(1);
}
const signInFiles = staticClosure(SIGN_IN_ROUTE_MODULE, staticClosure(entryKey));
const total = [...signInFiles].reduce((sum, file) => sum + gzipSize(file), 0);

console.log('\nSign-in page (/sign-in): initial JavaScript');
for (const file of signInFiles) console.log(`${kb(gzipSize(file))}  ${file}`);
console.log(`${kb(total)}  total, budget ${kb(BUDGET_BYTES).trim()}`);

const signInCode = [...signInFiles].map((file) => readFileSync(join(DIST, file), 'utf8')).join('\n');
const reactAdminMarkers = ['RaLayout', 'ra.action.', 'ra.notification.'].filter((marker) => signInCode.includes(marker));
if (reactAdminMarkers.length) console.log(`react-admin code found in the sign-in chunks: ${reactAdminMarkers.join(', ')}`);

const within = total <= BUDGET_BYTES && reactAdminMarkers.length === 0;
console.log(within ? 'Within the 180 KB budget.' : 'OVER the 180 KB budget.');
if (!within) process.exitCode = 1;
