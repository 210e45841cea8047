import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpArticleDto } from '../../contract/helpCenter';
import type { TestServer } from '../server/harness';
import { recordCspViolations, seriousAxeFindings } from './browser';
import { closePortal, openPortal } from './portal';

let server: TestServer;
let browser: Browser;
const SHOTS = path.resolve('screenshots/help-public');
const AXE_SOURCE = path.resolve('node_modules/axe-core/axe.min.js');
let article: HelpArticleDto;
let englishOnly: HelpArticleDto;

/** An article that tests a narrow screen: a long word, a wide table, a long line of code, a long link. */
const WIDE_BODY = [
  '<h2>Before you start</h2>',
  '<p>Your partner number is on the invoice: Partnerverwaltungsnummernbestätigungsformular-2026-0000000001.</p>',
  '<table><thead><tr><th>Plan</th><th>Monthly invoice date</th><th>Payment terms</th><th>Late payment reminder</th><th>Contact</th></tr></thead>',
  '<tbody><tr><td>Standard</td><td>First working day</td><td>30 days after the invoice date</td><td>7 days after the due date</td><td>billing@example.com</td></tr></tbody></table>',
  '<pre><code>curl -H "Authorization: Bearer $TOKEN" https://portal.example.com/api/v1/partners/00000000-0000-4000-8000-000000000000/invoices?status=open</code></pre>',
  '<p>See <a href="https://portal.example.com/a/very/long/address/that/does/not/break/on/its/own/in/a/narrow/column">the billing guide</a>.</p>',
].join('');

