import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto } from '../../contract/tickets';
import ticketsEn from '../../i18n/tickets.en';
import ticketsVi from '../../i18n/tickets.vi';
import type { TestServer } from '../server/harness';
import { screenshot, transitionsSettled } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

const PARTNER = 'partner@acme.example';
const SUPPORT = 'support@example.com';
const XSS_DESCRIPTION = '<p>Our invoice page shows this:</p><img src=x onerror=window.__xss=1><p>Please check.</p>';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));
const { newPage } = pages;

/** Signed in, with the hub connection up. */
async function signIn(page: Page, email: string) {
  await pages.signIn(page, email);
  await waitForLive(page);
}

/** The top bar's indicator says the hub connection is up. */
async function waitForLive(page: Page) {
  await expect.poll(() => page.getByTestId('connection-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('Connected');
}

/** A ticket raised through the API, as the partner (the server keeps whatever survives its sanitiser). */
async function raiseTicket(subject: string, description: string): Promise<TicketDto> {
  const { token } = await server.signIn(PARTNER);
  const answer = await server.api<TicketDto>('POST', '/api/v1/tickets', { token, body: { subject, description } });
  expect(answer.status).toBe(201);
  return answer.body.data!;
}

/** Dialogs and menus fade in: a screenshot waits for the end of the transition. */
const settled = transitionsSettled;

/** What a person at this width sees: the page itself never scrolls sideways. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Once every image of the page has loaded or failed (when an onerror would have run): did a payload run? */
async function xssLeft(page: Page) {
  await page.waitForFunction(() => document.readyState === 'complete' && Array.from(document.images).every((image) => image.complete));
  return page.evaluate(() => ({
    ran: (window as unknown as { __xss?: unknown }).__xss !== undefined,
    imgWithOnerror: document.querySelectorAll('img[onerror]').length,
  }));
}

describe('tickets in Chromium, partner and support side by side', () => {
  it('a partner raises a ticket with a file; support sees it live, answers, sees the typing, and closes it', async () => {
    const staff = await newPage();
    await signIn(staff, SUPPORT);
    await staff.goto(`${server.url}/ticket-manager`);
    await staff.getByTestId('entity-row').first().waitFor();
    await waitForLive(staff);

    const partner = await newPage();
    await signIn(partner, PARTNER);
    await partner.goto(`${server.url}/tickets`);
    await partner.getByTestId('ticket-row').first().waitFor();

    const subject = `Label printer rejects our PDF ${Date.now()}`;
    await partner.getByTestId('ticket-new').click();
    await partner.getByTestId('ticket-subject').fill(subject);
    const editor = partner.getByTestId('rich-text-editor');
    await editor.click();
    await partner.getByTestId('editor-bold').click();
    await partner.keyboard.type('Urgent:');
    await partner.getByTestId('editor-bold').click();
    await partner.keyboard.type(' the printer says the file is damaged.');
    await partner
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'printer-log.txt', mimeType: 'text/plain', buffer: Buffer.from('E42 damaged file\n'.repeat(200)) });
    await expect.poll(() => partner.getByTestId('attachment-file').count()).toBe(1);
    await settled(partner);
    await screenshot(partner, 'ticket-create-filled-en-1440');
    await partner.getByTestId('ticket-create-submit').click();
    await partner.waitForURL(/\/tickets\/[0-9a-f-]{36}\/detail$/);
    const ticketId = partner.url().split('/').at(-2)!;
    await partner.getByTestId('ticket-chat').waitFor();
    expect(await partner.getByTestId('ticket-description').innerHTML()).toMatch(/<(strong|b)>Urgent:<\/(strong|b)>/);
    expect(await partner.getByTestId('attachment-chip').innerText()).toContain('printer-log.txt');

    // Support's manager shows the new ticket without a reload.
    const row = staff.locator(`[data-testid="entity-row"][data-id="${ticketId}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.innerText()).toContain(subject);
    expect(await row.getByTestId('ticket-id').innerText()).toBe(`${ticketId.slice(0, 8)}…`);
    expect(await row.getByTestId('ticket-attachment-icon').count()).toBe(1);
    await row.getByTestId('row-actions').click();
    await staff.getByTestId('row-action-detail').click();
    await staff.waitForURL(`${server.url}/ticket-management/${ticketId}/detail`);
    await staff.getByTestId('chat-empty').waitFor();

    // The partner's typing shows on the support side.
    await partner.getByTestId('chat-input').click();
    await partner.keyboard.type('Any news?');
    await expect.poll(() => staff.getByTestId('typing-indicator').innerText(), { timeout: 5_000 }).toContain('typing');
    await partner.keyboard.press('Enter');
    await staff.getByTestId('chat-message').filter({ hasText: 'Any news?' }).waitFor();
    expect(await partner.getByTestId('chat-message').filter({ hasText: 'Any news?' }).count()).toBe(1);

    // Support's answer reaches the partner's chat live, once: a later message arrives after any duplicate would have.
    await staff.getByTestId('chat-input').fill('We are looking at the file now.');
    await staff.getByTestId('chat-input').press('Enter');
    await partner.getByTestId('chat-message').filter({ hasText: 'We are looking at the file now.' }).waitFor();
    await staff.getByTestId('chat-input').fill('More soon.');
    await staff.getByTestId('chat-input').press('Enter');
    await partner.getByTestId('chat-message').filter({ hasText: 'More soon.' }).waitFor();
    expect(await partner.getByTestId('chat-message').filter({ hasText: 'We are looking at the file now.' }).count()).toBe(1);
    expect(await staff.getByTestId('chat-message').filter({ hasText: 'We are looking at the file now.' }).count()).toBe(1);
    expect(await partner.getByTestId('chat-message').filter({ hasText: 'We are looking at the file now.' }).getAttribute('data-own')).toBe('false');
    await screenshot(partner, 'ticket-chat-partner-en-1440');
    await screenshot(staff, 'ticket-chat-staff-en-1440');

    // Support closes the ticket after confirming; the partner's composer turns read-only.
    await staff.getByTestId('ticket-edit-status').click();
    await staff.getByTestId('ticket-status-select').click();
    await staff.getByTestId('ticket-status-option-CLOSED').click();
    await staff.getByTestId('ticket-status-save').click();
    await staff.getByTestId('ticket-status-confirm').waitFor();
    await settled(staff);
    await screenshot(staff, 'ticket-status-confirm-en-1440');
    await staff.getByTestId('ticket-status-confirm-confirm').click();
    await expect.poll(() => staff.getByTestId('ticket-status').first().getAttribute('data-status')).toBe('CLOSED');
    await expect.poll(() => partner.getByTestId('chat-composer').getAttribute('data-closed'), { timeout: 5_000 }).toBe('true');
    expect(await partner.getByTestId('chat-input').isDisabled()).toBe(true);
    expect(await partner.getByTestId('chat-closed').innerText()).toContain(ticketsEn.tickets.chat.closed);
    await screenshot(partner, 'ticket-chat-closed-en-1440');

    // The partner's bell lists the answer and the closing, already read: they happened on the page being read.
    await partner.getByTestId('notification-bell').click();
    await expect.poll(() => partner.getByTestId('notification-item').count()).toBeGreaterThanOrEqual(2);
    // Marked read on the server as they arrived; the bell's count follows once that answered.
    await expect.poll(() => partner.getByTestId('notification-bell').getAttribute('data-unread')).toBe('0');
    await partner.keyboard.press('Escape');
    // Support heard of the new ticket while on the manager: unread until marked read.
    await expect.poll(async () => Number(await staff.getByTestId('notification-bell').getAttribute('data-unread'))).toBeGreaterThanOrEqual(1);
    await staff.getByTestId('notification-bell').click();
    await staff.getByTestId('notification-item').filter({ hasText: subject }).first().waitFor();
    await settled(staff);
    await screenshot(staff, 'notifications-en-1440');
    await staff.getByTestId('notification-mark-all-read').click();
    await expect.poll(() => staff.getByTestId('notification-bell').getAttribute('data-unread')).toBe('0');

    await staff.context().close();
    await partner.context().close();
  });

  it('a description holding <img onerror> renders inert for the partner and for support', async () => {
    const ticket = await raiseTicket('Invoice page looks odd', XSS_DESCRIPTION);

    const partner = await newPage();
    await signIn(partner, PARTNER);
    await partner.goto(`${server.url}/tickets/${ticket.id}/detail`);
    await partner.getByTestId('ticket-description').waitFor();
    expect(await partner.getByTestId('ticket-description').innerText()).toContain('Please check.');
    expect(await xssLeft(partner)).toEqual({ ran: false, imgWithOnerror: 0 });

    const staff = await newPage();
    await signIn(staff, SUPPORT);
    await staff.goto(`${server.url}/ticket-management`);
    const row = staff.locator(`[data-testid="entity-row"][data-id="${ticket.id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('ticket-description-cell').innerText()).toContain('Our invoice page shows this:');
    expect(await xssLeft(staff)).toEqual({ ran: false, imgWithOnerror: 0 });
    await staff.goto(`${server.url}/ticket-management/${ticket.id}/detail`);
    await staff.getByTestId('ticket-description').waitFor();
    expect(await xssLeft(staff)).toEqual({ ran: false, imgWithOnerror: 0 });

    await partner.context().close();
    await staff.context().close();
  });

  it('the manager copies a whole id and searches by its start, subject and partner', async () => {
    const staff = await newPage();
    await signIn(staff, SUPPORT);
    await staff.goto(`${server.url}/ticket-management`);
    const first = staff.getByTestId('entity-row').first();
    await first.waitFor();
    const id = (await first.getAttribute('data-id'))!;
    await first.getByTestId('ticket-id').click();
    await staff.getByText(ticketsEn.tickets.manager.idCopied.replace('%{id}', id)).waitFor();

    await staff.getByTestId('entity-filters-toggle').click();
    // The panel's form takes the list's filters as it opens, which can clear a field typed in that instant (seen on
    // a loaded CI machine): the id is typed again until it stays, as a person would, before applying.
    const idInput = staff.locator('input[name="id"]');
    await expect
      .poll(async () => {
        if ((await idInput.inputValue()) !== id.slice(0, 8)) await idInput.fill(id.slice(0, 8));
        return idInput.inputValue();
      })
      .toBe(id.slice(0, 8));
    // Search, and again if the list shows no filter set (a click during the panel's opening was once lost on a loaded machine).
    await expect
      .poll(async () => {
        if (!(await staff.getByTestId('entity-filters-set').count())) await staff.getByTestId('entity-filters-apply').click();
        return staff.getByTestId('entity-row').count();
      })
      .toBe(1);
    expect(await staff.getByTestId('entity-row').getAttribute('data-id')).toBe(id);

    await staff.getByTestId('entity-filters-clear').click();
    // The clear resets the form and reloads every row: fill the subject only after both, or the reset can wipe it.
    await expect.poll(() => staff.locator('input[name="id"]').inputValue()).toBe('');
    await expect.poll(() => staff.getByTestId('entity-row').count()).toBeGreaterThan(1);
    await staff.locator('input[name="subject"]').fill('shipment report');
    await expect.poll(() => staff.locator('input[name="subject"]').inputValue()).toBe('shipment report');
    await staff.getByTestId('partner-picker').click();
    await staff.getByTestId('partner-picker').fill('Globex');
    await staff.getByTestId('partner-option').filter({ hasText: 'Globex Trading' }).first().click();
    await staff.getByTestId('entity-filters-apply').click();
    await expect.poll(() => staff.getByTestId('entity-row').count()).toBe(1);
    const row = staff.getByTestId('entity-row');
    expect(await row.innerText()).toContain('Shipment report shows wrong totals');
    expect(await row.innerText()).toContain('Globex Trading');
    await staff.context().close();
  });

  for (const language of ['en', 'vi'] as const) {
    for (const width of [1440, 375]) {
      it(`shows the list, the new-ticket dialog, the chat and the manager in ${language} at ${width}px, within the width`, async () => {
        const texts = language === 'en' ? ticketsEn : ticketsVi;
        const ticket = await raiseTicket(
          `Screens ${language} ${width}`,
          '<p>The <strong>delivery note</strong> is missing:</p><ul><li>order 1042</li><li>order 1043</li></ul>',
        );

        const partner = await newPage({ width, language });
        await signIn(partner, PARTNER);
        await partner.goto(`${server.url}/tickets`);
        await partner.getByTestId('ticket-row').first().waitFor();
        await partner.getByText(texts.tickets.list.title).first().waitFor();
        expect(
          await partner
            .getByTestId('ticket-row')
            .filter({ hasText: `Screens ${language} ${width}` })
            .count(),
        ).toBe(1);
        expect(await fitsWidth(partner), 'ticket list').toBe(true);
        await screenshot(partner, `tickets-list-${language}-${width}`);
        await partner.getByTestId('ticket-new').click();
        await partner.getByTestId('ticket-create-dialog').waitFor();
        await partner.getByTestId('ticket-create-dialog').getByText(texts.tickets.create.title).first().waitFor();
        await settled(partner);
        await screenshot(partner, `ticket-create-${language}-${width}`);
        await partner.keyboard.press('Escape');
        await partner.goto(`${server.url}/tickets/${ticket.id}/detail`);
        expect(await partner.getByTestId('ticket-description').innerHTML()).toContain('<strong>delivery note</strong>');
        await partner.getByTestId('chat-input').fill('Here is a long message to see how the bubbles wrap on a narrow screen.');
        await partner.keyboard.press('Enter');
        const own = partner.getByTestId('chat-message').filter({ hasText: 'Here is a long message' });
        await own.waitFor();
        expect(await own.getAttribute('data-own')).toBe('true');
        expect(await fitsWidth(partner), 'ticket detail').toBe(true);
        await screenshot(partner, `ticket-detail-${language}-${width}`);
        await partner.getByTestId('ticket-chat').scrollIntoViewIfNeeded();
        await screenshot(partner, `ticket-chat-${language}-${width}`);

        const staff = await newPage({ width, language });
        await signIn(staff, SUPPORT);
        await staff.goto(`${server.url}/ticket-manager`);
        // A table row on wide screens, a card on phones.
        const row = staff.locator(`[data-testid="${width < 600 ? 'entity-card' : 'entity-row'}"][data-id="${ticket.id}"]`);
        await row.waitFor();
        expect(await fitsWidth(staff), 'ticket manager').toBe(true);
        await screenshot(staff, `ticket-manager-${language}-${width}`);
        await row.getByTestId('row-actions').click();
        await staff.getByTestId('row-action-edit').click();
        await staff.getByTestId('ticket-status-dialog').waitFor();
        await staff.getByTestId('ticket-status-dialog').getByText(texts.tickets.statusDialog.title).first().waitFor();
        await settled(staff);
        await screenshot(staff, `ticket-status-dialog-${language}-${width}`);

        await partner.context().close();
        await staff.context().close();
      });
    }
  }
});
