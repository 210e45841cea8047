import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type TestServer } from '../server/harness';
import { addressesFor, mailedPages, signedOutPages } from './accessibilityRoutes';
import { transitionsSettled } from './browser';
import { closePortal, openPortal } from './portal';

/*
 * Every screen of every demo account through axe (WCAG 2.1 A and AA), failing on serious or critical findings.
 * The full product (2 languages × 2 themes × 2 widths) per route is too slow for CI: the four variants below
 * cover every pair of those choices (pairwise), for every route and account.
 */
const VARIANTS = [
  { language: 'en', theme: 'light', width: 1440 },
  { language: 'en', theme: 'dark', width: 375 },
  { language: 'vi', theme: 'light', width: 375 },
  { language: 'vi', theme: 'dark', width: 1440 },
] as const;
type Variant = (typeof VARIANTS)[number];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

let server: TestServer;
let browser: Browser;
let statesScanned = 0;

const variantName = (variant: Variant) => `${variant.language}/${variant.theme}/${variant.width}`;

/** A context in one variant that counts requests in flight, so a scan waits for the screen's data. */
async function variantContext(variant: Variant): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: variant.width, height: variant.width < 600 ? 812 : 900 } });
  await context.addInitScript(
    ({ language, theme }) => {
      localStorage.setItem('portal.language', language);
      localStorage.setItem('portal.themeMode', theme);
      const counter = window as unknown as { requestsInFlight: number };
      counter.requestsInFlight = 0;
      const originalFetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        // The hub's transport may hold a request open; the screen's data never comes from it.
        if (String(input instanceof Request ? input.url : input).includes('/api/notifications')) return originalFetch(input, init);
        counter.requestsInFlight += 1;
        return originalFetch(input, init).finally(() => (counter.requestsInFlight -= 1));
      };
    },
    { language: variant.language, theme: variant.theme },
  );
  return { context, page: await context.newPage() };
}

const nextFrames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Waits until the screen's requests are answered and nothing is loading, twice in a row (an answer may start another). */
async function settled(page: Page) {
  for (let round = 0; round < 2; round += 1) {
    await nextFrames(page);
    await page
      .waitForFunction(
        () =>
          (window as unknown as { requestsInFlight: number }).requestsInFlight === 0 &&
          !document.querySelector('.MuiSkeleton-root, [role="progressbar"]:not([aria-valuenow])'),
        undefined,
        { timeout: 15_000, polling: 50 },
      )
      .catch(() => undefined); // A screen that never settles is still scanned: what it shows is what a person meets.
  }
  await transitionsSettled(page);
}

/** Client-side navigation, as a click on a link does: one sign-in serves every screen of the context. */
async function openAddress(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settled(page);
}

interface Finding {
  state: string;
  rule: string;
  impact: string;
  nodes: string[];
}
const findings: Finding[] = [];

async function scan(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  statesScanned += 1;
  for (const violation of results.violations) {
    if (!BLOCKING.has(violation.impact ?? '')) continue;
    findings.push({
      state,
      rule: violation.id,
      impact: violation.impact!,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 90)}`),
    });
  }
}

/** The findings of one account (or the signed-out pages) in one variant, or in every variant. */
function report(who: string, variant = '') {
  const mine = findings.filter((finding) => finding.state.startsWith(who) && finding.state.endsWith(variant));
  return mine.map((f) => `${f.state} · ${f.rule} (${f.impact}) · ${f.nodes.length} node(s): ${f.nodes.slice(0, 4).join(' | ')}`).join('\n');
}

async function signIn(page: Page, email: string) {
  await page.goto(`${server.url}/sign-in`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL(`${server.url}/`);
  await settled(page);
}

/** Opens a popup with `open`, scans it, and closes it with Escape as a keyboard user would. */
async function scanOpened(page: Page, state: string, open: () => Promise<void>) {
  await open();
  await settled(page);
  await scan(page, state);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('.MuiModal-root:not(.MuiModal-hidden)'));
  await transitionsSettled(page);
}

const ENTITY_LISTS = ['/partners', '/partner/users', '/user-management'];

/**
 * The scans of some demo accounts (and, when asked, the signed-out pages) against one server: the accounts are
 * split over two files (accessibilityStaff, accessibilityPartners) that run side by side.
 */
export function describeAccessibility({ accounts, signedOut }: { accounts: string[]; signedOut: boolean }) {
  beforeAll(async () => ({ server, browser } = await openPortal()));
  afterAll(async () => {
    console.log(`axe scanned ${statesScanned} screen states`);
    await closePortal({ server, browser });
  });

  describe('axe finds no serious or critical WCAG 2.1 AA violation', () => {
    it.runIf(signedOut)(
      'on the signed-out pages',
      async () => {
        const pages = [...signedOutPages, ...(await mailedPages(server))];
        for (const variant of VARIANTS) {
          const { context, page } = await variantContext(variant);
          for (const { name, path } of pages) {
            await page.goto(`${server.url}${path}`);
            await settled(page);
            await scan(page, `signed-out · ${name} · ${variantName(variant)}`);
          }
          await context.close();
        }
        expect(report('signed-out'), 'serious or critical axe violations').toBe('');
      },
      120_000,
    );

    const addresses = new Map<string, Promise<string[]>>();
    const addressesOf = (email: string) => addresses.get(email) ?? addresses.set(email, addressesFor(server, email)).get(email)!;

    describe.each(accounts)('on every screen %s opens, with its menus, drawer and dialogs', (email) => {
      it.each(VARIANTS.map((variant) => [variantName(variant), variant] as const))(
        'in %s',
        async (_, variant) => {
          const screens = await addressesOf(email);
          const { context, page } = await variantContext(variant);
          await signIn(page, email);
          const where = (what: string) => `${email} · ${what} · ${variantName(variant)}`;
          for (const address of screens) {
            await openAddress(page, address);
            await scan(page, where(address));
          }
          await openAddress(page, '/');
          await scanOpened(page, where('/ profile menu open'), () => page.getByTestId('profile-menu').click());
          await scanOpened(page, where('/ notification bell open'), () => page.getByTestId('notification-bell').click());
          if (variant.width < 600) await scanOpened(page, where('/ navigation drawer open'), () => page.getByTestId('open-nav').click());
          if (screens.includes('/tickets')) {
            await openAddress(page, '/tickets');
            const create = page.getByTestId('ticket-new');
            if (await create.count()) await scanOpened(page, where('/tickets create dialog open'), () => create.click());
          }
          const list = ENTITY_LISTS.find((path) => screens.includes(path));
          if (list) {
            await openAddress(page, list);
            await page.getByTestId('entity-filters-toggle').click();
            await settled(page);
            await scan(page, where(`${list} advanced search open`));
          }
          await context.close();
          expect(report(email, variantName(variant)), 'serious or critical axe violations').toBe('');
        },
        240_000,
      );
    });
  });
}
