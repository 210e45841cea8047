import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePreloadPages } from '../../scripts/preloadPages';
import type { RouteModules } from '../../scripts/routeModules';
import type { Manifest } from '../../scripts/viteManifest';
import { routePageMatcher } from '../../server/staticRoutePages';
import { expectLinear } from '../linearTime';
import { startServer, type TestServer } from './harness';

/** A built app as Vite writes it: an entry, the two bundles, the entity table, screens' chunks and a shared chunk. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-a1.js', src: 'index.html', isEntry: true, dynamicImports: ['src/admin/AdminApp.tsx'] },
  'src/auth/AuthPages.tsx': { file: 'assets/AuthPages-b2.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/admin/AdminApp.tsx': { file: 'assets/AdminApp-c3.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/pages/home/HomePage.tsx': { file: 'assets/HomePage-d4.js', isDynamicEntry: true, imports: ['src/admin/AdminApp.tsx'] },
  'src/entityTable/EntityTableScreen.tsx': { file: 'assets/EntityTableScreen-e5.js', isDynamicEntry: true, imports: ['_Table-f6.js'] },
  '_Table-f6.js': { file: 'assets/Table-f6.js' },
  'src/resources/partners/partnerTable.ts': { file: 'assets/partnerTable-g7.js', isDynamicEntry: true },
  'src/resources/roles/roleTable.ts': { file: 'assets/roleTable-h8.js', isDynamicEntry: true },
  'src/resources/roles/RolePermissionsPage.tsx': { file: 'assets/RolePermissionsPage-i9.js', isDynamicEntry: true, css: ['assets/matrix-j0.css'] },
  'src/resources/tickets/TicketDetailPage.tsx': { file: 'assets/TicketDetailPage-k1.js', isDynamicEntry: true },
};
const ENTITY = 'src/entityTable/EntityTableScreen.tsx';
/** Routes as the screen declarations give them (scripts/routeModules.ts), the real app's kinds of pattern. */
const ROUTES: RouteModules[] = [
  { path: '/', modules: ['src/pages/home/HomePage.tsx'] },
  { path: '/partners/:id?', modules: [ENTITY, 'src/resources/partners/partnerTable.ts'] },
  { path: '/roles/:id?', modules: [ENTITY, 'src/resources/roles/roleTable.ts'] },
  { path: '/roles/:id/permissions', modules: ['src/resources/roles/RolePermissionsPage.tsx'] },
  { path: '/tickets/:id/detail', modules: ['src/resources/tickets/TicketDetailPage.tsx'] },
  { path: '/ticket-manager', modules: [] },
];

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-route-pages-'));
fs.mkdirSync(path.join(staticDir, 'assets'));
fs.mkdirSync(path.join(staticDir, '.vite'));
fs.writeFileSync(
  path.join(staticDir, 'index.html'),
  '<!doctype html><html><head><title>Partner Portal</title><script type="module" crossorigin src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
for (const { file } of Object.values(MANIFEST)) fs.writeFileSync(path.join(staticDir, file), `export default ${JSON.stringify(file)};`);
writePreloadPages(staticDir, ROUTES);

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ staticDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

/** A GET with the path sent as written (no client-side normalisation or encoding). */
function get(rawPath: string) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const request = http.request({ host: new URL(server.url).hostname, port: new URL(server.url).port, path: rawPath, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload" crossorigin|stylesheet") href="\/assets\/([^"]+)">/g)].map((match) => match[1]).sort();
const APP = ['AdminApp-c3.js'];
const PARTNERS = [...APP, 'EntityTableScreen-e5.js', 'Table-f6.js', 'partnerTable-g7.js'].sort();
const ROLES = [...APP, 'EntityTableScreen-e5.js', 'Table-f6.js', 'roleTable-h8.js'].sort();

async function expectPage(rawPath: string, preloads: string[]) {
  const answer = await get(rawPath);
  expect(answer.status, rawPath).toBe(200);
  expect(answer.type, rawPath).toMatch(/^text\/html/);
  expect(preloadsOf(answer.body), rawPath).toEqual(preloads);
}

