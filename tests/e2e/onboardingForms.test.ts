import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { FormDto, FormSection, PartnerFormDto, PartnerFormSectionDto } from '../../contract/forms';
import formBuilderEn from '../../i18n/formBuilder.en';
import formFillerEn from '../../i18n/formFiller.en';
import type { TestServer } from '../server/harness';
import { screenshot } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

const STAFF = 'admin@example.com';
const PARTNER = 'partner@acme.example';
const filler = formFillerEn.formFiller;
const builder = formBuilderEn.formBuilder;

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));

async function api<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const { token } = await server.signIn(STAFF);
  const answer = await server.api<T>(method, path, { token, body, headers });
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
  return answer.body.data as T;
}

/** A Ready form made through the API: what the onboarding rule assigns after the form the test builds. */
async function readyFormThroughApi(name: string) {
  const form = await api<FormDto>('POST', '/api/v1/forms', { name, description: '', type: 'Onboarding', note: '' });
  const sections: FormSection[] = [
    {
      key: 'bank',
      title: 'Bank',
      questions: [
        { key: 'iban', type: 'text', label: 'Account number', help: '', required: true, options: [], ruleId: null, rule: null, condition: null, children: [] },
      ],
    },
  ];
  await api('PUT', `/api/v1/forms/${form.id}/sections`, { sections }, { 'if-match': `"${form.version}"` });
  return api<FormDto>('POST', `/api/v1/forms/${form.id}/publish`, {});
}

/** The partner form of this form version for Acme, as the API has it. */
async function acmePartnerForm(formName: string) {
  const page = await api<PagedResult<PartnerFormDto>>('POST', '/api/v1/partner-forms/search', { pageNumber: 1, pageSize: 50, keyword: formName });
  return page.items.filter((row) => row.partnerName === 'Acme Logistics' && row.formName === formName);
}

/** The last question card of a section card (the one just added). */
const lastQuestion = (section: Locator) => section.getByTestId('question').last();

/** Adds a question of a type to a section card and sets its label and key (the key before the first save). */
async function addQuestion(page: Page, section: Locator, type: string, label: string, key: string, required = true) {
  await section.getByTestId('add-question').last().click();
  await page.getByTestId(`add-question-${type}`).click();
  const question = lastQuestion(section);
  await question.getByTestId('question-label').fill(label);
  await question.getByTestId('question-key').fill(key);
  await question.getByTestId('question-key').press('Tab');
  await expect.poll(() => question.getAttribute('data-key')).toBe(key);
  if (required) await question.getByTestId('question-required').check();
  return question;
}

/** The builder's Save, then Publish with its confirmation; the version is read-only (Ready) after. */
async function saveAndPublish(page: Page) {
  await page.getByTestId('form-save').click();
  await page.getByTestId('form-unsaved').waitFor({ state: 'detached' });
  await page.getByTestId('form-publish').click();
  await page.getByTestId('form-publish-confirm-confirm').click();
  await page.getByTestId('form-read-only').waitFor();
}

/** The filler's text input of a question, by its key. */
const answerInput = (page: Page, key: string) => page.locator(`#question-${key}`);

