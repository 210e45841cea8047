import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { PartnerFormDto } from '../../contract/forms';
import type { AssignPartnerFormsResult } from '../../contract/partnerForms';
import type { NotificationDto } from '../../contract/notifications';
import type { TestServer } from '../server/harness';
import { screenshot, transitionsSettled } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));
const PARTNER = 'partner@acme.example';
const NOTE = 'Two answers do not match your registration certificate.';
const TAX_COMMENT = 'The tax number on the certificate ends in 8.';
const PHONE_COMMENT = 'This number does not answer: give the reception desk.';

/** Acme's submitted "Company profile" (the demo's): taxNumber is in section "general", phone in "address". */
async function submittedCompanyProfile(token: string): Promise<PartnerFormDto> {
  const found = await server.api<PagedResult<PartnerFormDto>>('POST', '/api/v1/partner-forms/search', {
    token,
    body: { pageNumber: 1, pageSize: 50, status: 'SUBMITTED' },
  });
  const form = found.body.data!.items.find((item) => item.partnerName === 'Acme Logistics' && item.formName === 'Company profile');
  if (!form) throw new Error('the demo has no submitted Acme company profile');
  return form;
}

const LIVE = { timeout: 15_000 };
const DAY = 24 * 3600_000;

const unreadOn = async (page: Page) => Number(await page.getByTestId('notification-bell').getAttribute('data-unread'));
/** The mails the outbox holds for the partner that say `text`. */
// Mails as a reader sees their text: quoted-printable's soft line breaks (which may cut an id or a phrase) joined.
const partnerMails = (text: string) =>
  server
    .outbox()
    .map((mail) => mail.replace(/=\r?\n/g, ''))
    .filter((mail) => mail.includes(PARTNER) && mail.includes(text));

/** The question key of the element holding focus. */
const focusedQuestion = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-question-key]')?.getAttribute('data-question-key') ?? null);

