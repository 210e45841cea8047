import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrails, roles } from '../../server/db/schema';
import { loadDemoFixture } from '../server/demoFixture';
import type { TestServer } from '../server/harness';
import { closePortal, openPortal, portalPages } from './portal';

let server: TestServer;
let browser: Browser;
let demo: Awaited<ReturnType<typeof loadDemoFixture>>;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
  // The second factor is its own test's (secondFactor): here Admin signs in with a password alone.
  await server.built.database.db.update(roles).set({ requireSecondFactor: false }).where(eq(roles.name, 'Admin'));
  demo = await loadDemoFixture(server);
});
afterAll(() => closePortal({ server, browser }));

const { newPage, signIn } = portalPages(() => ({ server, browser }));

describe('impersonation in Chromium', () => {
  it('an admin impersonates a partner at 375 px: the banner on every screen, the audit naming both, and back to the own account', async () => {
    const page = await newPage({ width: 375 });
    await signIn(page, 'admin@example.com');
    await page.goto(`${server.url}/user-management`);
    await page.getByTestId('entity-table').waitFor();
    await page.getByTestId('entity-keyword').fill('partner@globex.example');
    await page.getByTestId('entity-keyword').press('Enter');
    const card = page.locator('[data-testid="entity-row"], [data-testid="entity-card"]').filter({ hasText: 'partner@globex.example' });
    await card.getByTestId('row-actions').click();
    await page.getByTestId('row-action-impersonate').click();

    const dialog = page.getByTestId('impersonate-dialog');
    await dialog.getByRole('heading', { name: 'Impersonate Gina Lê' }).waitFor();
    expect(await dialog.locator('[name="minutes"]').inputValue()).toBe('15');
    await dialog.locator('[name="reason"]').fill('Ticket 12: Gina cannot find her form');
    await dialog.getByTestId('impersonate-start').click();

    const banner = page.getByRole('region', { name: 'Impersonation' });
    await banner.waitFor();
    await expect.poll(() => banner.getByRole('status').textContent()).toMatch(/^Ada Admin \(support\) is signed in as Gina Lê — ends at \d\d:\d\d$/);
    const box = (await banner.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Another screen: the banner is still there, and the requests made are audited naming both.
    await page.goto(`${server.url}/tickets`);
    await banner.waitFor();
    const gina = demo.userIds['partner@globex.example'];
    await expect
      .poll(async () => {
        const rows = await server.built.database.db
          .select()
          .from(auditTrails)
          .where(and(eq(auditTrails.tableName, 'impersonation'), eq(auditTrails.primaryKey, gina), eq(auditTrails.type, 'Request')));
        return rows.some((r) => r.userId === demo.userIds['admin@example.com'] && (r.newValues as { impersonator: string }).impersonator === 'Ada Admin');
      })
      .toBe(true);

    // Back by keyboard: the banner goes, and the admin's own session is back.
    await banner.getByRole('button', { name: 'Return to my account' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('welcome-card').waitFor();
    expect(await page.getByRole('region', { name: 'Impersonation' }).count()).toBe(0);
    const own = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.credentials') ?? 'null') as { token: string } | null);
    expect(JSON.parse(Buffer.from(own!.token.split('.')[1], 'base64url').toString()).sub).toBe(demo.userIds['admin@example.com']);
    await page.context().close();
  });
});