describe('onboarding forms in Chromium: staff build and assign, the partner fills and submits, staff reopen and migrate', () => {
  // The longest journey of the suite (about a minute alone): twice the project's 90 s on a machine shared with others.
  it('goes from a built form to a submitted one, a comment beside its question and a draft migrated to a new version', { timeout: 180_000 }, async () => {
    const stamp = Date.now();
    const formName = `Supplier onboarding ${stamp}`;
    const next = await readyFormThroughApi(`Payment details ${stamp}`);

    // Staff build a form with a rule and a condition, and publish it.
    const staff = await pages.newPage();
    await pages.signIn(staff, STAFF);
    await staff.goto(`${server.url}/form-config`);
    await staff.getByTestId('form-new').click();
    await staff.getByTestId('form-name').fill(formName);
    await staff.getByTestId('form-create-submit').click();
    await staff.waitForURL(/\/form-config\/[0-9a-f-]{36}$/);
    const formId = staff.url().split('/').at(-1)!;

    await staff.getByTestId('add-section').click();
    const company = staff.getByTestId('section').last();
    await company.getByTestId('section-title').fill('Company');
    const tax = await addQuestion(staff, company, 'text', 'Tax number', 'taxNumber');
    await tax.getByTestId('question-rule').fill('Tax number');
    await staff.getByRole('option', { name: 'Tax number (VN)' }).click();
    await addQuestion(staff, company, 'yesNo', 'Do you have branch offices?', 'hasBranches');
    const branches = await addQuestion(staff, company, 'text', 'How many branch offices?', 'branchCount');
    await branches.getByTestId('add-condition').click();
    // The condition looks at the question just before (hasBranches); it shows when the answer is "yes".
    const condition = branches.getByTestId('condition');
    await condition.getByRole('combobox', { name: builder.condition.value }).click();
    await staff.getByRole('option', { name: builder.condition.yes }).click();

    await staff.getByTestId('add-section').click();
    const contact = staff.getByTestId('section').last();
    await contact.getByTestId('section-title').fill('Contact');
    await addQuestion(staff, contact, 'text', 'Contact person', 'contactName');
    await saveAndPublish(staff);
    await screenshot(staff, 'onboarding-builder-published-en-1440');
    const published = await api<FormDto>('GET', `/api/v1/forms/${formId}`);
    expect(published).toMatchObject({ status: 'Ready', totalFields: 4, requiredFields: 4 });

    // The sequence: submitting this form brings the next one.
    await api('POST', '/api/v1/next-partner-forms', {
      trigger: 'formSubmitted',
      sourceDefinitionId: published.definitionId,
      targetDefinitionId: next.definitionId,
    });

    // Staff assign it to Acme.
    await staff.goto(`${server.url}/partner-forms`);
    await staff.getByTestId('partner-forms-assign').click();
    await staff.getByTestId('assign-form-select').click();
    await staff.getByTestId('assign-form-option').filter({ hasText: formName }).click();
    await staff.getByTestId('partners-picker').fill('Acme');
    await staff.getByTestId('partner-option').filter({ hasText: 'Acme Logistics' }).click();
    await staff.getByTestId('assign-submit').click();
    await staff.getByTestId('partner-form-assigned').filter({ hasText: 'Acme Logistics' }).waitFor();
    await staff.getByTestId('assign-done').click();
    const [assigned] = await acmePartnerForm(formName);
    expect(assigned).toMatchObject({ status: 'OPEN', formVersionNumber: 1 });

    // The partner opens it from their forms: the first section. They fill part of it and save a draft.
    const partner = await pages.newPage();
    await pages.signIn(partner, PARTNER);
    const [companyKey, contactKey] = await sectionKeys(assigned.id);
    await partner.goto(`${server.url}/forms`);
    await partner.getByRole('button', { name: filler.list.open.replace('%{name}', formName) }).click();
    await partner.waitForURL(`${server.url}/forms/${assigned.id}/sections/${companyKey}`);
    await answerInput(partner, 'taxNumber').fill('010123456');
    await expect.poll(() => answerInput(partner, 'branchCount').count()).toBe(0);
    await partner.getByRole('radio', { name: filler.question.yes }).check();
    await answerInput(partner, 'branchCount').waitFor();
    await partner.getByRole('button', { name: filler.saveDraft }).click();
    await partner.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();

    // A reload finds the draft, the invalid tax number included.
    await partner.reload();
    await answerInput(partner, 'taxNumber').waitFor();
    expect(await answerInput(partner, 'taxNumber').inputValue()).toBe('010123456');
    expect(await partner.getByRole('radio', { name: filler.question.yes }).isChecked()).toBe(true);

    // Offline, the partner types on; the answer is kept on the device and sent when the connection returns.
    await partner.context().setOffline(true);
    await answerInput(partner, 'branchCount').fill('3');
    await partner.getByRole('status').filter({ hasText: filler.saveState.offline }).waitFor({ timeout: 15_000 });
    await partner.context().setOffline(false);
    await partner.getByRole('status').filter({ hasText: filler.saveState.saved }).waitFor({ timeout: 15_000 });
    expect((await answersOf(assigned.id, companyKey)).branchCount).toBe('3');
    await partner.reload();
    await answerInput(partner, 'branchCount').waitFor();
    expect(await answerInput(partner, 'branchCount').inputValue()).toBe('3');

    // Submit from the second section with the tax number still wrong: refused, and taken to it.
    await partner.getByRole('button', { name: filler.next }).click();
    await partner.waitForURL(new RegExp(`/sections/${contactKey}$`));
    await answerInput(partner, 'contactName').fill('Trần Thị Mai');
    await partner.getByRole('button', { name: filler.submit }).click();
    await partner.getByRole('alert').filter({ hasText: filler.fixErrors }).waitFor();
    await partner.waitForURL(new RegExp(`/sections/${companyKey}$`));
    await expect.poll(() => partner.evaluate(() => document.activeElement?.id)).toBe('question-taxNumber');
    await screenshot(partner, 'onboarding-filler-submit-refused-en-1440');

    // Fixed, it submits; the form is read-only and the sequence assigns the next form.
    await answerInput(partner, 'taxNumber').fill('0101234567');
    await partner.getByRole('button', { name: filler.submit }).click();
    await partner.getByRole('status').filter({ hasText: filler.submitted }).waitFor();
    await partner.getByText(filler.readOnlySubmitted).waitFor();
    expect(await partner.getByRole('button', { name: filler.submit }).count()).toBe(0);
    await partner.goto(`${server.url}/forms`);
    await partner.getByRole('button', { name: filler.list.open.replace('%{name}', next.name) }).waitFor();

    // Staff see the submission and reopen it with a comment on the tax number.
    await staff.goto(`${server.url}/partner-forms/${assigned.id}`);
    await staff.getByTestId('partner-form-status').and(staff.locator('[data-status="SUBMITTED"]')).waitFor();
    await expect.poll(() => staff.locator('#question-taxNumber').inputValue()).toBe('0101234567');
    await staff.getByTestId('partner-form-action-reopen').click();
    const reopen = staff.getByTestId('partner-form-reopen-dialog');
    await reopen.getByTestId('status-note').fill('Please check the tax number.');
    await reopen.getByTestId('comment-add').click();
    await reopen.getByTestId('comment-question-select').click();
    await staff.getByRole('option', { name: /Tax number/ }).click();
    await reopen.getByTestId('comment-text').fill('The tax number is missing a digit.');
    await reopen.getByTestId('status-submit').click();
    await reopen.waitFor({ state: 'detached' });
    await staff.getByTestId('partner-form-status').and(staff.locator('[data-status="OPEN"]')).waitFor();

    // The partner finds the comment beside that question, and may change the answers again.
    await partner.goto(`${server.url}/forms/${assigned.id}/sections/${companyKey}`);
    const commented = partner.locator('[data-question-key="taxNumber"]');
    await commented.locator('[data-question-comment]').filter({ hasText: 'The tax number is missing a digit.' }).waitFor();
    expect(await answerInput(partner, 'taxNumber').isEditable()).toBe(true);
    await screenshot(partner, 'onboarding-filler-comment-en-1440');

    // Staff publish a new version with one more question, and migrate Acme's draft to it.
    await staff.goto(`${server.url}/form-config/${formId}`);
    await staff.getByTestId('form-new-version').click();
    await staff.waitForURL((url) => /\/form-config\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(formId));
    const newVersionId = staff.url().split('/').at(-1)!;
    await addQuestion(staff, staff.getByTestId('section').last(), 'text', 'Website', 'website', false);
    await saveAndPublish(staff);
    await staff.goto(`${server.url}/partner-forms/${assigned.id}`);
    await staff.getByTestId('partner-form-action-versions').click();
    const versions = staff.getByTestId('partner-form-versions-dialog');
    await versions.getByTestId('versions-apply').click();
    await versions.waitFor({ state: 'detached' });
    await expect.poll(async () => (await api<PartnerFormDto>('GET', `/api/v1/partner-forms/${assigned.id}`)).formId).toBe(newVersionId);
    expect(await answersOf(assigned.id, companyKey)).toMatchObject({ taxNumber: '0101234567', hasBranches: true, branchCount: '3' });

    // The partner's filler shows the new question beside the answers carried over.
    await partner.goto(`${server.url}/forms/${assigned.id}/sections/${contactKey}`);
    await answerInput(partner, 'website').waitFor();
    expect(await answerInput(partner, 'contactName').inputValue()).toBe('Trần Thị Mai');
  });
});

/** The section keys of a partner form's version, in order. */
async function sectionKeys(partnerFormId: string) {
  const { token } = await server.signIn(PARTNER);
  const first = await server.api<PartnerFormDto>('GET', `/api/v1/partner-forms/${partnerFormId}`, { token });
  expect(first.status).toBe(200);
  const keys = first.body.data!.sections?.map((s) => s.key);
  if (keys?.length) return keys;
  const form = await api<{ sections: FormSection[] }>('GET', `/api/v1/forms/${first.body.data!.formId}/sections`);
  return form.sections.map((s) => s.key);
}

/** The saved answers of a partner form, as the partner's API reads them. */
async function answersOf(partnerFormId: string, sectionKey: string) {
  const { token } = await server.signIn(PARTNER);
  const answer = await server.api<PartnerFormSectionDto>('GET', `/api/v1/partner-forms/${partnerFormId}/sections/${sectionKey}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.data!.answers;
}
