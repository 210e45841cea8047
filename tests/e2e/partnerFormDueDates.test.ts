import { and, eq } from 'drizzle-orm';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerForms, partners } from '../../server/db/schema';
import type { TestServer } from '../server/harness';
import { closePortal, openPortal, portalPages } from './portal';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));
const PARTNER = 'partner@acme.example';
const DAY = 24 * 60 * 60 * 1000;
const LIVE = { timeout: 15_000 };

/** axe finds nothing serious or critical on the page as it is (the overdue text's colour included). */
async function axeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

/** Acme's OPEN partner form (the demo gives each demo partner one in every status). */
async function openAcmeForm() {
  const db = server.built.database.db;
  const [form] = await db
    .select({ id: partnerForms.id })
    .from(partnerForms)
    .innerJoin(partners, eq(partners.id, partnerForms.partnerId))
    .where(and(eq(partners.name, 'Acme Logistics'), eq(partnerForms.status, 'OPEN')));
  return form.id;
}

describe('due dates and reminders, in Chromium', () => {
  it('the partner sees the due date, a reminder arrives live and once (server.runReminders), and an overdue form says so in words', async () => {
    const db = server.built.database.db;
    const id = await openAcmeForm();
    const dueAt = new Date(Date.now() + 2 * DAY);
    await db
      .update(partnerForms)
      .set({ dueAt, createdAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(partnerForms.id, id));

    const page = await pages.newPage();
    await pages.signIn(page, PARTNER);
    const due = page.getByTestId('dashboard-onboarding').getByTestId('dashboard-onboarding-due');
    await expect.poll(() => due.textContent(), LIVE).toMatch(/^Due \d{1,2} \w{3} \d{4}$/);
    await expect.poll(async () => page.getByTestId('notification-bell').getAttribute('data-unread'), LIVE).not.toBeNull();
    const unread = Number(await page.getByTestId('notification-bell').getAttribute('data-unread'));

    // The day before it is due, the job's tick (twice) sends one reminder: the bell counts it live, one mail per reader.
    const mails = server.outbox().length;
    const dayBefore = new Date(dueAt.getTime() - DAY + 60_000);
    await Promise.all([server.runReminders(dayBefore), server.runReminders(dayBefore)]);
    await server.runReminders(dayBefore);
    await expect.poll(async () => Number(await page.getByTestId('notification-bell').getAttribute('data-unread')), LIVE).toBe(unread + 1);
    await page.getByTestId('dashboard-notifications').getByText('A form is due soon').waitFor(LIVE);
    const reminders = server
      .outbox()
      .slice(mails)
      .filter((m) => m.includes('A reminder: the form'));
    expect(reminders.length).toBeGreaterThan(0);
    expect(new Set(reminders.map((m) => /^To: (.*)$/m.exec(m)?.[1])).size).toBe(reminders.length);

    // Past its due date, the forms list says "Overdue" in words.
    await db
      .update(partnerForms)
      .set({ dueAt: new Date(Date.now() - DAY) })
      .where(eq(partnerForms.id, id));
    await page.goto(`${server.url}/forms`);
    await expect.poll(() => page.getByTestId('partner-form-due').first().textContent(), LIVE).toMatch(/^Overdue: was due /);
    await axeClean(page);

    // Staff's assign dialog refuses a past due date beside the field, in Vietnamese on a phone.
    const staff = await pages.newPage({ width: 375, language: 'vi' });
    await pages.signIn(staff, 'admin@example.com');
    await staff.goto(`${server.url}/partner-forms`);
    await staff.getByTestId('partner-forms-assign').click();
    await staff.getByTestId('assign-due-date').fill('2020-01-01');
    await staff.getByTestId('assign-submit').click();
    await staff.getByText('Hạn nộp không được ở trong quá khứ').waitFor(LIVE);
    await axeClean(staff);
  });
});
