import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { TestServer } from '../server/harness';
import { screenshot, seriousAxeFindings } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));

async function acmeId() {
  const { token } = await server.signIn('admin@example.com');
  const found = await server.api<PagedResult<{ id: string; name: string }>>('POST', '/api/v1/partners/search', {
    token,
    body: { pageNumber: 1, pageSize: 10, advancedSearch: { keyword: 'Acme Logistics' } },
  });
  return found.body.data!.items.find((p) => p.name === 'Acme Logistics')!.id;
}

async function withAxe(page: Page) {
  await page.context().addInitScript({ path: path.resolve('node_modules/axe-core/axe.min.js') });
  return page;
}

describe('single sign-on settings and the email-first sign-in in Chromium (issue 37)', () => {
  it('staff set up Acme’s provider and confirm its domain; the sign-in page then offers it, and hides the password once required', async () => {
    const acme = await acmeId();
    const staff = await withAxe(await pages.newPage());
    await pages.signIn(staff, 'admin@example.com');
    await staff.goto(`${server.url}/partners/${acme}/sign-in`);
    const form = staff.getByTestId('sso-provider-form');
    await form.waitFor();
    await form.getByLabel('Name shown on the sign-in page').fill('Acme Entra ID');
    await form.getByLabel('Issuer address').fill('https://login.acme.example/v2.0');
    await form.getByLabel('Client ID').fill('portal-client');
    await form.getByLabel('Client secret').fill('a-client-secret');
    await form.getByRole('button', { name: 'Save provider' }).click();
    await staff.getByTestId('sso-addresses').waitFor();

    const domains = staff.getByTestId('sso-domains');
    await domains.getByLabel('Domain (e.g. example.com)').fill('acme.example');
    await domains.getByRole('button', { name: 'Claim domain' }).click();
    const domain = staff.getByTestId('sso-domain-acme.example');
    await domain.getByRole('button', { name: 'Confirm' }).click();
    await domain.getByText('Verified').waitFor();
    expect(await seriousAxeFindings(staff, 'main')).toEqual([]);
    await screenshot(staff, 'sso-sign-in-tab-en-1440');

    const visitor = await withAxe(await pages.newPage());
    await visitor.goto(`${server.url}/sign-in`);
    await visitor.locator('#prerendered-sign-in').waitFor({ state: 'detached' });
    await visitor.fill('input[name="email"]', 'someone@acme.example');
    await visitor.locator('input[name="email"]').blur();
    const go = visitor.getByRole('link', { name: 'Continue with Acme Entra ID' });
    await go.waitFor();
    expect(await go.getAttribute('href')).toMatch(/^\/api\/sso\/[0-9a-f-]{36}\/start$/);
    expect(await visitor.locator('input[name="password"]').count()).toBe(1);
    await screenshot(visitor, 'sso-sign-in-offered-en-1440');

    await staff.getByTestId('sso-require').click();
    await staff.getByTestId('sso-require').locator('input:checked').waitFor();

    for (const [width, language] of [
      [1440, 'en'],
      [375, 'en'],
      [1440, 'vi'],
      [375, 'vi'],
    ] as const) {
      const page = await withAxe(await pages.newPage({ width, language }));
      await page.goto(`${server.url}/sign-in`);
      await page.locator('#prerendered-sign-in').waitFor({ state: 'detached' });
      await page.fill('input[name="email"]', 'someone@acme.example');
      await page.locator('input[name="email"]').blur();
      await page.getByTestId('sso-required').waitFor();
      expect(await page.locator('input[name="password"]').count()).toBe(0);
      expect(await page.getByTestId('passkey-sign-in').count()).toBe(0);
      expect(await seriousAxeFindings(page, 'form')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `sso-sign-in-required-${language}-${width}`);
      await page.context().close();
    }

    for (const [width, language] of [
      [375, 'en'],
      [1440, 'vi'],
      [375, 'vi'],
    ] as const) {
      const page = await withAxe(await pages.newPage({ width, language }));
      await pages.signIn(page, 'admin@example.com');
      await page.goto(`${server.url}/partners/${acme}/sign-in`);
      await page.getByTestId('sso-addresses').waitFor();
      expect(await seriousAxeFindings(page, 'main')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `sso-sign-in-tab-${language}-${width}`);
      await page.context().close();
    }
  });
});
