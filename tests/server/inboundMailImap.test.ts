import { randomUUID } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TicketMessageDto } from '../../contract/tickets';
import { startImapFetcher, imapSettingsOf, type ImapFetcher } from '../../server/modules/inboundMail/imapFetcher';
import { createInboundMail } from '../../server/modules/inboundMail/inboundMail.service';
import { replyAddress, signReplyToken } from '../../server/modules/inboundMail/replyTokens';
import { replyKeyOf } from '../../server/modules/inboundMail/ticketMailHeaders';
import { startDovecot, type ImapServer } from './dovecotServer';
import { useDemoServer } from './factories';
import { PHOTO, REPLY_DOMAIN, mailsAbout, storedAttachmentFiles } from './inboundMailFixtures';

/**
 * The IMAP way in (issue 38): the operator's MX delivers the reply domain to a mailbox, which the portal reads with
 * IDLE. A real Dovecot holds the mailbox; a mail put in it (APPEND, as delivery would) lands in the chat, and every
 * mail read is flagged \Seen, posted or not, so that it is never read twice.
 */
const DOMAIN = REPLY_DOMAIN;
const { server, token, userIds, make } = useDemoServer({ inboundMail: { domain: DOMAIN } });
const ACME = 'partner@acme.example';
const SUPPORT = 'support@example.com';

let dovecot: ImapServer;
let fetcher: ImapFetcher;
const startFetcher = (maxBytes = server.config.inboundMail.maxBytes) =>
  startImapFetcher(createInboundMail(server.built.ctx), dovecot.url, { log: server.built.ctx.log, maxBytes });
beforeAll(async () => {
  dovecot = await startDovecot();
  fetcher = await startFetcher();
});
afterAll(async () => {
  await fetcher?.close();
  await dovecot?.stop();
});

/** A session of the mailbox's own, as the MX's delivery or a person's client would open it. */
async function withMailbox<T>(use: (imap: ImapFlow) => Promise<T>) {
  const { mailbox, ...connection } = imapSettingsOf(dovecot.url);
  const imap = new ImapFlow({ ...connection, logger: false });
  await imap.connect();
  try {
    const lock = await imap.getMailboxLock(mailbox);
    try {
      return await use(imap);
    } finally {
      lock.release();
    }
  } finally {
    await imap.logout();
  }
}

/** A mail as the MX delivers it into the mailbox. */
async function deliver(mail: Mail.Options) {
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail({ subject: 'Re: ticket', ...mail });
  await withMailbox((imap) => imap.append('INBOX', (built as unknown as { message: Buffer }).message));
}

/** The mails of the mailbox not flagged \Seen: the ones the portal has not handled yet. */
const unseen = () => withMailbox(async (imap) => (await imap.search({ seen: false }, { uid: true })) || []);

const messagesOf = async (ticketId: string) =>
  (await server.api<TicketMessageDto[]>('GET', `/api/v1/tickets/${ticketId}/messages`, { token: token('admin@example.com') })).body.data!;
const bodiesOf = async (ticketId: string) => (await messagesOf(ticketId)).map((m) => m.body);

const addressFor = (ticketId: string, recipientId: string) =>
  replyAddress('reply', signReplyToken(replyKeyOf(server.config), 'reply', ticketId, recipientId, new Date(Date.now() + 60_000)), DOMAIN);
const phoneId = () => `<${randomUUID()}@phone.example>`;

it('a reply delivered to the mailbox lands in the chat as IDLE tells of it, its quoted history cut, and is flagged seen', async () => {
  const ticket = await make.ticket(token(ACME));
  await deliver({ from: ACME, to: addressFor(ticket.id, userIds[ACME]), messageId: phoneId(), text: 'From my phone.\n\nOn Wed, Support wrote:\n> Hello' });
  // Nothing asks the fetcher to look: IDLE's news of the new mail is what reads it.
  await expect.poll(() => bodiesOf(ticket.id), { timeout: 10_000 }).toContain('From my phone.');
  expect((await bodiesOf(ticket.id)).join()).not.toContain('Hello');
  await expect.poll(unseen).toEqual([]);
});

it('the same mail delivered twice to the mailbox is posted once', async () => {
  const ticket = await make.ticket(token(ACME));
  const mail = { from: ACME, to: addressFor(ticket.id, userIds[ACME]), messageId: phoneId(), text: 'Only once.' };
  await deliver(mail);
  await deliver(mail);
  await fetcher.fetchNow();
  expect((await bodiesOf(ticket.id)).filter((body) => body === 'Only once.')).toHaveLength(1);
  expect(await unseen()).toEqual([]);
});

