/**
 * Bundle figures of the built app (run after `vite build`: `npm run bench:bundle`).
 *
 * For each route, the bytes a browser with an empty cache transfers before the route's code can run: index.html's
 * entry and its static imports, then the bundle the path opens (the sign-in pages or the app) and the route's own
 * lazy chunks, as the screen declarations import them (src/resources/<screen>/index.ts). Raw, gzip and brotli sizes
 * are those of the files the build wrote (`.gz`, `.br`; files under 1 KB go out as they are). The sign-in page's
 * budget: 180 KB gzip (1 KB = 1000 bytes, as Vite reports), with no react-admin code; exits with 1 when over it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { APP_BUNDLE, appRouteModules, ENTITY_TABLE, SIGN_IN_BUNDLE } from '../scripts/routeModules';
import { entryKeyOf, readManifest, staticClosure, type Manifest } from '../scripts/viteManifest';

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const BUDGET_BYTES = 180_000;

const found = readManifest(DIST);
if (!found) {
  console.error(`No manifest in ${DIST}: run \`vite build\` first (npm run bench:bundle does).`);
  process.exit(1);
}
const manifest: Manifest = found;
for (const key of [SIGN_IN_BUNDLE, APP_BUNDLE, ENTITY_TABLE])
  if (!manifest[key]) {
    console.error(`The manifest lacks ${key}: update bench/bundle.ts.`);
    process.exit(1);
  }

const sizeOf = (file: string) => (existsSync(join(DIST, file)) ? statSync(join(DIST, file)).size : undefined);
function sizes(files: Iterable<string>) {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const raw = sizeOf(file) ?? 0;
    total.raw += raw;
    total.gzip += sizeOf(`${file}.gz`) ?? raw;
    total.brotli += sizeOf(`${file}.br`) ?? raw;
  }
  return total;
}

const initial = staticClosure(manifest, entryKeyOf(manifest));
const closureOf = (keys: string[]) => keys.reduce((files, key) => staticClosure(manifest, key, files), new Set(initial));

const routes: { route: string; files: Set<string> }[] = [
  { route: '/sign-in (and the other sign-in pages)', files: closureOf([SIGN_IN_BUNDLE]) },
  ...(await appRouteModules(ROOT, manifest, (file) => import(file))).map(({ path, modules }) => ({ route: path, files: closureOf([APP_BUNDLE, ...modules]) })),
];

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const table = [['route', 'files', 'raw', 'gzip', 'brotli']];
for (const { route, files } of routes) {
  const total = sizes(files);
  table.push([route, String(files.size), kb(total.raw), kb(total.gzip), kb(total.brotli)]);
}
console.log('JavaScript and CSS a cold load of each route transfers (dist/, as the server sends it)\n');
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
for (const row of table) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));

const signIn = routes[0].files;
const signInGzip = sizes(signIn).gzip;
console.log(`\nSign-in page (/sign-in): ${kb(signInGzip)} gzip, ${kb(sizes(signIn).brotli)} brotli; budget ${kb(BUDGET_BYTES)} gzip`);
const signInCode = [...signIn]
  .filter((file) => file.endsWith('.js'))
  .map((file) => readFileSync(join(DIST, file), 'utf8'))
  .join('\n');
const reactAdminMarkers = ['RaLayout', 'ra.action.', 'ra.notification.'].filter((marker) => signInCode.includes(marker));
if (reactAdminMarkers.length) console.log(`react-admin code found in the sign-in chunks: ${reactAdminMarkers.join(', ')}`);

const within = signInGzip <= BUDGET_BYTES && reactAdminMarkers.length === 0;
console.log(within ? 'Within the 180 KB budget.' : 'OVER the 180 KB budget.');
if (!within) process.exitCode = 1;
