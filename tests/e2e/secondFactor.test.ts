import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../server/modules/accounts/totp';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import type { TestServer } from '../server/harness';
import { seriousAxeFindings } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

const SUPPORT = 'support@example.com';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));

async function passwordStep(page: Page) {
  await page.goto(`${server.url}/sign-in`);
  await page.fill('input[name="email"]', SUPPORT);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.click('button[type="submit"]');
}

describe('second factor (TOTP) in Chromium', () => {
  it('Support sets up an authenticator app on a phone-sized screen, then signs in with the password and a code', async () => {
    const page = await pages.newPage({ width: 375 });
    await page.context().addInitScript({ path: path.resolve('node_modules/axe-core/axe.min.js') });
    await passwordStep(page);
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`${server.url}/profile`);
    await page.getByTestId('profile-tab-security').click();
    const card = page.getByTestId('second-factor-card');
    await card.getByRole('button', { name: 'Set up' }).click();
    await card.getByTestId('totp-enrolment').waitFor();
    const secret = (await card.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(await seriousAxeFindings(page, '[data-testid="second-factor-card"]')).toEqual([]);
    // By keyboard: the code field, then Enter turns it on.
    await card.getByRole('textbox', { name: 'Code from the app' }).fill(totpCodeAt(secret));
    await page.keyboard.press('Enter');
    const codes = card.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    expect(await seriousAxeFindings(page, '[data-testid="second-factor-card"]')).toEqual([]);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText('10 recovery codes left').waitFor();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);

    const next = await pages.newPage({ width: 375, language: 'vi' });
    await next.context().addInitScript({ path: path.resolve('node_modules/axe-core/axe.min.js') });
    await passwordStep(next);
    const step = next.getByTestId('second-factor-step');
    await step.waitFor();
    await step.getByRole('heading', { name: 'Xác minh hai bước' }).waitFor();
    expect(await seriousAxeFindings(next, '[data-testid="second-factor-step"]')).toEqual([]);
    expect(await next.evaluate(() => localStorage.getItem('portal.credentials'))).toBeNull();
    // The code of the step after the one used to turn it on (that one is refused from now on).
    await step.getByRole('textbox', { name: 'Mã' }).fill(totpCodeAt(secret, Date.now() + 30_000));
    await step.getByRole('button', { name: 'Xác minh' }).click();
    await next.waitForURL((url) => url.pathname === '/');
    expect(await next.evaluate(() => localStorage.getItem('portal.credentials'))).not.toBeNull();
  });
});