it('a forged token posts nothing, and the mail is flagged seen so it is not read again', async () => {
  const ticket = await make.ticket(token(ACME));
  const before = await messagesOf(ticket.id);
  const real = addressFor(ticket.id, userIds[ACME]);
  const forged = real.replace(/([a-z2-7]{6})@/, 'aaaaaa@');
  expect(forged).not.toBe(real);
  await deliver({ from: ACME, to: forged, messageId: phoneId(), text: 'Forged' });
  await fetcher.fetchNow();
  expect(await messagesOf(ticket.id)).toEqual(before);
  expect(await unseen()).toEqual([]);
});

it('a valid token from another sender posts nothing, its sender told once, and the mails are flagged seen', async () => {
  const ticket = await make.ticket(token(ACME));
  const before = await messagesOf(ticket.id);
  const outboxBefore = server.outbox().length;
  const address = addressFor(ticket.id, userIds[ACME]);
  await deliver({ from: 'someone@elsewhere.example', to: address, messageId: phoneId(), text: 'Not me' });
  await deliver({ from: SUPPORT, to: address, messageId: phoneId(), text: 'Staff with the partner’s token' });
  await fetcher.fetchNow();
  // Looked at again: nothing is left to read, and nobody is told twice.
  await fetcher.fetchNow();
  expect(await messagesOf(ticket.id)).toEqual(before);
  expect(await unseen()).toEqual([]);
  expect(mailsAbout(server, ticket.id, SUPPORT, outboxBefore)).toHaveLength(1);
  expect(mailsAbout(server, ticket.id, 'someone@elsewhere.example', outboxBefore)).toEqual([]);
});

it('mail that arrived while the fetcher was stopped is read when it starts', async () => {
  const ticket = await make.ticket(token(ACME));
  await fetcher.close();
  try {
    await deliver({ from: ACME, to: addressFor(ticket.id, userIds[ACME]), messageId: phoneId(), text: 'Sent while you were down.' });
    expect(await unseen()).toHaveLength(1);
  } finally {
    fetcher = await startFetcher();
  }
  // Read before the start resolved.
  expect(await bodiesOf(ticket.id)).toContain('Sent while you were down.');
  expect(await unseen()).toEqual([]);
});

it('after the server drops the connection the fetcher connects again and reads new mail as it arrives', async () => {
  const ticket = await make.ticket(token(ACME));
  await dovecot.restart();
  await deliver({ from: ACME, to: addressFor(ticket.id, userIds[ACME]), messageId: phoneId(), text: 'After the restart.' });
  await expect.poll(() => bodiesOf(ticket.id), { timeout: 15_000 }).toContain('After the restart.');
  await expect.poll(unseen).toEqual([]);
});

it('a mailbox that cannot be reached does not stop the start: its mail is read once it answers', async () => {
  const ticket = await make.ticket(token(ACME));
  await fetcher.close();
  await dovecot.down();
  try {
    fetcher = await startFetcher();
  } finally {
    await dovecot.up();
  }
  await deliver({ from: ACME, to: addressFor(ticket.id, userIds[ACME]), messageId: phoneId(), text: 'Once you are up.' });
  await expect.poll(() => bodiesOf(ticket.id), { timeout: 15_000 }).toContain('Once you are up.');
});

it('a mail larger than the limit is flagged seen without being read: nothing posted, no file kept', async () => {
  const ticket = await make.ticket(token(ACME));
  const before = await messagesOf(ticket.id);
  const files = storedAttachmentFiles(server);
  await fetcher.close();
  // The limit lowered for this reader: the mailbox holds what the MX took, however large.
  fetcher = await startFetcher(64 * 1024);
  try {
    await deliver({
      from: ACME,
      to: addressFor(ticket.id, userIds[ACME]),
      messageId: phoneId(),
      text: 'Big one',
      // A photo the chat would take, were the mail read.
      attachments: [{ filename: 'big.png', content: Buffer.concat([PHOTO, Buffer.alloc(128 * 1024, 1)]) }],
    });
    await fetcher.fetchNow();
    expect(await messagesOf(ticket.id)).toEqual(before);
    expect(await unseen()).toEqual([]);
    expect(storedAttachmentFiles(server)).toBe(files);
  } finally {
    await fetcher.close();
    fetcher = await startFetcher();
  }
});
