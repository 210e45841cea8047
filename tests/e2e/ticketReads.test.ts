import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto } from '../../contract/tickets';
import type { TestServer } from '../server/harness';
import { closePortal, openPortal, portalPages } from './portal';

const PARTNER = 'partner@acme.example';
const SUPPORT = 'support@example.com';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const pages = portalPages(() => ({ server, browser }));

async function signIn(page: Page, email: string) {
  await pages.signIn(page, email);
  await expect.poll(() => page.getByTestId('connection-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('Connected');
}

describe('read receipts in the browser', () => {
  it('staff see "Seen" once the partner has the reply on screen, and the partner saw "New messages" above it', async () => {
    const { token } = await server.signIn(PARTNER);
    const ticket = (await server.api<TicketDto>('POST', '/api/v1/tickets', { token, body: { subject: 'Where is the invoice?', description: '' } })).body.data!;
    const staff = await pages.newPage();
    await signIn(staff, SUPPORT);
    await staff.goto(`${server.url}/ticket-management/${ticket.id}/detail`);
    await staff.getByTestId('chat-empty').waitFor();
    await staff.getByTestId('chat-input').fill('Sent again this morning.');
    await staff.getByTestId('chat-input').press('Enter');
    const reply = staff.getByTestId('chat-message').filter({ hasText: 'Sent again this morning.' });
    await reply.waitFor();
    expect(await reply.getAttribute('data-own')).toBe('true');
    expect(await staff.getByTestId('chat-seen').count()).toBe(0);

    const partner = await pages.newPage({ width: 375 });
    await signIn(partner, PARTNER);
    await partner.goto(`${server.url}/tickets/${ticket.id}/detail`);
    await partner.getByTestId('chat-unread').waitFor();
    expect(await partner.getByTestId('chat-message').filter({ hasText: 'Sent again this morning.' }).getAttribute('data-own')).toBe('false');

    await reply.getByTestId('chat-seen').waitFor({ timeout: 10_000 });
    expect(await staff.getByRole('log').getAttribute('tabindex')).toBe('0');
  });
});
