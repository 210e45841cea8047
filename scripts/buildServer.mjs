// npm run build:server: the API server as JavaScript (dist-server/main.js and the chunks it loads, ESM for Node 20, source map
// beside it), so a start runs it with plain `node` instead of compiling TypeScript at every start. Packages stay in
// node_modules (imported as they are); the migrations are copied beside the bundle, where the code looks for them.
// Each worker thread's script (`server/**/*.worker.ts`) is an entry of its own, `dist-server/workers/<name>.js`, where
// server/core/workerPool.ts looks for it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const serverOutDir = path.join(root, 'dist-server');
export const serverEntry = path.join(serverOutDir, 'main.js');
/** What the last build read: its source files, by esbuild's metafile, and the copied folders. */
const inputsFileOf = (outDir) => path.join(outDir, 'inputs.json');
const migrations = path.join(root, 'server', 'db', 'migrations');
/** Besides the sources: a change of packages or of how TypeScript is read makes a new build too. */
const alwaysInputs = ['package-lock.json', 'tsconfig.base.json', 'tsconfig.server.json', 'scripts/buildServer.mjs'];

/** The worker threads' scripts, as esbuild entries: `workers/<name>` → `server/…/<name>.worker.ts`. */
const workerEntries = () =>
  Object.fromEntries(
    filesUnder(path.join(root, 'server'))
      .filter((file) => file.endsWith('.worker.ts'))
      .map((file) => [`workers/${path.basename(file, '.worker.ts')}`, file]),
  );

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** `outDir` must be inside the project (a test's build in .tmp): the bundle finds its packages in node_modules above it. */
export async function buildServer(outDir = serverOutDir) {
  const { build } = await import('esbuild');
  // Taken before reading: a file saved during the build is newer than the build and makes the next one.
  const builtAt = Date.now();
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { main: path.join(root, 'server', 'main.ts'), ...workerEntries() },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // main.js loads the app with a dynamic import (PostgreSQL starts meanwhile): its own chunk, beside main.js, where
    // the migrations folder is looked for.
    splitting: true,
    chunkNames: '[name]-[hash]',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  fs.cpSync(migrations, path.join(outDir, 'migrations'), { recursive: true });
  const sources = Object.keys(result.metafile.inputs).map((input) => path.relative(root, path.resolve(root, input)));
  const inputs = [...sources, ...alwaysInputs, ...filesUnder(migrations).map((file) => path.relative(root, file))];
  fs.writeFileSync(inputsFileOf(outDir), JSON.stringify({ builtAt, inputs }, null, 2));
}

/** Why the bundle must be made again (missing, or a file it was made from changed or went), or undefined when it is current. */
export function serverBuildIsStale() {
  const inputsFile = inputsFileOf(serverOutDir);
  if (!fs.existsSync(serverEntry) || !fs.existsSync(inputsFile)) return 'dist-server is missing';
  const { builtAt, inputs } = JSON.parse(fs.readFileSync(inputsFile, 'utf8'));
  for (const input of inputs) {
    const stat = fs.statSync(path.join(root, input), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > builtAt) return `${input} changed`;
  }
  // A migration added since the build is read by no source, only by the migrator.
  if (filesUnder(migrations).length !== inputs.filter((input) => input.startsWith('server/db/migrations/')).length) return 'a migration was added';
  return undefined;
}

// `node scripts/buildServer.mjs [outDir]`
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : serverOutDir;
  await buildServer(outDir);
  console.log(`Built the server into ${path.relative(process.cwd(), outDir) || outDir} in ${Math.round(performance.now() - started)} ms`);
}
