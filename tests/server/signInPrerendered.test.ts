import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressDirectory } from '../../scripts/compressAssets';
import { writeSignInPages } from '../../scripts/prerenderSignIn';
import { SIGN_IN_VARIANTS, signInPageFile, signInVariantFor, type SignInVariant } from '../../server/static/signInPage';
import { useDemoServer } from './factories';

const PAGE = (marker: string) => `<!doctype html>
<html lang="en">
  <head><title>Partner Portal</title><script type="module" crossorigin src="/assets/index-a1.js"></script></head>
  <body><div id="root"></div><!-- ${marker} --></body>
</html>`;

/** A built app with the sign-in pages the build's last steps write from the real sign-in components (vite.config.ts). */
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-sign-in-'));
fs.writeFileSync(path.join(staticDir, 'index.html'), PAGE('index'));
fs.writeFileSync(path.join(staticDir, 'index.auth.html'), PAGE('auth'));
await writeSignInPages(staticDir);
compressDirectory(staticDir);

const { server } = useDemoServer({ staticDir });
afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));

function get(urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(server.url + urlPath, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: body.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

const pageOf = (variant: SignInVariant) => fs.readFileSync(path.join(staticDir, signInPageFile(variant)), 'utf8');
const DEFAULT: SignInVariant = { language: 'en', themeMode: 'light' };

describe('the build prerenders /sign-in in every language and theme', () => {
  it('each page holds the sign-in form beside #root, in its language, with no script of its own', () => {
    for (const variant of SIGN_IN_VARIANTS) {
      const page = pageOf(variant);
      expect(page).toContain(`<html lang="${variant.language}">`);
      expect(page).toMatch(/<div id="prerendered-sign-in">[^]*<form[^>]*method="post"[^]*<\/div>\s*<div id="root"><\/div>/);
      expect(page).toContain('name="password"');
      expect(page).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
      expect(page).toContain('href="/forgot-password"');
      expect(page.match(/<script/g)).toHaveLength(1);
    }
    expect(pageOf({ language: 'vi', themeMode: 'light' })).toContain('Đăng nhập');
    expect(pageOf({ language: 'en', themeMode: 'dark' })).toContain('background-color:#121212');
    expect(pageOf(DEFAULT)).not.toContain('background-color:#121212');
  });
});

describe('the server sends /sign-in in the language and theme of the cookies', () => {
  it('each pair of cookies gets its own page, told to caches that it varies by cookie', async () => {
    for (const variant of SIGN_IN_VARIANTS) {
      const answer = await get('/sign-in', { cookie: `other=1; portal-language=${variant.language}; portal-theme=${variant.themeMode}` });
      expect(answer.status).toBe(200);
      expect(answer.body, JSON.stringify(variant)).toBe(pageOf(variant));
      expect(answer.headers.vary).toMatch(/Cookie/);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('no cookie gets English in the light theme, also with a trailing slash, a query, and compressed', async () => {
    expect((await get('/sign-in')).body).toBe(pageOf(DEFAULT));
    expect((await get('/sign-in/?next=1', { cookie: 'portal-language=vi' })).body).toBe(pageOf({ language: 'vi', themeMode: 'light' }));
    const compressed = await get('/sign-in', { 'accept-encoding': 'br', cookie: 'portal-theme=dark' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.body).toBe(pageOf({ language: 'en', themeMode: 'dark' }));
  });

  it('a cookie not exactly one allowed value falls back to the default, and the other cookie still counts', async () => {
    const bad = [
      'portal-language=fr',
      'portal-language=VI',
      'portal-language="vi"',
      'portal-language=vi; portal-language=vi',
      'portal-language=vi; portal-language=en',
      'portal-language',
      'portal-language=',
      'portal-language=__proto__',
      'portal-language=toString',
      '__proto__=vi',
      'constructor=vi',
      '=vi',
      ';;;',
      'portal-language=vi%00',
    ];
    for (const cookie of bad) {
      const answer = await get('/sign-in', { cookie: `${cookie}; portal-theme=dark` });
      expect(answer.status, cookie).toBe(200);
      expect(answer.body, cookie).toBe(pageOf({ language: 'en', themeMode: 'dark' }));
    }
    const huge = await get('/sign-in', { cookie: `portal-language=vi; portal-theme=dark; filler=${'x'.repeat(5000)}` });
    expect(huge.status).toBe(200);
    expect(huge.body).toBe(pageOf(DEFAULT));
  });

  it('reads cookies among many others, with spaces around names and values', () => {
    expect(signInVariantFor(`${'portal-language=vi; '.repeat(200)}`)).toEqual(DEFAULT);
    expect(signInVariantFor(`${'a=b;'.repeat(1000)}portal-theme=dark`)).toEqual({ language: 'en', themeMode: 'dark' });
    expect(signInVariantFor(`portal-language = vi ;portal-theme= dark`)).toEqual({ language: 'vi', themeMode: 'dark' });
  });

  it('the other paths keep their page, whatever the cookies', async () => {
    const cookie = 'portal-language=vi; portal-theme=dark';
    for (const urlPath of ['/forgot-password', '/active', '/', '/partners', '/sign-in-elsewhere', '/404']) {
      const answer = await get(urlPath, { cookie });
      expect(answer.status, urlPath).toBe(200);
      expect(answer.body, urlPath).not.toContain('prerendered-sign-in');
      expect(answer.headers.vary, urlPath).not.toMatch(/Cookie/);
    }
  });
});
