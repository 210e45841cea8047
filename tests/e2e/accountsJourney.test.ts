import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecoveryCodes, SecondFactorEnrolment } from '../../contract/secondFactor';
import en from '../../i18n/en';
import { auditTrails } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import { loadDemoFixture } from '../server/demoFixture';
import type { TestServer } from '../server/harness';
import { closePortal, openPortal, portalPages } from './portal';

let server: TestServer;
let browser: Browser;
let demo: Awaited<ReturnType<typeof loadDemoFixture>>;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
  demo = await loadDemoFixture(server);
});
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));
const LIVE = { timeout: 15_000 };

/** The portal by name: an IP address cannot be a WebAuthn RP ID, `localhost` can. */
const localUrl = () => server.url.replace('127.0.0.1', 'localhost');

/** The authenticator app on Support's phone: the code of the step `stepsAhead` steps from now (the server allows one of drift). */
const authenticatorApp = (secret: string) => (stepsAhead: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

async function passwordStep(page: Page, email: string) {
  await page.goto(`${localUrl()}/sign-in`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.click('button[type="submit"]');
}

async function openSecurityTab(page: Page) {
  await page.goto(`${localUrl()}/profile`);
  await page.getByTestId('profile-tab-security').click();
}

describe('accounts people can trust, in Chromium (issue 26)', () => {
  it('Support signs in with password then TOTP; Admin enrols a passkey and signs in with it, ends another sign-in whose hub connection closes, and impersonates a partner with the banner shown and the audit naming both', async () => {
    // Support turns the authenticator app on (the API the Security tab calls); its code of the last step confirms.
    const support = await server.signIn('support@example.com');
    const begun = await server.api<SecondFactorEnrolment>('POST', '/api/account/second-factor/enrolment', { token: support.token });
    const codeOf = authenticatorApp(begun.body.data!.secret);
    const confirmed = await server.api<RecoveryCodes>('POST', '/api/account/second-factor/confirm', { token: support.token, body: { code: codeOf(-1) } });
    expect(confirmed.status).toBe(200);

    // The password alone does not sign Support in: the code step follows, then Home.
    const supportPage = await pages.newPage();
    await passwordStep(supportPage, 'support@example.com');
    const step = supportPage.getByTestId('second-factor-step');
    await step.waitFor();
    expect(new URL(supportPage.url()).pathname).toBe('/sign-in');
    await step.locator('input').first().fill(codeOf(1));
    await step.locator('button[type="submit"]').click();
    await supportPage.getByTestId('welcome-card').waitFor();
    await supportPage.context().close();

    // Admin is signed in elsewhere with the password (another device, hub connected) before any passkey.
    const elsewhere = await pages.newPage();
    await passwordStep(elsewhere, 'admin@example.com');
    await elsewhere.getByTestId('welcome-card').waitFor();
    await expect.poll(() => elsewhere.getByTestId('connection-state').getAttribute('data-state'), LIVE).toBe('Connected');

    // On this device, a platform authenticator: Admin enrols a passkey, signs out, and signs in with it alone.
    const page = await pages.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    await passwordStep(page, 'admin@example.com');
    await page.getByTestId('welcome-card').waitFor();
    await openSecurityTab(page);
    await page.getByTestId('passkey-add').click();
    await page.getByLabel('Name', { exact: true }).fill('Work laptop');
    await page.getByTestId('passkey-name-submit').click();
    await page.getByTestId('passkey-row').filter({ hasText: 'Work laptop' }).waitFor();
    await pages.signOut(page);
    await page.getByTestId('passkey-sign-in').click();
    await page.getByTestId('welcome-card').waitFor();

    // The Security tab lists the other device's sign-in; Admin ends it, and its hub connection closes at once.
    await openSecurityTab(page);
    await page.getByTestId('session-list').waitFor();
    // The other browser's sign-in: by password, from this machine's address (the test's own API sign-ins have none).
    const other = page.locator('[data-testid="session-row"][data-current="false"]').filter({ hasText: 'Password · Address 127.0.0.1' });
    await expect.poll(() => other.count(), LIVE).toBe(1);
    await other.getByRole('button', { name: /End/ }).click();
    await page.getByTestId('session-end-confirm-button').click();
    await expect.poll(() => other.count(), LIVE).toBe(0);
    // The ended browser leaves for the sign-in page by itself (its hub connection closed for that reason), saying why.
    await elsewhere.waitForURL(/\/sign-in$/, LIVE);
    await elsewhere.getByText(en.app.auth.signIn.signedOut.signInEnded).waitFor();
    await elsewhere.context().close();

    // Admin impersonates a partner: the banner says who on whose behalf; what is done is audited naming both.
    await page.goto(`${localUrl()}/user-management`);
    await page.getByTestId('entity-keyword').fill('partner@acme.example');
    await page.getByTestId('entity-keyword').press('Enter');
    const row = page.locator('[data-testid="entity-row"], [data-testid="entity-card"]').filter({ hasText: 'partner@acme.example' });
    await row.getByTestId('row-actions').click();
    await page.getByTestId('row-action-impersonate').click();
    const dialog = page.getByTestId('impersonate-dialog');
    await dialog.locator('[name="reason"]').fill('Ticket 7: the form will not submit');
    await dialog.getByTestId('impersonate-start').click();
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await banner.waitFor();
    expect(await banner.getByRole('status').textContent()).toMatch(/^Ada Admin \(support\) is signed in as /);
    await page.goto(`${localUrl()}/tickets`);
    await banner.waitFor();
    const partner = demo.userIds['partner@acme.example'];
    const admin = demo.userIds['admin@example.com'];
    await expect
      .poll(async () => {
        const audited = await server.built.database.db
          .select()
          .from(auditTrails)
          .where(and(eq(auditTrails.tableName, 'impersonation'), eq(auditTrails.primaryKey, partner), eq(auditTrails.type, 'Request')));
        return audited.some((r) => r.userId === admin && JSON.stringify(r.newValues).includes('/tickets'));
      }, LIVE)
      .toBe(true);
    await page.getByTestId('impersonation-return').click();
    await banner.waitFor({ state: 'detached' });
    await page.getByTestId('profile-menu').waitFor();
    await page.context().close();
  });
});
