import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressDirectory } from '../../scripts/compressAssets';
import { writePreloadPages } from '../../scripts/preloadPages';
import type { Manifest } from '../../scripts/viteManifest';
import { useDemoServer } from './factories';

/** A built app as Vite writes it: an entry, the sign-in and app bundles, a shared chunk, a small chunk and a picture. */
const ENTRY = `console.log(${JSON.stringify('entry '.repeat(400))});`;
const SHARED = `export const shared = ${JSON.stringify('shared '.repeat(300))};`;
const AUTH = `export default ${JSON.stringify('sign-in '.repeat(300))};`;
const ADMIN = `export default ${JSON.stringify('admin app '.repeat(500))};`;
const TINY = 'export const tiny = 1;';
const INDEX_HTML = `<!doctype html><html><head><title>Partner Portal</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-b2.js">
  </head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-a1.js', src: 'index.html', isEntry: true, imports: ['_shared-b2.js'], dynamicImports: ['src/auth/AuthPages.tsx'] },
  '_shared-b2.js': { file: 'assets/shared-b2.js' },
  'src/auth/AuthPages.tsx': { file: 'assets/AuthPages-c3.js', isDynamicEntry: true, imports: ['index.html', '_shared-b2.js', '_tiny-e5.js'] },
  'src/admin/AdminApp.tsx': { file: 'assets/AdminApp-d4.js', isDynamicEntry: true, imports: ['index.html', '_shared-b2.js'] },
  '_tiny-e5.js': { file: 'assets/tiny-e5.js' },
};

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-compressed-'));
const asset = (name: string) => path.join(staticDir, 'assets', name);
fs.mkdirSync(path.join(staticDir, 'assets'));
fs.mkdirSync(path.join(staticDir, '.vite'));
fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML);
fs.writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
for (const [name, content] of Object.entries({
  'index-a1.js': ENTRY,
  'shared-b2.js': SHARED,
  'AuthPages-c3.js': AUTH,
  'AdminApp-d4.js': ADMIN,
  'tiny-e5.js': TINY,
}))
  fs.writeFileSync(asset(name), content);
fs.writeFileSync(asset('logo-f6.png'), Buffer.alloc(4096, 7));
// What the build's last step does (vite.config.ts).
writePreloadPages(staticDir);
compressDirectory(staticDir);

const { server } = useDemoServer({ staticDir });
afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));

/** A GET as a browser sends it, with the body as received on the wire (fetch would decode it). */
function get(urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(server.url + urlPath, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function decoded(answer: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  expect(encoding ?? 'identity').toBe('identity');
  return answer.body.toString('utf8');
}

describe('the build precompresses its text files', () => {
  it('writes .br and .gz beside every text file above 1 KB, and none beside small files or pictures', () => {
    for (const name of ['index-a1.js', 'shared-b2.js', 'AuthPages-c3.js', 'AdminApp-d4.js']) {
      const original = fs.readFileSync(asset(name));
      expect(brotliDecompressSync(fs.readFileSync(`${asset(name)}.br`)).equals(original), name).toBe(true);
      expect(gunzipSync(fs.readFileSync(`${asset(name)}.gz`)).equals(original), name).toBe(true);
    }
    for (const page of ['index.html', 'index.app.html', 'index.auth.html']) expect(fs.existsSync(path.join(staticDir, `${page}.br`)), page).toBe(true);
    for (const name of ['tiny-e5.js', 'logo-f6.png']) {
      expect(fs.existsSync(`${asset(name)}.br`), name).toBe(false);
      expect(fs.existsSync(`${asset(name)}.gz`), name).toBe(false);
    }
    expect(fs.existsSync(path.join(staticDir, '.vite', 'manifest.json.br'))).toBe(false);
  });
});

describe('assets go out in the encoding the browser accepts', () => {
  it('brotli when the browser accepts it, whatever else it accepts, and the same code once decoded', async () => {
    for (const acceptEncoding of ['gzip, deflate, br, zstd', 'br', 'br;q=1, gzip;q=0.5']) {
      const answer = await get('/assets/AdminApp-d4.js', { 'accept-encoding': acceptEncoding });
      expect(answer.status, acceptEncoding).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe('br');
      expect(answer.headers['content-type'], acceptEncoding).toMatch(/^(application|text)\/javascript/);
      expect(answer.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(answer.body.length).toBeLessThan(ADMIN.length / 4);
      expect(decoded(answer), acceptEncoding).toBe(ADMIN);
    }
  });

  it('gzip when the browser accepts gzip but not brotli', async () => {
    for (const acceptEncoding of ['gzip, deflate', 'gzip', 'br;q=0, gzip']) {
      const answer = await get('/assets/AdminApp-d4.js', { 'accept-encoding': acceptEncoding });
      expect(answer.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(answer.headers['content-type'], acceptEncoding).toMatch(/^(application|text)\/javascript/);
      expect(decoded(answer), acceptEncoding).toBe(ADMIN);
    }
  });

  it('the file itself when the browser accepts no encoding, or only identity', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const answer = await get('/assets/AdminApp-d4.js', headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.body.toString('utf8')).toBe(ADMIN);
    }
  });

  it('a file too small to be compressed goes out as itself to a browser asking for brotli', async () => {
    const answer = await get('/assets/tiny-e5.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString('utf8')).toBe(TINY);
  });

  it('a compressed answer keeps the security headers', async () => {
    const answer = await get('/assets/AdminApp-d4.js', { 'accept-encoding': 'br' });
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a byte range of an asset is still served', async () => {
    const answer = await get('/assets/AdminApp-d4.js', { range: 'bytes=0-9', 'accept-encoding': 'identity' });
    expect(answer.status).toBe(206);
    expect(answer.headers['content-range']).toBe(`bytes 0-9/${ADMIN.length}`);
    expect(answer.body.toString('utf8')).toBe(ADMIN.slice(0, 10));
  });
});

describe('caching', () => {
  it('hashed assets are cached for good, in every encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const answer = await get('/assets/index-a1.js', { 'accept-encoding': acceptEncoding });
      expect(answer.headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable');
    }
  });

  it('the page of every app path is revalidated each time, in every encoding', async () => {
    for (const urlPath of ['/', '/index.html', '/sign-in', '/partners', '/404'])
      for (const acceptEncoding of ['br', 'identity']) {
        const answer = await get(urlPath, { 'accept-encoding': acceptEncoding });
        expect(answer.status, urlPath).toBe(200);
        expect(answer.headers['content-type'], urlPath).toMatch(/^text\/html/);
        expect(answer.headers['cache-control'], urlPath).toBe('no-cache');
        expect(decoded(answer), urlPath).toContain('<div id="root"></div>');
      }
  });

  it('a missing asset answers 404, never the app page a browser would take for code', async () => {
    for (const urlPath of ['/assets/index-old.js', '/assets/gone/AdminApp-zz.css']) {
      const answer = await get(urlPath, { 'accept-encoding': 'br' });
      expect(answer.status, urlPath).toBe(404);
      expect(answer.headers['content-type'], urlPath).not.toMatch(/html/);
      expect(answer.body.toString('utf8'), urlPath).not.toContain('<html');
    }
  });
});

describe('the page preloads the bundle its path opens', () => {
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]).sort();

  it('a sign-in path preloads the sign-in bundle and what it needs beyond the entry', async () => {
    for (const urlPath of ['/sign-in', '/forgot-password', '/active', '/sign-in/']) {
      const html = decoded(await get(urlPath, { 'accept-encoding': 'br' }));
      expect(preloads(html), urlPath).toEqual(['/assets/AuthPages-c3.js', '/assets/shared-b2.js', '/assets/tiny-e5.js']);
    }
  });

  it('an app path preloads the app bundle, and the entry stays the one script', async () => {
    for (const urlPath of ['/', '/partners', '/tickets/42/detail?tab=chat']) {
      const html = decoded(await get(urlPath, { 'accept-encoding': 'gzip' }));
      expect(preloads(html), urlPath).toEqual(['/assets/AdminApp-d4.js', '/assets/shared-b2.js']);
      expect(html.match(/<script /g), urlPath).toHaveLength(1);
    }
  });

  it('the not-found page preloads nothing beyond the entry', async () => {
    expect(preloads(decoded(await get('/404')))).toEqual(['/assets/shared-b2.js']);
  });
});
