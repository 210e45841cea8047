import fs from 'node:fs';
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto } from '../../contract/tickets';
import { imapSettingsOf } from '../../server/modules/inboundMail/imapFetcher';
import { startDovecot, type ImapServer } from '../server/dovecotServer';
import type { TestServer } from '../server/harness';
import { PHOTO, REPLY_DOMAIN, mailsAbout } from '../server/inboundMailFixtures';
import { freePort } from '../server/s3Server';
import { screenshot } from './browser';
import { closePortal, openPortal, portalPages } from './portal';

/**
 * Issue 38's walk, on both ways mail comes in: staff answer in a ticket's chat in Chromium; the partner, offline, gets
 * the mail; they answer it from their phone (a line above the quoted history, a photo attached); the line and the photo
 * appear live in the staff's open chat, the quoted history does not. The portal runs its own SMTP listener and reads a
 * real Dovecot mailbox over IMAP, as an operator configures either.
 */
const DOMAIN = REPLY_DOMAIN;
const PARTNER = 'partner@acme.example';
const SUPPORT = 'support@example.com';

let server: TestServer;
let browser: Browser;
let dovecot: ImapServer;
let smtpPort: number;

beforeAll(async () => {
  dovecot = await startDovecot();
  smtpPort = await freePort();
  ({ server, browser } = await openPortal({ inboundMail: { domain: DOMAIN, smtpPort, smtpHost: '127.0.0.1', imapUrl: dovecot.url } }));
});
afterAll(async () => {
  await closePortal({ server, browser });
  await dovecot?.stop();
});

const pages = portalPages(() => ({ server, browser }));

/** The two ways in: the portal's SMTP listener (the operator's relay forwards to it), or the mailbox it reads. */
const receivingPaths: Record<string, (mail: Mail.Options) => Promise<void>> = {
  'the SMTP listener': async (mail) => {
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    await smtp.sendMail(mail);
    smtp.close();
  },
  'the IMAP mailbox': async (mail) => {
    const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(mail);
    // As the operator's MX delivers it: into the mailbox the portal reads.
    const { mailbox, ...connection } = imapSettingsOf(dovecot.url);
    const imap = new ImapFlow({ ...connection, logger: false });
    await imap.connect();
    await imap.append(mailbox, (built as unknown as { message: Buffer }).message);
    await imap.logout();
  },
};

/** A ticket the partner raised (through the API: the walk starts at the staff's answer). */
async function raiseTicket(subject: string): Promise<TicketDto> {
  const { token } = await server.signIn(PARTNER);
  const answer = await server.api<TicketDto>('POST', '/api/v1/tickets', { token, body: { subject, description: '<p>The label will not print.</p>' } });
  expect(answer.status).toBe(201);
  return answer.body.data!;
}

/** The mail the partner got about this ticket since `before`, as their mail client reads it. */
async function partnerMailAbout(ticketId: string, before: number): Promise<ParsedMail> {
  const about = () => mailsAbout(server, ticketId, PARTNER, before);
  // The mail goes out once the server decided the partner is not reading the chat, after it answered the staff's line.
  await expect.poll(() => about().length, { timeout: 10_000 }).toBe(1);
  return simpleParser(about()[0]);
}

async function openStaffChat(page: Page, ticketId: string) {
  await pages.signIn(page, SUPPORT);
  await page.goto(`${server.url}/ticket-management/${ticketId}/detail`);
  await page.getByTestId('ticket-chat').waitFor();
  await expect.poll(() => page.getByTestId('connection-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('Connected');
}

describe('a reply by mail from the partner’s phone lands live in the staff’s chat', () => {
  for (const [path, deliver] of Object.entries(receivingPaths)) {
    it(`through ${path}: the line and its photo, not the quoted history`, async () => {
      const ticket = await raiseTicket(`Label printer (${path})`);
      const staff = await pages.newPage();
      await openStaffChat(staff, ticket.id);

      const before = server.outbox().length;
      const question = 'Could you send a photo of the label?';
      await staff.getByTestId('chat-input').fill(question);
      await staff.getByTestId('chat-input').press('Enter');
      await staff.getByTestId('chat-message').filter({ hasText: question }).waitFor();

      // The partner's mail: its reply address and thread from the headers, whatever the body's layout.
      const mail = await partnerMailAbout(ticket.id, before);
      const replyTo = mail.replyTo?.value[0]?.address ?? '';
      expect(replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]+@${DOMAIN.replace(/\./g, '\\.')}$`));
      expect(mail.text ?? '').toContain(question);

      // Their phone's answer: a line above the mail it quotes, a photo attached.
      const quoted = (mail.text ?? '')
        .trim()
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
      const answer = 'Here it is, taken just now.';
      await deliver({
        from: `Bình Trần <${PARTNER}>`,
        to: replyTo,
        subject: `Re: ${mail.subject ?? ''}`,
        inReplyTo: mail.messageId,
        references: mail.messageId,
        text: `${answer}\n\nOn Wed, 2 Dec 2026 at 10:00, ${mail.from?.text ?? 'Partner Portal'} wrote:\n${quoted}\n`,
        attachments: [{ filename: 'IMG_0001.png', content: PHOTO, contentType: 'image/png' }],
      });

      // Live in the open chat, no reload: the line alone, the photo beside it.
      const line = staff.getByTestId('chat-message').filter({ hasText: answer });
      await line.waitFor({ timeout: 15_000 });
      expect(await line.getByTestId('chat-message-body').innerText()).toBe(answer);
      expect(await line.getByTestId('attachment-chip').innerText()).toContain('IMG_0001.png');
      const chat = await staff.getByTestId('chat-messages').innerText();
      expect(chat).not.toContain('wrote:');
      expect(await staff.getByTestId('chat-message').filter({ hasText: question }).count()).toBe(1);
      const [download] = await Promise.all([staff.waitForEvent('download'), line.getByTestId('attachment-chip').click()]);
      expect(download.suggestedFilename()).toBe('IMG_0001.png');
      expect(fs.readFileSync((await download.path())!)).toEqual(PHOTO);
      await screenshot(staff, `mail-reply-${path.includes('SMTP') ? 'smtp' : 'imap'}-staff-chat-en-1440`);
      await staff.context().close();
    });
  }
});
