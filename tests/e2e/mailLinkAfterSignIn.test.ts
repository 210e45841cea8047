import type { Browser } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto } from '../../contract/tickets';
import type { TestServer } from '../server/harness';
import { closePortal, openPortal, portalPages } from './portal';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';

let server: TestServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openPortal()));
afterAll(() => closePortal({ server, browser }));

const { newPage } = portalPages(() => ({ server, browser }));
const PARTNER = 'partner@acme.example';

describe('a mail’s link, followed signed out', () => {
  it('signs the reader in and lands on the ticket it names, not on Home', async () => {
    const partner = await server.signIn(PARTNER);
    const subject = `Mail link ${Date.now().toString(36)}`;
    const created = await server.api<TicketDto>('POST', '/api/v1/tickets', { token: partner.token, body: { subject, description: '' } });
    const ticket = created.body.data!;
    const staff = await server.signIn('admin@example.com');
    await server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: staff.token, body: { body: '<p>Answered by staff</p>' } });

    // The reply mail's button, as the partner's mail client opens it.
    const detail = new RegExp(`https?://[^\\s"]+/tickets/${ticket.id}/detail`);
    await expect
      .poll(async () => (await Promise.all(server.outbox().map((m) => simpleParser(m)))).some((m) => detail.test(m.text ?? '')), { timeout: 10_000 })
      .toBe(true);
    const mails = await Promise.all(server.outbox().map((m) => simpleParser(m)));
    const link = new URL(mails.map((m) => m.text?.match(detail)?.[0]).find(Boolean)!);

    const page = await newPage();
    await page.goto(`${server.url}${link.pathname}`);
    await page.waitForURL(/\/sign-in$/);
    await page.fill('input[name="email"]', PARTNER);
    await page.fill('input[name="password"]', DEMO_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${server.url}/tickets/${ticket.id}/detail`);
    await expect.poll(() => page.getByText(subject).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.context().close();
  });
});
