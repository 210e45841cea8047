import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_ROLES } from '../../contract/roles';
import adminEn from '../../i18n/admin.en';
import adminVi from '../../i18n/admin.vi';
import validationEn from '../../i18n/validation.en';
import validationVi from '../../i18n/validation.vi';
import { loadDemoFixture } from '../server/demoFixture';
import type { TestServer } from '../server/harness';
import { screenshot, transitionsSettled } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

let server: TestServer;
let browser: Browser;
let demo: Awaited<ReturnType<typeof loadDemoFixture>>;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
  demo = await loadDemoFixture(server);
});
afterAll(() => closePortal({ server, browser }));

const { newPage, signIn, signOut } = portalPages(() => ({ server, browser }));

/** Opens a screen by its address and waits for its table's first answer. */
async function openScreen(page: Page, address: string) {
  await page.goto(`${server.url}${address}`);
  await page.getByTestId('entity-table').waitFor();
  await expect.poll(() => page.getByTestId('entity-loading-row').count(), { timeout: 10_000 }).toBe(0);
}

// A table row on wide screens, a card on phones.
const rowWith = (page: Page, text: string) => page.locator('[data-testid="entity-row"], [data-testid="entity-card"]').filter({ hasText: text });

async function chooseRowAction(page: Page, rowText: string, action: string) {
  await rowWith(page, rowText).getByTestId('row-actions').click();
  await page.getByTestId(`row-action-${action}`).click();
}

async function search(page: Page, keyword: string) {
  await page.getByTestId('entity-keyword').fill(keyword);
  await page.getByTestId('entity-keyword').press('Enter');
  await expect.poll(() => page.getByTestId('entity-loading-row').count()).toBe(0);
}

/** Dialogs and menus fade in: a screenshot waits for the end of the transition. */
const settled = transitionsSettled;

