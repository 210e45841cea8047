import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDto, PartnerFormDto, PartnerFormSectionDto } from '../../contract/forms';
import type { TestServer } from '../server/harness';
import { screenshot } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

const PARTNER = 'partner@acme.example';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));

const question = (key: string, label: string, more: Record<string, unknown> = {}) => ({
  key,
  type: 'text',
  label,
  help: '',
  required: true,
  options: [],
  ruleId: null,
  condition: null,
  children: [],
  ...more,
});

/** A published two-section form of this test, assigned to Acme: the partner form's id and its first section's key. */
async function assignedForm(): Promise<{ id: string; name: string }> {
  const staff = (await server.signIn('admin@example.com')).token;
  const name = `Filler smoke ${Date.now()}`;
  const form = (await server.api<FormDto>('POST', '/api/v1/forms', { token: staff, body: { name, description: '', type: 'Onboarding', note: '' } })).body.data!;
  const sections = [
    { key: 'company', title: 'Company', questions: [question('companyName', 'Company name'), question('city', 'City')] },
    {
      key: 'contact',
      title: 'Contact',
      questions: [
        question('hasPhone', 'Has a phone', { type: 'yesNo' }),
        question('phone', 'Phone', { condition: { questionKey: 'hasPhone', operator: 'is', value: 'yes' } }),
        question('licence', 'Business licence', { type: 'file', required: false }),
      ],
    },
  ];
  const etag = (await server.api('GET', `/api/v1/forms/${form.id}`, { token: staff })).headers.get('etag') ?? '';
  expect((await server.api('PUT', `/api/v1/forms/${form.id}/sections`, { token: staff, body: { sections }, headers: { 'if-match': etag } })).status).toBe(200);
  expect((await server.api('POST', `/api/v1/forms/${form.id}/publish`, { token: staff })).status).toBe(200);
  const partner = await server.signIn(PARTNER);
  const partnerId = JSON.parse(Buffer.from(partner.token.split('.')[1], 'base64url').toString()).partnerId as string;
  const assigned = await server.api<{ assigned: PartnerFormDto[] }>('POST', '/api/v1/partner-forms/assign', {
    token: staff,
    body: { formId: form.id, partnerIds: [partnerId] },
  });
  expect(assigned.status).toBeLessThan(300);
  return { id: assigned.body.data!.assigned[0].id, name };
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the section filler in Chromium, on a phone', () => {
  it('opens from /forms, keeps a draft across a reload and answers typed offline, uploads a file, and refuses Submit at the first error', async () => {
    const { id, name } = await assignedForm();
    const page = await pages.newPage({ width: 375 });
    await pages.signIn(page, PARTNER);
    await page.goto(`${server.url}/forms`);
    await page.getByRole('button', { name: `Open ${name}` }).waitFor();
    await screenshot(page, 'forms-list-375');
    await page.getByRole('button', { name: `Open ${name}` }).click();
    await page.waitForURL(/\/sections\/company$/);
    expect(await fitsWidth(page)).toBe(true);

    await page.getByRole('textbox', { name: 'Company name' }).fill('Acme Logistics');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByText('Draft saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Company name' }).inputValue(), { timeout: 15_000 }).toBe('Acme Logistics');

    await page.context().setOffline(true);
    await page.getByRole('textbox', { name: 'City' }).fill('Hải Phòng');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByText('Offline: kept on this device').waitFor();
    await page.context().setOffline(false);
    await page.getByText('All changes saved').waitFor({ timeout: 15_000 });
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'City' }).inputValue(), { timeout: 15_000 }).toBe('Hải Phòng');

    await page.getByRole('button', { name: 'Next section' }).click();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
    await page.getByLabel('Business licence', { exact: true }).setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'licence.pdf', exact: true }).waitFor();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please fix all validation errors before submitting.').waitFor();
    await screenshot(page, 'form-filler-375-submit-refused');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('question-phone');
    await page.keyboard.type('+84 225 555 0101');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Form submitted. Thank you!').waitFor();
    const { token } = await server.signIn(PARTNER);
    const saved = await server.api<PartnerFormSectionDto>('GET', `/api/v1/partner-forms/${id}/sections/contact`, { token });
    expect(saved.body.data!.answers).toMatchObject({
      companyName: 'Acme Logistics',
      city: 'Hải Phòng',
      phone: '+84 225 555 0101',
      licence: { name: 'licence.pdf' },
    });
    expect(await page.getByRole('textbox', { name: 'Phone' }).getAttribute('readonly')).not.toBeNull();
    expect(await fitsWidth(page)).toBe(true);
  });
});
