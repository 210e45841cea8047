import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Config } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import { startServer, type TestServer } from '../server/harness';
import { afterEach, expect } from 'vitest';
import { launchChromium, recordCspViolations } from './browser';
import { failureWitness } from './failureWitness';

/**
 * A real server on the built app (dist/) over its own embedded PostgreSQL, as `npm start` runs, and Debian's Chromium,
 * for one test file; `publicHost` makes its PUBLIC_URL its own address on that host name, `inboundMail` turns on replies
 * by mail (its SMTP listener and IMAP reader when given).
 */
export async function openPortal(
  options: { publicHost?: string; inboundMail?: Partial<Config['inboundMail']> } = {},
): Promise<{ server: TestServer; browser: Browser }> {
  const server = await startServer({ staticDir: path.resolve('dist'), databaseEngine: 'embedded', ...options });
  return { server, browser: await launchChromium() };
}

export async function closePortal(portal: { server?: TestServer; browser?: Browser }) {
  await portal.browser?.close();
  await portal.server?.close();
}

/**
 * Pages of a fresh browser context, and signing in and out as a person does, against the portal of `current()`.
 * A test whose pages broke the Content-Security-Policy fails, whatever else it asserted.
 */
export function portalPages(current: () => { server: TestServer; browser: Browser }) {
  const cspViolations: string[] = [];
  const witness = failureWitness();
  afterEach(async (context) => {
    await witness.report(context.task);
    const seen = cspViolations.splice(0);
    expect(seen, 'Content-Security-Policy violations').toEqual([]);
  });
  return {
    async newPage({ width = 1440, language }: { width?: number; language?: 'en' | 'vi' } = {}): Promise<Page> {
      const context = await current().browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 }, acceptDownloads: true });
      await recordCspViolations(context, cspViolations);
      witness.watch(context);
      if (language) await context.addInitScript((lang) => localStorage.setItem('portal.language', lang), language);
      return context.newPage();
    },
    async signIn(page: Page, email: string, password = DEMO_PASSWORD) {
      const { url } = current().server;
      await page.goto(`${url}/sign-in`);
      await page.fill('input[name="email"]', email);
      await page.fill('input[name="password"]', password);
      await page.click('button[type="submit"]');
      await page.waitForURL(`${url}/`);
      await page.getByTestId('welcome-card').waitFor();
    },
    async signOut(page: Page) {
      await page.getByTestId('profile-menu').click();
      await page.getByTestId('logout').click();
      await page.waitForURL(/\/sign-in$/);
    },
  };
}
