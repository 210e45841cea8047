// npm start: build the browser app (vite) and the server (esbuild, into dist-server) when missing or older than their
// sources, then run the compiled server in this very process: no parent relaying signals, so a SIGTERM or Ctrl+C,
// whether sent to this process or to its whole group, reaches the server once. `npm run server` runs it through tsx.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, serverBuildIsStale, serverEntry } from './buildServer.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');
const sources = ['src', 'i18n', 'contract', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((entry) => newestMtime(path.join(p, entry))));
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the app…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const stale = serverBuildIsStale();
if (stale) {
  console.log(`Building the server (${stale})…`);
  await buildServer();
}

await import(pathToFileURL(serverEntry).href);
