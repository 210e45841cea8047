import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto } from '../../contract/tickets';
import type { TestServer } from '../server/harness';
import { screenshot, seriousAxeFindings, transitionsSettled } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

const PARTNER = 'partner@acme.example';
const SUPPORT = 'support@example.com';
const AXE_SOURCE = path.resolve('node_modules/axe-core/axe.min.js');

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));

async function signedIn(email: string, options: { width?: number; language?: 'en' | 'vi' } = {}) {
  const page = await pages.newPage(options);
  await page.context().addInitScript({ path: AXE_SOURCE });
  await pages.signIn(page, email);
  await expect.poll(() => page.getByTestId('connection-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('Connected');
  return page;
}

/** As the API answers it to `email`. */
async function ticketAs(email: string, id: string) {
  const { token } = await server.signIn(email);
  return (await server.api<TicketDto>('GET', `/api/v1/tickets/${id}`, { token })).body.data!;
}

/** A chat message of the page holding `text`. */
const message = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

describe('the support desk in Chromium', () => {
  it('a partner’s ticket is auto-assigned; a note stays with staff, a canned reply reaches the partner; a duplicate is merged; resolved, then rated', async () => {
    // Admin turns auto-assignment on; Support is the one handler marked available.
    const admin = await server.signIn('admin@example.com');
    const settings = await server.api('PUT', '/api/v1/support-desk/assignment', { token: admin.token, body: { autoAssign: true, categoryPriorities: {} } });
    expect(settings.status).toBe(200);
    const support = await server.signIn(SUPPORT);
    expect((await server.api('PUT', '/api/v1/support-desk/availability', { token: support.token, body: { available: true } })).status).toBe(200);

    // The partner opens a ticket from the list, by the dialog.
    const partner = await signedIn(PARTNER);
    await partner.goto(`${server.url}/tickets`);
    const subject = `Customs form rejected ${Date.now()}`;
    await partner.getByTestId('ticket-new').click();
    await partner.getByTestId('ticket-subject').fill(subject);
    await partner.getByTestId('rich-text-editor').click();
    await partner.keyboard.type('The customs portal refuses our declaration.');
    await partner.getByTestId('ticket-create-submit').click();
    await partner.waitForURL(/\/tickets\/[0-9a-f-]{36}\/detail$/);
    const ticketId = partner.url().split('/').at(-2)!;
    await partner.getByTestId('ticket-chat').waitFor();

    // It was given to Support at once.
    const staff = await signedIn(SUPPORT);
    await staff.goto(`${server.url}/ticket-management/${ticketId}/detail`);
    await expect.poll(() => staff.getByTestId('ticket-assignee').innerText()).toContain('Support');
    expect((await ticketAs(SUPPORT, ticketId)).assigneeName).toMatch(/Support/);

    // An internal note, written with the composer's Note mode by keyboard.
    const noteText = `Checked with the broker ${Date.now()}: their code list changed.`;
    await staff.getByTestId('chat-mode').getByRole('button', { name: /note/i }).click();
    await staff.getByTestId('chat-note-hint').waitFor();
    await staff.getByTestId('chat-input').fill(noteText);
    await staff.getByTestId('chat-input').press('Enter');
    const note = message(staff, noteText);
    await note.waitFor();
    expect(await note.getByTestId('chat-note-label').count()).toBe(1);

    // A canned reply: "/" opens the list, typing narrows it, Enter inserts it with the placeholders filled.
    await staff.getByTestId('chat-mode').getByRole('button', { name: /reply/i }).click();
    await staff.getByTestId('chat-input').click();
    await staff.keyboard.type('/look');
    await staff.getByTestId('canned-picker').waitFor();
    await staff.keyboard.press('Enter');
    await expect.poll(() => staff.getByTestId('chat-input').inputValue()).toContain(subject);
    expect(await staff.getByTestId('chat-input').inputValue()).not.toContain('{{');
    await transitionsSettled(staff);
    await screenshot(staff, 'support-desk-canned-en-1440');
    await staff.getByTestId('chat-send').click();
    await message(staff, 'We are looking into it').waitFor();
    expect(await seriousAxeFindings(staff, '[data-testid="ticket-detail"]')).toEqual([]);

    // The partner sees the reply live, never the note: not live, not after a reload.
    await message(partner, 'We are looking into it').waitFor();
    expect(await partner.getByTestId('ticket-chat').innerText()).not.toContain('broker');
    await partner.reload();
    await message(partner, 'We are looking into it').waitFor();
    expect(await partner.getByTestId('ticket-chat').innerText()).not.toContain('broker');
    expect(await partner.getByTestId('chat-note-label').count()).toBe(0);

    // A duplicate the partner raised is merged into the first by Support.
    const { token } = await server.signIn(PARTNER);
    const duplicate = (
      await server.api<TicketDto>('POST', '/api/v1/tickets', { token, body: { subject: `${subject} (again)`, description: '<p>Same problem.</p>' } })
    ).body.data!;
    await server.api('POST', `/api/v1/tickets/${duplicate.id}/messages`, { token, body: { body: 'Sent twice, sorry.' } });
    await staff.goto(`${server.url}/ticket-management/${duplicate.id}/detail`);
    await staff.getByTestId('ticket-merge').click();
    await staff.getByTestId('ticket-merge-search').fill(ticketId.slice(0, 8));
    await staff.getByTestId('ticket-merge-option').filter({ hasText: subject }).first().click();
    await staff.getByTestId('ticket-merge-confirm').click();
    await staff.waitForURL(`${server.url}/ticket-management/${ticketId}/detail`);
    await staff.getByTestId('ticket-merged-notice').waitFor();
    await message(staff, 'Sent twice, sorry.').waitFor();
    expect(await message(staff, 'Sent twice, sorry.').count()).toBe(1);

    // The partner's old address leads to the ticket it became, and says so.
    await partner.goto(`${server.url}/tickets/${duplicate.id}/detail`);
    await partner.waitForURL(`${server.url}/tickets/${ticketId}/detail`);
    await partner.getByTestId('ticket-merged-notice').waitFor();
    await message(partner, 'Sent twice, sorry.').waitFor();
    expect(await partner.getByTestId('ticket-chat').innerText()).not.toContain('broker');

    // Support resolves it; the partner rates it by keyboard, once.
    await staff.getByTestId('ticket-edit-status').click();
    await staff.getByTestId('ticket-status-select').click();
    await staff.getByTestId('ticket-status-option-RESOLVED').click();
    await staff.getByTestId('ticket-status-save').click();
    await staff.getByTestId('ticket-status-confirm-confirm').click();
    await expect.poll(() => staff.getByTestId('ticket-status').first().getAttribute('data-status')).toBe('RESOLVED');

    const stars = partner.getByTestId('ticket-rating-stars');
    await stars.waitFor({ timeout: 10_000 });
    await stars.locator('input[value="4"]').focus();
    await partner.keyboard.press('Space');
    await partner.getByRole('textbox', { name: /comment/i }).fill('Quick and clear, thank you.');
    await transitionsSettled(partner);
    expect(await seriousAxeFindings(partner, '[data-testid="ticket-rating"]')).toEqual([]);
    await screenshot(partner, 'support-desk-rating-en-1440');
    await partner.getByTestId('ticket-rating-submit').click();
    await partner.getByTestId('ticket-rating-score').waitFor();
    expect(await partner.getByTestId('ticket-rating-submit').count()).toBe(0);

    // Staff see the rating on the ticket.
    await expect.poll(async () => (await ticketAs(SUPPORT, ticketId)).rating?.score).toBe(4);
    await staff.reload();
    await expect.poll(() => staff.getByTestId('ticket-rating-comment').innerText()).toContain('Quick and clear');

    await partner.context().close();
    await staff.context().close();
  });
});
