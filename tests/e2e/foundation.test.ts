import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/app.en';
import vi from '../../i18n/app.vi';
import { linkIn, type TestServer } from '../server/harness';
import { screenshot } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const { newPage, signIn, signOut } = portalPages(() => ({ server, browser }));

const navItems = async (page: Page) =>
  (
    await page
      .getByTestId('side-nav')
      .locator('[data-testid^="nav-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))
  ).sort();

describe('a newcomer in Chromium', () => {
  it('lands on sign-in from / and sees it in Vietnamese after switching the language', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/sign-in$/);
    await expect.poll(() => page.getByRole('heading', { name: en.app.auth.signIn.title }).count()).toBe(1);
    await screenshot(page, 'sign-in-en-1440');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-vi').click();
    await expect.poll(() => page.getByRole('heading', { name: vi.app.auth.signIn.title }).count()).toBe(1);
    expect(await page.locator('button[type="submit"]').innerText()).toContain(vi.app.auth.signIn.submit);
    await screenshot(page, 'sign-in-vi-1440');
    await page.context().close();
  });

  it('signs in as admin, sees the whole menu, and signs out', async () => {
    const page = await newPage();
    await signIn(page, 'admin@example.com');
    await page.getByTestId('nav-group-administration').click();
    const items = await navItems(page);
    for (const item of [
      'nav-home',
      'nav-partner-users',
      'nav-forms',
      'nav-form-config',
      'nav-validation-rules',
      'nav-partner-forms',
      'nav-tickets',
      'nav-ticket-manager',
      'nav-accessible-files',
      'nav-partners',
      'nav-user-management',
      'nav-roles',
    ]) {
      expect(items).toContain(item);
    }
    await screenshot(page, 'home-admin-en-1440');
    await signOut(page);
    await page.context().close();
  });

  it('signs in as a partner and sees only the partner items', async () => {
    const page = await newPage();
    await signIn(page, 'partner@acme.example');
    const items = await navItems(page);
    expect(items).toContain('nav-home');
    expect(items).toContain('nav-tickets');
    expect(items).toContain('nav-forms');
    for (const staffOnly of [
      'nav-partners',
      'nav-user-management',
      'nav-roles',
      'nav-ticket-manager',
      'nav-form-config',
      'nav-partner-users',
      'nav-group-administration',
    ]) {
      expect(items).not.toContain(staffOnly);
    }
    await page.goto(`${server.url}/user-management`);
    await page.getByTestId('access-denied').waitFor();
    expect(page.url()).toMatch(/\/user-management$/);
    await page.context().close();
  });

  it('resets a forgotten password from the outbox link and signs in with the new one', async () => {
    const page = await newPage({ width: 375 });
    await page.goto(`${server.url}/forgot-password`);
    const email = page.locator('input[name="email"]');
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    await email.fill('partner@globex.example');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.getByText(en.app.auth.forgotPassword.sent).count()).toBeGreaterThan(0);
    await expect.poll(() => server.outbox().length).toBeGreaterThan(0);
    const link = linkIn(server.outbox().at(-1)!);
    expect(link.pathname).toBe('/forgot-password');

    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.locator('input[name="password"]').fill('A-new-passw0rd');
    await page.locator('input[name="confirmPassword"]').fill('A-new-passw0rd');
    await screenshot(page, 'reset-password-en-375');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.getByText(en.app.auth.resetPassword.doneTitle).count()).toBe(1);
    await page.waitForURL(/\/sign-in$/, { timeout: 10_000 });

    await signIn(page, 'partner@globex.example', 'A-new-passw0rd');
    await page.getByTestId('open-nav').click();
    await page.getByTestId('side-nav').waitFor();
    expect(await navItems(page)).toContain('nav-tickets');
    await page.context().close();
  });
});
