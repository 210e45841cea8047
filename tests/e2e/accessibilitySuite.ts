import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type TestServer } from '../server/harness';
import { addressesFor, mailedPages, signedOutPages } from './accessibilityRoutes';
import { transitionsSettled } from './browser';
import { closePortal, openPortal } from './portal';
import { scanStatesOf, type StateScanner } from './accessibilityStates';

/*
 * Every screen of every demo account through axe (WCAG 2.1 A and AA), failing on serious or critical findings.
 * The full product (2 languages × 2 themes × 2 widths) per route is too slow for CI: the four variants below
 * cover every pair of those choices (pairwise), for every route and account. Each variant is one test file
 * (accessibility<Variant>.test.ts): four files of equal length, of which the e2e project runs two at a time.
 *
 * A screen's further states (its tabs, the dialogs of its toolbar and rows, a create dialog submitted empty, a
 * refused password change or form Submit) are scanned in one variant, the screen's rank in the account's list
 * modulo four choosing which: the states as a whole meet every variant, at a quarter of the cost (the suite's
 * time is bounded; the screens themselves are scanned in all four).
 */
export const VARIANTS = {
  englishWide: { language: 'en', theme: 'light', width: 1440, statesOfScreens: 0 },
  englishNarrow: { language: 'en', theme: 'dark', width: 375, statesOfScreens: 1 },
  vietnameseNarrow: { language: 'vi', theme: 'light', width: 375, statesOfScreens: 2 },
  vietnameseWide: { language: 'vi', theme: 'dark', width: 1440, statesOfScreens: 3 },
} as const;
type Variant = (typeof VARIANTS)[keyof typeof VARIANTS];

/** The accounts scanned: every demo role (Admin, Support, partner admin, partner user). */
const ACCOUNTS = ['admin@example.com', 'support@example.com', 'partner.admin@acme.example', 'partner@acme.example'];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = path.resolve('node_modules/axe-core/axe.min.js');
const BLOCKING = new Set(['serious', 'critical']);

let server: TestServer;
let browser: Browser;
let statesScanned = 0;
const traceStart = Date.now();

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
  // axe-core once per page load, not once per scan (AxeBuilder evaluates its whole source before every analysis).
  await context.addInitScript({ path: AXE_SOURCE });
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

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[]; html: string }[];
}

/** Scans the page, or only `region` (an open dialog or menu, whose page behind is scanned already), with axe.run. */
async function scan(page: Page, state: string, region?: string) {
  const violations = await page.evaluate(
    async ({ region, tags }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
      const results = await axe.run(region ? { include: [region] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map(({ target, html }) => ({ target, html })) }));
    },
    { region, tags: WCAG_TAGS },
  );
  const results = { violations };
  statesScanned += 1;
  if (process.env.AXE_TRACE) console.log(`${((Date.now() - traceStart) / 1000).toFixed(1)} ${state}`);
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

/** The sign-in form refused: a known email with a wrong password. */
async function scanRefusedSignIn(page: Page, state: string) {
  await page.goto(`${server.url}/sign-in`);
  await page.fill('input[name="email"]', 'partner@acme.example');
  await page.fill('input[name="password"]', 'Not-the-password-1');
  await page.click('button[type="submit"]');
  await page.getByTestId('sign-in-error').waitFor();
  await settled(page);
  await scan(page, state);
}

/**
 * The scans of one variant (language, theme, width): the signed-out pages, then every demo account's screens
 * with their menus, drawer, tabs, dialogs and refused submits.
 */
export function describeAccessibility(variantKey: keyof typeof VARIANTS) {
  const variant = VARIANTS[variantKey];
  beforeAll(async () => ({ server, browser } = await openPortal()));
  afterAll(async () => {
    console.log(`axe scanned ${statesScanned} screen states in ${variantName(variant)}`);
    await closePortal({ server, browser });
  });

  describe(`axe finds no serious or critical WCAG 2.1 AA violation in ${variantName(variant)}`, () => {
    it('on the signed-out pages, and the sign-in refused', async () => {
      const pages = [...signedOutPages, ...(await mailedPages(server))];
      const { context, page } = await variantContext(variant);
      for (const { name, path } of pages) {
        await page.goto(`${server.url}${path}`);
        await settled(page);
        await scan(page, `signed-out · ${name} · ${variantName(variant)}`);
      }
      await scanRefusedSignIn(page, `signed-out · sign-in refused · ${variantName(variant)}`);
      await context.close();
      expect(report('signed-out'), 'serious or critical axe violations').toBe('');
    });

    it.each(ACCOUNTS)(
      'on every screen %s opens, with its menus, drawer, tabs, dialogs and refused submits',
      async (email) => {
        const screens = await addressesFor(server, email);
        const { context, page } = await variantContext(variant);
        await signIn(page, email);
        const where = (what: string) => `${email} · ${what} · ${variantName(variant)}`;
        const scanner: StateScanner = {
          page,
          scan: (what, region) => scan(page, where(what), region),
          settled: () => settled(page),
          openAddress: (path) => openAddress(page, path),
        };
        for (const [rank, address] of screens.entries()) {
          await openAddress(page, address);
          await scan(page, where(address));
          if (rank % 4 === variant.statesOfScreens) await scanStatesOf(scanner, address, { filler: /^\/forms\/[^/]+\/sections\//.test(address) });
        }
        await openAddress(page, '/');
        await scanOpened(page, where('/ profile menu open'), () => page.getByTestId('profile-menu').click());
        await scanOpened(page, where('/ notification bell open'), () => page.getByTestId('notification-bell').click());
        if (variant.width < 600) await scanOpened(page, where('/ navigation drawer open'), () => page.getByTestId('open-nav').click());
        const list = ENTITY_LISTS.find((path) => screens.includes(path));
        if (list) {
          await openAddress(page, list);
          await page.getByTestId('entity-filters-toggle').click();
          await settled(page);
          await scan(page, where(`${list} advanced search open`));
        }
        await context.close();
        expect(report(email), 'serious or critical axe violations').toBe('');
      },
      300_000,
    );
  });
}