/** What a person at this width sees: the page itself never scrolls sideways (wide tables scroll in their own box). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const field = (dialog: Locator, name: string) => dialog.locator(`[name="${name}"]`).first();

const navItems = async (page: Page) =>
  page
    .getByTestId('side-nav')
    .locator('[data-testid^="nav-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

describe('administration in Chromium', () => {
  it('creates a partner after fixing inline errors, finds it without diacritics, edits, exports and deletes it', async () => {
    const page = await newPage();
    await signIn(page, 'admin@example.com');
    await openScreen(page, '/partners');

    await page.getByTestId('entity-add').click();
    const dialog = page.getByTestId('entity-form-dialog');
    await dialog.getByRole('heading', { name: 'Create partner' }).waitFor();
    await field(dialog, 'name').fill('Công ty Hòa Bình Xanh');
    await field(dialog, 'email').fill('not an email');
    await field(dialog, 'type').fill('Logistics');
    await field(dialog, 'phone').fill('call us');
    await field(dialog, 'address').fill('9 Lý Thái Tổ, Hoàn Kiếm, Hà Nội');
    await field(dialog, 'website').fill('hoabinh');
    await dialog.getByTestId('entity-form-submit').click();
    await dialog.getByText(validationEn.validation.email).waitFor();
    await dialog.getByText(validationEn.validation.phone).waitFor();
    await dialog.getByText(validationEn.validation.website).waitFor();
    expect(await field(dialog, 'email').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'partners-create-errors-en-1440');

    await field(dialog, 'email').fill('lienhe@hoabinh.example');
    await field(dialog, 'phone').fill('+84 24 555 0909');
    await field(dialog, 'website').fill('https://hoabinh.example');
    expect(await field(dialog, 'email').getAttribute('aria-invalid')).toBe('false');
    await dialog.getByTestId('entity-form-submit').click();
    await dialog.waitFor({ state: 'detached' });

    await search(page, 'hoa binh xanh');
    await expect.poll(() => page.getByTestId('entity-row').count()).toBe(1);
    expect(await page.getByTestId('entity-row').innerText()).toContain('Công ty Hòa Bình Xanh');
    await screenshot(page, 'partners-search-en-1440');

    await chooseRowAction(page, 'Hòa Bình Xanh', 'edit');
    const edit = page.getByTestId('entity-form-dialog');
    await edit.getByRole('heading', { name: 'Edit partner' }).waitFor();
    expect(page.url()).toMatch(/\/partners\/[0-9a-f-]{36}$/);
    await expect.poll(() => field(edit, 'type').inputValue()).toBe('Logistics');
    await field(edit, 'type').fill('Shipping');
    await edit.getByTestId('entity-form-submit').click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => rowWith(page, 'Hòa Bình Xanh').innerText()).toContain('Shipping');
    expect(page.url()).toMatch(/\/partners$/);

    // Export the whole list (every page): clear the search first.
    await search(page, '');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('entity-export').click()]);
    expect(download.suggestedFilename()).toBe('partners.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0].split(',').slice(0, 3)).toEqual(['id', 'name', 'email']);
    const names = lines.slice(1).map((line) => line.split(',')[1]);
    expect(names).toEqual(expect.arrayContaining(['Acme Logistics', 'Globex Trading', 'Công ty Hòa Bình Xanh']));
    expect(lines.length - 1).toBe(await page.getByTestId('entity-row').count());

    await search(page, 'hoa binh xanh');
    await chooseRowAction(page, 'Hòa Bình Xanh', 'delete');
    const confirm = page.getByTestId('delete-dialog');
    await confirm.getByText('Are you sure you want to delete "Công ty Hòa Bình Xanh"?').waitFor();
    expect((await confirm.getByRole('dialog').boundingBox())?.width).toBe(600);
    await settled(page);
    await screenshot(page, 'partners-delete-en-1440');
    await confirm.getByTestId('delete-dialog-confirm').click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByTestId('entity-empty').waitFor();
    await page.context().close();
  });

  it('gives the Partner role the Partners permissions, and a partner sees the new menu item after signing in again', async () => {
    // The Partner role is the demo's: it gets its permissions back whatever happens, for the tests after this one.
    try {
      const page = await newPage();
      await signIn(page, 'partner@acme.example');
      expect(await navItems(page)).not.toContain('nav-partners');
      await signOut(page);

      await signIn(page, 'admin@example.com');
      await openScreen(page, '/roles');
      await chooseRowAction(page, 'Partner user: own tickets', 'permissions');
      await page.waitForURL(new RegExp(`/roles/${demo.roleIds.Partner}/permissions$`));
      await page.getByTestId('permission-search').fill('partners');
      for (const action of ['View', 'Search', 'AdminView']) await page.getByTestId(`permission-Permissions.Partners.${action}`).click();
      await expect.poll(() => page.getByTestId('permission-changed-count').innerText()).toBe('3 changes');
      await page.getByTestId('permission-save').click();
      const change = page.getByTestId('permission-change-dialog');
      await change.getByTestId('permission-change-added').waitFor();
      expect(await change.getByTestId('permission-change-added').innerText()).toContain('Partners · Admin view');
      expect(await change.getByTestId('permission-change-affected').innerText()).toMatch(/users hold this role/);
      await settled(page);
      await screenshot(page, 'role-permissions-confirm-en-1440');
      await change.getByTestId('permission-change-dialog-confirm').click();
      await page.getByText(adminEn.admin.permissions.saved).waitFor();
      await signOut(page);

      await signIn(page, 'partner@acme.example');
      expect(await navItems(page)).toContain('nav-partners');
      await page.getByTestId('nav-partners').click();
      await page.getByTestId('entity-table').waitFor();
      await rowWith(page, 'Globex Trading').waitFor();
      expect(await page.getByTestId('entity-add').count()).toBe(0);
      await page.context().close();
    } finally {
      const { token } = await server.signIn('admin@example.com');
      const restored = await server.api('PUT', `/api/v1/roles/${demo.roleIds.Partner}/permissions`, {
        token,
        body: { permissions: SEEDED_ROLES.find((r) => r.name === 'Partner')!.permissions },
      });
      expect(restored.status).toBe(200);
    }
  });

  it("lets a partner admin invite a user to Acme and keeps Globex's users out of reach", async () => {
    const page = await newPage();
    await signIn(page, 'partner.admin@acme.example');
    await openScreen(page, '/partner/users');
    await rowWith(page, 'partner@acme.example').waitFor();
    expect(await rowWith(page, 'partner@globex.example').count()).toBe(0);

    await page.getByTestId('entity-add').click();
    const dialog = page.getByTestId('entity-form-dialog');
    await field(dialog, 'firstName').fill('Châu');
    await field(dialog, 'lastName').fill('Võ');
    await field(dialog, 'email').fill('chau.vo@acme.example');
    await dialog.getByTestId('entity-form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await rowWith(page, 'chau.vo@acme.example').waitFor();
    expect(await rowWith(page, 'chau.vo@acme.example').innerText()).toContain(adminEn.admin.users.status.invited);
    await expect.poll(() => server.outbox().some((mail) => mail.includes('chau.vo@acme.example'))).toBe(true);
    await screenshot(page, 'partner-users-en-1440');

    const globexUser = demo.userIds['partner@globex.example'];
    await page.goto(`${server.url}/partner/users/${globexUser}`);
    await page.getByTestId('entity-not-found').waitFor();
    const answer = await server.api('GET', `/api/v1/partner-users/${globexUser}`, { token: (await server.signIn('partner.admin@acme.example')).token });
    expect(answer.status).toBe(404);
    const toggle = await server.api('POST', `/api/v1/partner-users/${globexUser}/toggle-status`, {
      token: (await server.signIn('partner.admin@acme.example')).token,
    });
    expect(toggle.status).toBe(404);

    await page.goto(`${server.url}/user-management`);
    await page.getByTestId('access-denied').waitFor();
    await page.context().close();
  });
});

/** Every administration screen at 1440 and 375 px, in English and Vietnamese, for a person to look at. */
describe.each([
  { language: 'en' as const, width: 1440 },
  { language: 'en' as const, width: 375 },
  { language: 'vi' as const, width: 1440 },
  { language: 'vi' as const, width: 375 },
])('administration screens in $language at $width px', ({ language, width }) => {
  const texts = language === 'en' ? adminEn.admin : adminVi.admin;
  const validation = language === 'en' ? validationEn.validation : validationVi.validation;
  const shot = (page: Page, name: string) => screenshot(page, `${name}-${language}-${width}`);

  it('shows partners, users, roles, permissions and partner users in the language, within the width', async () => {
    const page = await newPage({ width, language });
    await signIn(page, 'admin@example.com');
    const title = (text: string) => page.getByText(text, { exact: true }).first();

    await openScreen(page, '/partners');
    await rowWith(page, 'Globex Trading').waitFor();
    expect(await fitsWidth(page), 'partners').toBe(true);
    await shot(page, 'partners');
    await page.getByTestId('entity-add').click();
    await page.getByTestId('entity-form-dialog').getByTestId('entity-form-submit').click();
    await page.getByTestId('entity-form-dialog').locator('.Mui-error').first().waitFor();
    expect(await page.getByTestId('entity-form-dialog').getByText(validation.required).count()).toBeGreaterThan(0);
    await settled(page);
    await shot(page, 'partners-create');
    await page.getByTestId('entity-form-cancel').click();

    await openScreen(page, '/user-management');
    await rowWith(page, 'partner@acme.example').waitFor();
    expect(await fitsWidth(page), 'users').toBe(true);
    await shot(page, 'users');
    await chooseRowAction(page, 'partner@acme.example', 'roles');
    const rolesDialog = page.getByTestId('user-roles-dialog');
    await rolesDialog.getByRole('switch').first().waitFor();
    expect(await rolesDialog.getByRole('switch').count()).toBeGreaterThanOrEqual(4);
    await settled(page);
    await shot(page, 'users-roles');
    await page.keyboard.press('Escape');
    await chooseRowAction(page, 'partner.admin@acme.example', 'audit');
    const auditDialog = page.getByTestId('user-audit-dialog');
    await auditDialog.getByText(texts.audit.close).waitFor();
    expect(await auditDialog.getByText(texts.audit.subtitle).count()).toBe(1);
    await settled(page);
    await shot(page, 'users-audit');
    await page.keyboard.press('Escape');
    await page.getByTestId('entity-add').click();
    await page.getByTestId('partner-picker').click();
    await page.getByTestId('partner-option').first().waitFor();
    expect(await page.getByTestId('partner-option').filter({ hasText: 'Acme Logistics' }).count()).toBe(1);
    await settled(page);
    await shot(page, 'users-register');
    await page.keyboard.press('Escape');
    await page.getByTestId('entity-form-cancel').click();

    await openScreen(page, '/roles');
    await rowWith(page, 'PartnerAdmin').waitFor();
    expect(await fitsWidth(page), 'roles').toBe(true);
    await shot(page, 'roles');
    await page.goto(`${server.url}/roles/${demo.roleIds.Support}/permissions`);
    await page.getByTestId('permission-row-Partners').waitFor();
    await title(texts.permissions.title.replace('%{role}', 'Support')).waitFor();
    expect(await fitsWidth(page), 'permissions').toBe(true);
    await shot(page, 'role-permissions');

    await openScreen(page, '/partner/users');
    await title(texts.partnerUsers.title).waitFor();
    await rowWith(page, 'partner@globex.example').waitFor();
    expect(await fitsWidth(page), 'partner users').toBe(true);
    await shot(page, 'partner-users-admin');
    await page.context().close();
  });
});
