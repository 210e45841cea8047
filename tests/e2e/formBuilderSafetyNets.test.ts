import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDto, FormSection, PartnerFormDto } from '../../contract/forms';
import type { TestServer } from '../server/harness';
import { closePortal, openPortal, portalPages } from './portal';

const STAFF = 'admin@example.com';
const PARTNER = 'partner@acme.example';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));

const question = (key: string, label: string) => ({
  key,
  type: 'text',
  label,
  help: '',
  required: false,
  options: [],
  ruleId: null,
  condition: null,
  children: [],
});
const LABELS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];

async function staffApi<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const token = (await server.signIn(STAFF)).token;
  return server.api<T>(method, path, { token, body, headers });
}

/** An Editing form of this test with the given sections (through the API, as another admin would save them). */
async function putSections(id: string, sections: unknown[]) {
  const etag = (await staffApi('GET', `/api/v1/forms/${id}`)).headers.get('etag') ?? '';
  expect((await staffApi('PUT', `/api/v1/forms/${id}/sections`, { sections }, { 'if-match': etag })).status).toBe(200);
}

async function newForm(name: string, sections: unknown[]): Promise<string> {
  const form = (await staffApi<FormDto>('POST', '/api/v1/forms', { name, description: '', type: 'Onboarding', note: '' })).body.data!;
  await putSections(form.id, sections);
  return form.id;
}

const questionKeys = (page: Page) => page.getByTestId('question').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-key')));
const card = (page: Page, key: string) => page.locator(`[data-testid="question"][data-key="${key}"]`);
const announced = (page: Page) => page.locator('[id^="DndLiveRegion"]').evaluateAll((regions) => regions.map((region) => region.textContent).join(' | '));
const contrastFindings = async (page: Page) =>
  (await new AxeBuilder({ page }).withRules(['color-contrast']).analyze()).violations.flatMap((violation) => violation.nodes.map((node) => node.html));
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