async function expectNoSeriousAxe(page: Page) {
  await transitionsSettled(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

async function flag(page: Page, key: string, comment: string) {
  const row = page.locator(`[data-review-question="${key}"]`);
  await row.getByTestId('review-flag-question').click();
  await row.getByTestId('review-comment').fill(comment);
}

describe('the onboarding journey, in Chromium (issue 24)', () => {
  it('staff return two flagged questions; the partner hears it live and after a fresh sign-in, lands on the first, fixes both and resubmits; staff accept and download the PDF; a passed due date brings exactly one reminder', async () => {
    const { token } = await server.signIn('admin@example.com');
    const form = await submittedCompanyProfile(token);

    // The partner is signed in on a computer, in English, before staff review.
    const partnerDesk = await pages.newPage();
    await pages.signIn(partnerDesk, PARTNER);
    await expect.poll(() => partnerDesk.getByTestId('notification-bell').getAttribute('data-unread'), LIVE).not.toBeNull();
    const unreadBefore = await unreadOn(partnerDesk);

    // Staff, on a computer in English, flag the tax number (section 1) and the phone (section 2), each with a comment.
    const desk = await pages.newPage();
    await pages.signIn(desk, 'admin@example.com');
    await desk.goto(`${server.url}/partner-forms/${form.id}`);
    await desk.getByTestId('review-form').waitFor();
    // Returning without a flag says what is missing and sends nothing.
    await desk.getByTestId('review-return').click();
    await desk.getByTestId('review-form').getByRole('alert').waitFor();
    await flag(desk, 'taxNumber', TAX_COMMENT);
    await flag(desk, 'phone', PHONE_COMMENT);
    await desk.getByTestId('review-note-input').fill(NOTE);
    expect(await desk.getByTestId('review-accept').isDisabled()).toBe(true);
    await expectNoSeriousAxe(desk);
    await screenshot(desk, 'review-staff-en-1440');
    await desk.getByTestId('review-return').click();
    await desk.getByTestId('review-round').filter({ hasText: "Waiting for the partner's changes" }).waitFor(LIVE);
    expect(await desk.getByTestId('partner-form-status').textContent()).toBe('Open');

    // The partner's open computer hears it live: one more unread on the bell, the entry says how many questions.
    await expect.poll(() => unreadOn(partnerDesk), LIVE).toBe(unreadBefore + 1);
    await partnerDesk.getByTestId('notification-bell').click();
    await partnerDesk.getByText('"Company profile": questions to change: 2.', { exact: false }).first().waitFor(LIVE);
    await partnerDesk.keyboard.press('Escape');

    // The partner, on a phone in Vietnamese, opens the form at its last section: they land on the first flagged question.
    const phone = await pages.newPage({ width: 375, language: 'vi' });
    await pages.signIn(phone, PARTNER);
    // A fresh sign-in on another device finds the same entry, unread, on Home.
    await expect.poll(() => unreadOn(phone), LIVE).toBe(unreadBefore + 1);
    await phone.getByTestId('dashboard-notifications').getByText('Company profile', { exact: false }).first().waitFor(LIVE);
    await phone.goto(`${server.url}/forms/${form.id}/sections/documents`);
    await phone.waitForURL(`${server.url}/forms/${form.id}/sections/general`, LIVE);
    await expect.poll(() => focusedQuestion(phone), LIVE).toBe('taxNumber');
    const banner = phone.getByTestId('review-banner');
    expect(await banner.getByTestId('review-note').textContent()).toBe(NOTE);
    expect(await banner.textContent()).toContain('Có 2 câu hỏi được đánh dấu cần chỉnh sửa');
    // A marker with words on each flagged section in the stepper, and on each flagged question with its comment.
    expect(await phone.locator('[data-section-flagged]').allTextContents()).toEqual(['1 câu cần sửa', '1 câu cần sửa']);
    const taxComment = phone.locator('[data-question-key="taxNumber"] [data-question-comment]');
    expect(await taxComment.textContent()).toBe(`Cần chỉnh sửa${TAX_COMMENT}`);
    // Only flagged questions take answers: the company name is read-only.
    expect(await phone.locator('#question-companyName').getAttribute('readonly')).not.toBeNull();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousAxe(phone);
    await screenshot(phone, 'review-filler-vi-375');

    // Fix the tax number, then the next flagged question (by keyboard) in the next section, focused.
    await phone.locator('#question-taxNumber').fill('0201234568');
    await banner.getByTestId('review-next').focus();
    await phone.keyboard.press('Enter');
    await phone.waitForURL(`${server.url}/forms/${form.id}/sections/address`, LIVE);
    await expect.poll(() => focusedQuestion(phone), LIVE).toBe('phone');
    expect(await phone.getByTestId('review-position').textContent()).toBe('Câu được đánh dấu 2 / 2');
    await phone.keyboard.press('ControlOrMeta+a');
    await phone.keyboard.type('+84 225 555 0199');
    // Previous goes back across sections to the first.
    await phone.getByTestId('review-previous').click();
    await phone.waitForURL(`${server.url}/forms/${form.id}/sections/general`, LIVE);
    await expect.poll(() => focusedQuestion(phone), LIVE).toBe('taxNumber');
    await phone.getByRole('button', { name: 'Nộp', exact: true }).click();
    await phone.getByText('Biểu mẫu này đã được nộp và không thể thay đổi nữa.').waitFor(LIVE);

    // Staff see the round answered: who flagged what, and what changed (old → new).
    await desk.reload();
    const round = desk.getByTestId('review-round').first();
    await round.getByTestId('review-changes').waitFor(LIVE);
    const changes = await round.getByTestId('review-change').allTextContents();
    expect(changes).toEqual(['Tax number: 0201234567 → 0201234568', 'Main phone number: +84 225 555 0101 → +84 225 555 0199']);
    expect(await round.textContent()).toContain(TAX_COMMENT);
    expect(await desk.getByTestId('review-state').textContent()).toBe('Resubmitted: to review');
    // The review form beside each changed answer says what it was.
    expect(await desk.locator('[data-review-question="taxNumber"]').getByTestId('review-question-before').textContent()).toBe(
      'Changed since the last review; was: 0201234567',
    );
    await round.scrollIntoViewIfNeeded();
    await screenshot(desk, 'review-history-en-1440');

    // Accepting closes the review; the form stays Submitted.
    await desk.getByTestId('review-accept').click();
    await desk.getByTestId('review-state').filter({ hasText: 'Accepted' }).waitFor(LIVE);
    expect(await desk.getByTestId('partner-form-status').textContent()).toBe('Submitted');
    expect(await desk.getByTestId('review-form').count()).toBe(0);
    await expect.poll(() => unreadOn(partnerDesk), LIVE).toBe(unreadBefore + 2);

    // The submission as a document: staff download its PDF.
    const [download] = await Promise.all([desk.waitForEvent('download'), desk.getByTestId('partner-form-pdf').click()]);
    expect(download.suggestedFilename()).toBe('Company profile - Acme Logistics.pdf');
    expect(
      fs
        .readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Next year's profile is assigned with a due date; the date passes; the reminder job runs twice (two instances,
    // or a restart): exactly one reminder reaches the partner, live on the bell and by mail.
    const dueAt = new Date(Date.now() + 2 * DAY);
    const assigned = await server.api<AssignPartnerFormsResult>('POST', '/api/v1/partner-forms/assign', {
      token,
      body: { formId: form.formId, partnerIds: [form.partnerId], dueAt: dueAt.toISOString() },
    });
    expect(assigned.status, assigned.text).toBe(201);
    const renewal = assigned.body.data!.assigned[0];
    // The partner sees the due date in their list of forms.
    await partnerDesk.goto(`${server.url}/forms`);
    await partnerDesk
      .getByText(/^Due \d{1,2} \w{3} \d{4}$/)
      .first()
      .waitFor(LIVE);
    const { token: partnerToken } = await server.signIn(PARTNER);
    const remindersOfRenewal = async () => {
      const inbox = await server.api<PagedResult<NotificationDto>>('GET', '/api/v1/inbox?pageNumber=1&pageSize=100', { token: partnerToken });
      return inbox.body.data!.items.filter((item) => item.recordId === renewal.id && item.kind === 'overdue');
    };
    const afterDue = new Date(dueAt.getTime() + DAY + 3600_000);
    await Promise.all([server.runReminders(afterDue), server.runReminders(afterDue)]);
    await server.runReminders(afterDue);
    // Live: the bell's menu shows it without a reload.
    await partnerDesk.getByTestId('notification-bell').click();
    await partnerDesk.getByText('"Company profile" was due by', { exact: false }).first().waitFor(LIVE);
    expect(await remindersOfRenewal()).toHaveLength(1);
    // The mail goes out after the notification: waited for, then counted once more after every run is done.
    const overdueMails = () => partnerMails(renewal.id).filter((mail) => mail.includes('was due by')).length;
    await expect.poll(overdueMails, LIVE).toBe(1);
    await server.runReminders(afterDue);
    expect(overdueMails()).toBe(1);
  });
});
