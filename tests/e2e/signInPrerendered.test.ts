import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/app.en';
import vi from '../../i18n/app.vi';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import type { TestServer } from '../server/harness';
import { closePortal, openPortal, portalPages } from './portal';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const { newPage } = portalPages(() => ({ server, browser }));

const PRERENDERED = '#prerendered-sign-in';
const EMAIL = 'admin@example.com';

/**
 * /sign-in with the app's JavaScript held back until `release()`: what shows until then is the HTML alone. Every main
 * frame document request is counted (a submit of the prerendered form would be one).
 */
async function openWithScriptsHeld(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  let navigations = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations += 1;
  });
  await page.goto(`${server.url}/sign-in`, { waitUntil: 'commit' });
  await page.locator(`${PRERENDERED} form`).waitFor();
  return { release, navigations: () => navigations };
}

async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

const activeField = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name);
const inRoot = (page: Page) => page.evaluate(() => document.getElementById('root')?.contains(document.activeElement) ?? false);

describe('/sign-in before its JavaScript has run', () => {
  it('shows the English form from the HTML alone, takes typing, and the app carries it over and signs in', async () => {
    const page = await newPage();
    const { release, navigations } = await openWithScriptsHeld(page);
    const prerendered = page.locator(PRERENDERED);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    expect(await prerendered.getByRole('heading', { name: en.app.auth.signIn.title }).isVisible()).toBe(true);
    expect(await page.locator('#root').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.getElementById('root')?.childElementCount)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The email field has focus from the HTML; the person types and presses Enter: nothing is sent.
    await page.keyboard.type(EMAIL.slice(0, -1));
    await page.keyboard.press('Enter');
    expect(await prerendered.locator('button[type="submit"]').isDisabled()).toBe(true);

    release();
    await prerendered.waitFor({ state: 'detached' });
    expect(navigations()).toBe(1);
    expect(await page.locator('#root').isVisible()).toBe(true);
    expect(await inRoot(page)).toBe(true);
    expect(await activeField(page)).toBe('email');
    // Typing goes on at the end of the email (scripts cannot see an email input's caret, so it goes to the end).
    await page.keyboard.type(EMAIL.slice(-1));
    expect(await page.locator('#root input[name="email"]').inputValue()).toBe(EMAIL);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/`);
    await page.context().close();
  });

  it('shows the Vietnamese form by the language cookie; the password and its caret carry over and signing in works', async () => {
    // A returning reader who chose Vietnamese: the app stored it and mirrored it into the cookie the server reads.
    const page = await newPage({ language: 'vi' });
    await page.context().addCookies([{ name: 'portal-language', value: 'vi', url: server.url }]);
    const { release } = await openWithScriptsHeld(page);
    const prerendered = page.locator(PRERENDERED);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('vi');
    expect(await prerendered.getByRole('heading', { name: vi.app.auth.signIn.title }).isVisible()).toBe(true);
    expect(await prerendered.locator('button[type="submit"]').innerText()).toContain(vi.app.auth.signIn.submit);
    expect(await prerendered.getByRole('link', { name: vi.app.auth.signIn.forgotPassword }).getAttribute('href')).toBe('/forgot-password');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await prerendered.locator('input[name="email"]').fill(EMAIL);
    await prerendered.locator('input[name="password"]').click();
    await page.keyboard.type(`${DEMO_PASSWORD}12`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');

    release();
    await prerendered.waitFor({ state: 'detached' });
    expect(await activeField(page)).toBe('password');
    const password = page.locator('#root input[name="password"]');
    expect(await password.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([
      DEMO_PASSWORD.length,
      DEMO_PASSWORD.length,
    ]);
    expect(await page.locator('#root input[name="email"]').inputValue()).toBe(EMAIL);
    await page.keyboard.press('Delete');
    await page.keyboard.press('Delete');
    expect(await password.inputValue()).toBe(DEMO_PASSWORD);
    await page.getByRole('button', { name: vi.app.auth.signIn.submit, exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await page.context().close();
  });

  it('the Forgot password link works without the app', async () => {
    const page = await newPage();
    await openWithScriptsHeld(page);
    await page.locator(PRERENDERED).getByRole('link', { name: en.app.auth.signIn.forgotPassword }).click();
    await page.waitForURL(`${server.url}/forgot-password`, { waitUntil: 'commit' });
    await page.context().close();
  });
});