describe('the form builder safety nets in Chromium', () => {
  it('reorders by keyboard, undoes a removal, asks before leaving unsaved, and merges on a 412 as chosen', async () => {
    // An expanded question moved up by keyboard (Space, ArrowUp, Space) goes one place, and is announced there.
    const name = `Safety nets ${Date.now()}`;
    const formId = await newForm(name, [{ key: 'bank', title: 'Bank', questions: LABELS.map((label) => question(label.toLowerCase(), label)) }]);
    const staff = await pages.newPage();
    await pages.signIn(staff, STAFF);
    // Opened from the list, in the app: the browser's back button is then the app's to hold.
    await staff.goto(`${server.url}/form-config`);
    await staff.getByTestId('form-search').fill(name);
    await staff.getByTestId('form-row').filter({ hasText: name }).click();
    await staff.waitForURL(`${server.url}/form-config/${formId}`);
    await card(staff, 'echo').getByTestId('question-toggle').click();
    await card(staff, 'echo').getByTestId('question-label').waitFor();
    const handle = card(staff, 'echo').getByTestId('reorder-handle');
    await handle.focus();
    await staff.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await staff.keyboard.press('ArrowUp');
    await expect.poll(() => announced(staff)).toContain('Echo is over position 4 of 5.');
    await staff.keyboard.press('Space');
    await expect.poll(() => questionKeys(staff)).toEqual(['alpha', 'bravo', 'charlie', 'echo', 'delta']);
    expect(await announced(staff)).toContain('Echo dropped at position 4 of 5.');

    // A removed question comes back in place with Undo (focus goes to Undo, then back to the question's menu).
    await card(staff, 'bravo').getByTestId('question-menu').click();
    await staff.getByTestId('question-remove').click();
    await expect.poll(() => questionKeys(staff)).toEqual(['alpha', 'charlie', 'echo', 'delta']);
    await expect.poll(() => focusedTestId(staff)).toBe('removal-undo-button');
    await staff.keyboard.press('Enter');
    await expect.poll(() => questionKeys(staff)).toEqual(['alpha', 'bravo', 'charlie', 'echo', 'delta']);
    await expect.poll(() => focusedTestId(staff)).toBe('question-menu');

    // Leaving through the side menu or the back button with unsaved edits asks; Escape and Cancel stay.
    await staff.getByTestId('side-nav').getByTestId('nav-home').click();
    const dialog = staff.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await staff.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await staff.goBack({ waitUntil: 'commit' }).catch(() => null);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(staff.url()).pathname).toBe(`/form-config/${formId}`);
    expect(await questionKeys(staff)).toEqual(['alpha', 'bravo', 'charlie', 'echo', 'delta']);

    // On a 412: keep mine or take theirs per question; the merged draft is saved over their version.
    await card(staff, 'alpha').getByTestId('question-toggle').click();
    await card(staff, 'alpha').getByTestId('question-label').fill('Alpha (mine)');
    await card(staff, 'charlie').getByTestId('question-toggle').click();
    await card(staff, 'charlie').getByTestId('question-label').fill('Charlie (mine)');
    // Another admin saves meanwhile.
    await putSections(formId, [
      { key: 'bank', title: 'Bank', questions: LABELS.map((label) => question(label.toLowerCase(), label === 'Delta' ? label : `${label} (theirs)`)) },
    ]);
    await staff.getByTestId('form-save').click();
    const merge = staff.getByTestId('form-conflict');
    await merge.getByRole('heading', { name: 'Someone else saved this form' }).waitFor();
    const row = (key: string) => merge.locator(`[data-testid="merge-row"][data-id="question:${key}"]`);
    expect(
      await row('alpha')
        .getByRole('radio', { name: /^Keep mine: Alpha \(mine\)/ })
        .isChecked(),
    ).toBe(true);
    expect(
      await row('bravo')
        .getByRole('radio', { name: /^Take theirs: Bravo \(theirs\)/ })
        .isChecked(),
    ).toBe(true);
    await row('charlie')
      .getByRole('radio', { name: /^Take theirs: Charlie \(theirs\)/ })
      .check();
    await merge.getByTestId('form-conflict-save').click();
    await staff.getByText('Form saved.').waitFor();
    const saved = (await staffApi<{ sections: FormSection[] }>('GET', `/api/v1/forms/${formId}/sections`)).body.data!.sections;
    expect(saved[0].questions.map((one) => one.label)).toEqual(['Alpha (mine)', 'Bravo (theirs)', 'Charlie (theirs)', 'Echo (theirs)', 'Delta']);
    // Saved: the side menu leaves without asking.
    await staff.getByTestId('side-nav').getByTestId('nav-home').click();
    await staff.waitForURL(`${server.url}/`);

    // Published, the editor is read-only: its helper texts (a key's meaning, a section's count) stay readable.
    expect((await staffApi('POST', `/api/v1/forms/${formId}/publish`)).status).toBe(200);
    await staff.goto(`${server.url}/form-config/${formId}`);
    await staff.getByTestId('form-read-only').waitFor();
    await card(staff, 'alpha').getByTestId('question-toggle').click();
    await card(staff, 'alpha').getByTestId('question-key').waitFor();
    expect(await contrastFindings(staff)).toEqual([]);
    await staff.context().close();
  });

  it("moves focus to the next section's first field on Next section", async () => {
    const id = await newForm(`Focus ${Date.now()}`, [
      { key: 'company', title: 'Company', questions: [{ ...question('companyName', 'Company name'), required: true }] },
      { key: 'contact', title: 'Contact', questions: [question('contactName', 'Contact person'), question('phone', 'Phone')] },
    ]);
    expect((await staffApi('POST', `/api/v1/forms/${id}/publish`)).status).toBe(200);
    const partnerToken = (await server.signIn(PARTNER)).token;
    const partnerId = JSON.parse(Buffer.from(partnerToken.split('.')[1], 'base64url').toString()).partnerId as string;
    const assigned = await staffApi<{ assigned: PartnerFormDto[] }>('POST', '/api/v1/partner-forms/assign', { formId: id, partnerIds: [partnerId] });
    const partner = await pages.newPage();
    await pages.signIn(partner, PARTNER);
    await partner.goto(`${server.url}/forms/${assigned.body.data!.assigned[0].id}/sections/company`);
    await partner.getByRole('textbox', { name: 'Company name' }).waitFor();
    await partner.getByRole('button', { name: 'Next section' }).click();
    await partner.waitForURL(/\/sections\/contact$/);
    const contact = partner.getByRole('textbox', { name: 'Contact person' });
    await expect.poll(() => contact.evaluate((element) => element === document.activeElement)).toBe(true);
    await partner.keyboard.press('Tab');
    expect(await partner.getByRole('textbox', { name: 'Phone' }).evaluate((element) => element === document.activeElement)).toBe(true);

    // Submit refused (a required answer missing): the stepper's error count on the current step is readable.
    await partner.getByRole('button', { name: 'Submit', exact: true }).click();
    await partner.waitForURL(/\/sections\/company$/);
    await partner
      .getByRole('navigation', { name: /section/i })
      .getByText('1 error', { exact: false })
      .waitFor();
    expect(await contrastFindings(partner)).toEqual([]);
    await partner.context().close();
  });
});