beforeAll(async () => {
  ({ server, browser } = await openPortal());
  const { token } = await server.signIn('admin@example.com');
  const api = async <T>(method: string, url: string, body?: unknown) => {
    const answer = await server.api<T>(method, url, { token, body });
    if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.text}`);
    return answer.body.data!;
  };
  const category = await api<{ id: string }>('POST', '/api/v1/help-categories', { nameEn: 'Billing', nameVi: 'Thanh toán', position: 1 });
  const made = await api<HelpArticleDto>('POST', '/api/v1/help-articles', {
    slug: 'pay-an-invoice',
    categoryId: category.id,
    audience: 'public',
    en: { title: 'Pay an invoice', body: WIDE_BODY },
    vi: { title: 'Thanh toán hóa đơn', body: WIDE_BODY.replace('Before you start', 'Trước khi thanh toán hóa đơn') },
  });
  article = await api<HelpArticleDto>('POST', `/api/v1/help-articles/${made.id}/publish`);
  const second = await api<HelpArticleDto>('POST', '/api/v1/help-articles', {
    slug: 'export-reports',
    categoryId: category.id,
    audience: 'public',
    en: { title: 'Export reports', body: '<p>Open Reports and choose Export to download the invoices as a spreadsheet.</p>' },
  });
  englishOnly = await api<HelpArticleDto>('POST', `/api/v1/help-articles/${second.id}/publish`);
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => closePortal({ server, browser }));

const ROOTS = { en: '/help', vi: '/vi/help' } as const;
/** The pages a visitor meets, in each language: the list, a search, an article and the 404. */
const pagesOf = (language: 'en' | 'vi') => {
  const root = ROOTS[language];
  return {
    list: { path: root, status: 200 },
    search: { path: `${root}?q=${language === 'en' ? 'invoice' : 'hoa don'}`, status: 200 },
    article: { path: `${root}/${article.slug}`, status: 200 },
    untranslated: { path: `${root}/${englishOnly.slug}`, status: 200 },
    notFound: { path: `${root}/no-such-article`, status: 404 },
  };
};

/** A context as a visitor without scripts has it: the page must be whole from its HTML alone. */
async function withoutScripts(width: number, colorScheme: 'light' | 'dark' = 'light') {
  return browser.newContext({ javaScriptEnabled: false, colorScheme, viewport: { width, height: width < 600 ? 812 : 900 } });
}

/** Opens a page and lists the scripts it asked for (there should be none: no app bundle, no inline script). */
async function open(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const response = await page.goto(server.url + path);
  return { page, status: response?.status(), scripts };
}

describe('the public help center without JavaScript', () => {
  for (const language of ['en', 'vi'] as const) {
    for (const [width, colorScheme] of [
      [375, 'dark'],
      [1440, 'light'],
    ] as const) {
      it(`renders every page readable at ${width} px in ${language} (${colorScheme}), with no horizontal scroll and no script`, async () => {
        const context = await withoutScripts(width, colorScheme);
        for (const [name, { path, status }] of Object.entries(pagesOf(language))) {
          const { page, status: answered, scripts } = await open(context, path);
          expect(answered, name).toBe(status);
          expect(scripts, name).toEqual([]);
          expect(await page.getAttribute('html', 'lang'), name).toBe(language);
          expect(await page.locator('h1').count(), name).toBe(1);
          expect(await page.locator('h1').isVisible(), name).toBe(true);
          const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
          expect(scrollWidth, `${name}: page width ${scrollWidth} in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
          await page.screenshot({ path: `${SHOTS}/${language}-${width}-${name}.png`, fullPage: true });
          await page.close();
        }
        await context.close();
      });
    }
  }

  it('takes a keyboard: skip link, search and article links in order, each with a visible focus ring; Enter follows a link', async () => {
    for (const language of ['en', 'vi'] as const) {
      const context = await withoutScripts(1440);
      const { page } = await open(context, ROOTS[language]);
      const order: { tag: string; href: string | null; name: string | null; outline: string; outlineWidth: number }[] = [];
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const style = getComputedStyle(element);
          return {
            tag: element.tagName,
            href: element.getAttribute('href'),
            name: element.getAttribute('name'),
            outline: style.outlineStyle,
            outlineWidth: parseFloat(style.outlineWidth),
          };
        });
        // Past the page's last link focus leaves the document: the order is complete.
        if (focused.tag === 'BODY') break;
        order.push(focused);
      }
      const skip = order.findIndex((focused) => focused.href === '#main');
      const search = order.findIndex((focused) => focused.name === 'q');
      const articleLink = order.findIndex((focused) => focused.href === `${ROOTS[language]}/${article.slug}`);
      expect(skip, language).toBe(0);
      expect(search, language).toBeGreaterThan(skip);
      expect(articleLink, language).toBeGreaterThan(search);
      for (const focused of order) {
        expect(focused.outline, `${language} ${focused.tag} ${focused.href ?? focused.name}`).not.toBe('none');
        expect(focused.outlineWidth).toBeGreaterThanOrEqual(2);
      }

      // The article's link opens it with Enter; on the article, the skip link moves on to the content.
      await page.reload();
      for (let i = 0; i <= articleLink; i++) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}${ROOTS[language]}/${article.slug}`);
      expect(await page.locator('h1').textContent()).toBe(language === 'en' ? 'Pay an invoice' : 'Thanh toán hóa đơn');

      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#main');
      await page.keyboard.press('Enter');
      await page.waitForURL(/#main$/);
      // The table and the code scroll in their own boxes, which take focus so a keyboard scrolls them.
      const boxes = await page.locator('.article-body [tabindex="0"]').count();
      expect(boxes).toBe(2);
      await context.close();
    }
  });

  it('searches from the form with Enter, without JavaScript', async () => {
    const context = await withoutScripts(375);
    const { page } = await open(context, ROOTS.vi);
    await page.locator('input[name="q"]').fill('hoa don');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/vi\/help\?q=hoa\+don$/);
    expect(await page.locator('ol.hits a').first().textContent()).toBe('Thanh toán hóa đơn');
    expect((await page.locator('ol.hits mark').allTextContents()).map((text) => text.toLowerCase())).toContain('hóa');
    await context.close();
  });
});

describe('the public help center through axe', () => {
  for (const [width, colorScheme] of [
    [1440, 'light'],
    [375, 'dark'],
  ] as const) {
    it(`finds nothing serious or critical on the list, a search, an article and the 404 in both languages (${width} px, ${colorScheme})`, async () => {
      const violations: string[] = [];
      const context = await browser.newContext({ colorScheme, viewport: { width, height: width < 600 ? 812 : 900 } });
      await recordCspViolations(context, violations);
      await context.addInitScript({ path: AXE_SOURCE });
      const findings: Record<string, string[]> = {};
      for (const language of ['en', 'vi'] as const) {
        for (const [name, { path }] of Object.entries(pagesOf(language))) {
          const page: Page = await context.newPage();
          await page.goto(server.url + path);
          const found = await seriousAxeFindings(page, 'html');
          if (found.length) findings[`${language} ${name}`] = found;
          await page.close();
        }
      }
      expect(findings).toEqual({});
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      await context.close();
    });
  }
});
