import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { PartnerFormDto } from '../../contract/forms';
import type { TestServer } from '../server/harness';
import { screenshot, transitionsSettled } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));
const PARTNER = 'partner@acme.example';
const NOTE = 'Please attach the signed bank letter.';

/** A submitted partner form of Acme (the demo gives each demo partner one in every status). */
async function submittedAcmeForm(token: string): Promise<PartnerFormDto> {
  const found = await server.api<PagedResult<PartnerFormDto>>('POST', '/api/v1/partner-forms/search', {
    token,
    body: { pageNumber: 1, pageSize: 50, status: 'SUBMITTED' },
  });
  const form = found.body.data!.items.find((item) => item.partnerName === 'Acme Logistics');
  if (!form) throw new Error('the demo has no submitted Acme form');
  return form;
}

/** Waits for the hub and a refetch, not a fixed time: generous for a loaded machine. */
const LIVE = { timeout: 15_000 };

const unreadOn = async (page: Page) => Number(await page.getByTestId('notification-bell').getAttribute('data-unread'));

describe('the inbox on the server, in Chromium', () => {
  it("a reopen reaches the partner's open bell live, is listed after a fresh sign-in on another device, and reading it clears the count", async () => {
    // The partner is signed in on a computer, in English.
    const desk = await pages.newPage();
    await pages.signIn(desk, PARTNER);
    await expect.poll(() => desk.getByTestId('notification-bell').getAttribute('data-unread'), LIVE).not.toBeNull();
    const before = await unreadOn(desk);

    // Staff reopen one of Acme's submitted forms (staff's dialog is onboardingForms.test.ts's).
    const { token } = await server.signIn('admin@example.com');
    const form = await submittedAcmeForm(token);
    const reopened = await server.api('POST', `/api/v1/partner-forms/${form.id}/reopen`, { token, body: { note: NOTE } });
    expect(reopened.status, reopened.text).toBe(200);

    // The open page hears it: the bell counts it, and names the count.
    await expect.poll(() => unreadOn(desk), LIVE).toBe(before + 1);
    expect(await desk.getByTestId('notification-bell').getAttribute('aria-label')).toBe(`Notifications, ${before + 1} unread`);

    // A fresh sign-in on a phone, in Vietnamese, finds the same notification: on Home and on the notifications page.
    const phone = await pages.newPage({ width: 375, language: 'vi' });
    await pages.signIn(phone, PARTNER);
    await expect.poll(() => unreadOn(phone), LIVE).toBe(before + 1);
    await phone.getByTestId('dashboard-notifications').getByText(NOTE, { exact: false }).waitFor();
    await phone.getByTestId('dashboard-notifications-see-all').click();
    await phone.waitForURL(`${server.url}/notifications`);
    const item = phone.getByTestId('notifications-page-item').filter({ hasText: NOTE });
    await item.waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    expect(await item.textContent()).toContain('Biểu mẫu đã được mở lại');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await transitionsSettled(phone);
    const axe = await new AxeBuilder({ page: phone }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await screenshot(phone, 'notifications-page-vi-375');

    // Marked read on the phone: both devices' counts drop, the computer's live.
    await item.getByTestId('notifications-page-mark-read').click();
    await expect.poll(() => item.getAttribute('data-read'), LIVE).toBe('true');
    await expect.poll(() => unreadOn(phone), LIVE).toBe(before);
    await expect.poll(() => unreadOn(desk), LIVE).toBe(before);

    // Mark all read from the computer's bell: nothing unread anywhere.
    await desk.getByTestId('notification-bell').click();
    const markAll = desk.getByTestId('notification-mark-all-read');
    if (before > 0) await markAll.click();
    await expect.poll(() => unreadOn(desk), LIVE).toBe(0);
    await expect.poll(() => unreadOn(phone), LIVE).toBe(0);
    expect(await desk.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, 0 unread');
  });
});
