import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { PartnerFormDto } from '../../contract/forms';
import type { TestServer } from '../server/harness';
import { screenshot } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A demo partner form in this status (the seed gives both demo partners one in every status). */
async function demoPartnerForm(status: PartnerFormDto['status']): Promise<PartnerFormDto> {
  const { token } = await server.signIn('admin@example.com');
  const found = await server.api<PagedResult<PartnerFormDto>>('POST', '/api/v1/partner-forms/search', { token, body: { pageNumber: 1, pageSize: 1, status } });
  return found.body.data!.items[0];
}

describe('staff partner forms in Chromium', () => {
  it('lists and reads partner forms on a phone, and assigns by keyboard alone', async () => {
    const submitted = await demoPartnerForm('SUBMITTED');
    const page = await pages.newPage({ width: 375 });
    await pages.signIn(page, 'admin@example.com');
    await page.goto(`${server.url}/partner-forms`);
    await page.getByTestId('entity-card').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'partner-forms-list-375');

    // Assign: reached and filled by keyboard only.
    await page.getByTestId('partner-forms-assign').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('partner-form-assign-dialog');
    await dialog.waitFor();
    await page.getByTestId('assign-form-select').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('assign-form-option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('partners-picker').focus();
    await page.keyboard.type('Globex');
    // The options follow the typing once it pauses: wait for the searched list.
    await expect.poll(() => page.getByTestId('partner-option').first().textContent()).toContain('Globex');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect(await dialog.getByRole('button', { name: /Globex/ }).count()).toBeGreaterThan(0);
    await page.getByTestId('assign-submit').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('partner-form-assign-result').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.getByTestId('assign-done').focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/partner-forms/${submitted.id}`);
    await page.getByTestId('partner-form-reading').waitFor();
    await page.getByTestId('partner-form-section').locator('[data-question-key]').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'partner-form-detail-375');

    // The submission as a document: Download PDF by keyboard gives a PDF named after the form and the partner.
    await page.getByTestId('partner-form-pdf').focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(`${submitted.formName} - ${submitted.partnerName}.pdf`);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows Support the list and a reading without assign or changes', async () => {
    const submitted = await demoPartnerForm('SUBMITTED');
    const page = await pages.newPage();
    await pages.signIn(page, 'support@example.com');
    await page.goto(`${server.url}/partner-forms`);
    await page.getByTestId('entity-row').first().waitFor();
    expect(await page.getByTestId('partner-forms-assign').count()).toBe(0);
    await page.goto(`${server.url}/partner-forms/${submitted.id}`);
    await page.getByTestId('partner-form-reading').waitFor();
    expect(await page.getByTestId('partner-form-action-reopen').count()).toBe(0);
  });
});