describe("each screen route's page preloads that route's chunks", () => {
  it("an entity table's route, with or without a row, preloads the app, the table screen and the screen's declaration", async () => {
    for (const rawPath of ['/partners', '/partners/', '/partners/42', '/partners/42/', '/Partners/42', '/partners?page=2&perPage=25'])
      await expectPage(rawPath, PARTNERS);
    for (const rawPath of ['/roles', '/roles/7']) await expectPage(rawPath, ROLES);
  });

  it("a route of a page of its own preloads that page's chunk and its CSS, the most specific route first", async () => {
    await expectPage('/roles/7/permissions', [...APP, 'RolePermissionsPage-i9.js', 'matrix-j0.css'].sort());
    await expectPage('/tickets/5/detail', [...APP, 'TicketDetailPage-k1.js'].sort());
    await expectPage('/', [...APP, 'HomePage-d4.js'].sort());
  });

  it('sign-in paths get the sign-in page, not-found the bare page, and routes without chunks of their own the app page', async () => {
    for (const rawPath of ['/sign-in', '/forgot-password/', '/active?code=x']) await expectPage(rawPath, ['AuthPages-b2.js']);
    await expectPage('/404', []);
    for (const rawPath of ['/ticket-manager', '/tickets/5', '/tickets/5/detail/more', '/partners/1/2', '/nowhere/at/all']) await expectPage(rawPath, APP);
  });
});

describe('odd paths get the right page or a 404, never a 500', () => {
  it('dot segments are resolved before matching, as a browser would have', async () => {
    await expectPage('/partners/..', [...APP, 'HomePage-d4.js'].sort());
    await expectPage('/partners/%2E%2E', [...APP, 'HomePage-d4.js'].sort());
    await expectPage('/tickets/5/../../partners/3', PARTNERS);
  });

  it('a percent-encoding that is not UTF-8 (cut short, a lone surrogate, overlong) is refused with a 4xx, no page', async () => {
    for (const rawPath of ['/partners/%E0%A4%A', '/%E0%A4%A', '/partners/%ED%A0%80', '/%C0%AF', '/partners/%', '/api/v1/partners/%E0%A4%A']) {
      const answer = await get(rawPath);
      expect(answer.status, rawPath).toBeGreaterThanOrEqual(400);
      expect(answer.status, rawPath).toBeLessThan(500);
      expect(answer.body, rawPath).not.toContain('<html');
    }
  });

  it('a NUL, object-prototype names and other odd segments are only ids or unknown paths', async () => {
    await expectPage('/partners/%00', PARTNERS);
    await expectPage('/%00', APP);
    for (const segment of ['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'prototype']) {
      await expectPage(`/${segment}`, APP);
      await expectPage(`/partners/${segment}`, PARTNERS);
      await expectPage(`/${segment}/${segment}/permissions`, APP);
    }
  });

  it('very long paths are answered: a long id is still the route, many segments are unknown', async () => {
    await expectPage(`/partners/${'a'.repeat(8000)}`, PARTNERS);
    await expectPage('/a'.repeat(3000), APP);
    await expectPage(`/${'/'.repeat(6000)}partners`, PARTNERS);
  });
});

describe('the route matcher', () => {
  const match = routePageMatcher({
    routes: [
      { path: '/roles/:id?', page: 'roles.html' },
      { path: '/roles/:id/permissions', page: 'permissions.html' },
      { path: '/', page: 'home.html' },
    ],
    otherwise: 'app.html',
  });

  it('takes optional ids, trailing slashes and case as react-router does', () => {
    expect(['/roles', '/roles/', '/ROLES/3', '/roles/3/permissions', '/roles/3/Permissions/', '/', '/roles/3/4'].map(match)).toEqual([
      'roles.html',
      'roles.html',
      'roles.html',
      'permissions.html',
      'permissions.html',
      'home.html',
      'app.html',
    ]);
  });

  it('reads a path in time linear in its length, whatever it holds', () => {
    expectLinear(match, (n) => '/roles/'.repeat(n), 20_000);
    expectLinear(match, (n) => `/roles/${'x'.repeat(n)}/permissions`, 20_000);
    expectLinear(match, (n) => '/'.repeat(n), 20_000);
  });
});
