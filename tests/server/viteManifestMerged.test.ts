import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { writePreloadPages } from '../../scripts/preloadPages';
import { nameMergedDynamicEntries, type Manifest } from '../../scripts/viteManifest';

/** A build where the bundler merged the app's lazy bundle into a shared chunk: the manifest keys it only by its file. */
const MERGED: Manifest = {
  'index.html': { file: 'assets/index-a1.js', src: 'index.html', isEntry: true, dynamicImports: ['src/auth/AuthPages.tsx', '_AdminApp-c3.js'] },
  'src/auth/AuthPages.tsx': { file: 'assets/AuthPages-b2.js', isDynamicEntry: true, imports: ['index.html'] },
  '_AdminApp-c3.js': { file: 'assets/AdminApp-c3.js', imports: ['index.html', '_Grid-d4.js'] },
  '_Grid-d4.js': { file: 'assets/Grid-d4.js' },
};

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function writtenBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-merged-'));
  dirs.push(dist);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-a1.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MERGED));
  return dist;
}

it('the app page preloads the lazy app bundle and its imports even when the bundler merged it into a shared chunk', () => {
  const dist = writtenBuild();
  const root = '/project';
  nameMergedDynamicEntries(dist, root, [
    { id: '/project/src/admin/AdminApp.tsx', file: 'assets/AdminApp-c3.js' },
    { id: '/project/src/auth/AuthPages.tsx', file: 'assets/AuthPages-b2.js' },
  ]);
  writePreloadPages(dist);
  const page = fs.readFileSync(path.join(dist, 'index.app.html'), 'utf8');
  expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/AdminApp-c3.js">');
  expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/Grid-d4.js">');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  expect(manifest['src/auth/AuthPages.tsx']).toEqual(MERGED['src/auth/AuthPages.tsx']);
});

it('a module outside the project or a virtual one gets no key', () => {
  const dist = writtenBuild();
  nameMergedDynamicEntries(dist, '/project', [
    { id: '/elsewhere/lib.js', file: 'assets/AdminApp-c3.js' },
    { id: '\0virtual:thing', file: 'assets/AdminApp-c3.js' },
  ]);
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  expect(Object.keys(manifest).sort()).toEqual(Object.keys(MERGED).sort());
});
