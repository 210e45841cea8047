import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto, TicketMessageDto } from '../../contract/tickets';
import { createInboundMail } from '../../server/modules/inboundMail/inboundMail.service';
import { replyAddress, signReplyToken, type ReplyKind } from '../../server/modules/inboundMail/replyTokens';
import { startSmtpListener, type SmtpListener } from '../../server/modules/inboundMail/smtpListener';
import { envelopeFromOf, replyKeyOf } from '../../server/modules/inboundMail/ticketMailHeaders';
import { clearBouncing } from '../../server/modules/inboundMail/mailBounces';
import { useDemoServer } from './factories';
import { PHOTO, REPLY_DOMAIN, mailsAbout as mailsAboutOf, mailsTo as mailsToOf, storedAttachmentFiles as storedAttachmentFilesOf } from './inboundMailFixtures';

/**
 * Replies by mail into tickets (issue 38), sent as real SMTP by nodemailer to the portal's listener on a loopback
 * port: what is posted lands in the chat as a chat line would; every hostile mail is refused with nothing posted.
 */
const DOMAIN = REPLY_DOMAIN;
const MAX_BYTES = 25 * 1024 * 1024;
const { server, token, userIds, make } = useDemoServer({ inboundMail: { domain: DOMAIN } });

const ACME = 'partner@acme.example';
const ACME_ADMIN = 'partner.admin@acme.example';
const GLOBEX = 'partner@globex.example';
const SUPPORT = 'support@example.com';
const ADMIN = 'admin@example.com';

let listener: SmtpListener;
let smtp: Transporter;
beforeAll(async () => {
  listener = await startSmtpListener(createInboundMail(server.built.ctx), { port: 0, host: '127.0.0.1', maxBytes: MAX_BYTES, log: server.built.ctx.log });
  smtp = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true, pool: true, maxConnections: 2 });
});
afterAll(async () => {
  smtp?.close();
  await listener?.close();
});

const DAY = 24 * 60 * 60 * 1000;
/** A reply address signed as the portal signs them (the server's secret), for a recipient and an expiry a test picks. */
const addressFor = (ticketId: string, recipientId: string, { kind = 'reply' as ReplyKind, expiresAt = new Date(Date.now() + DAY) } = {}) =>
  replyAddress(kind, signReplyToken(replyKeyOf(server.config), kind, ticketId, recipientId, expiresAt), DOMAIN);

const send = (mail: Mail.Options) => smtp.sendMail({ subject: 'Re: ticket', ...mail });

const messagesOf = async (ticketId: string) =>
  (await server.api<TicketMessageDto[]>('GET', `/api/v1/tickets/${ticketId}/messages`, { token: token(ADMIN) })).body.data!;

async function ticketOfAcme() {
  return make.ticket(token(ACME), { subject: `By mail ${randomUUID().slice(0, 8)}` });
}

const mailsTo = (address: string, before = 0) => mailsToOf(server, address, before);
const mailsAbout = (ticketId: string, address: string, before = 0) => mailsAboutOf(server, ticketId, address, before);

/** Every mail since `before` that names this ticket (a bounce names it by its link). */
const mailsNaming = (ticketId: string, before: number) =>
  server
    .outbox()
    .slice(before)
    .filter((mail) => mail.replace(/=\r?\n/g, '').includes(ticketId));

const storedAttachmentFiles = () => storedAttachmentFilesOf(server);

describe('replies by mail into tickets', () => {
  it("a partner's reply to staff's mail lands in the chat with its photo, without the quoted history", async () => {
    const ticket = await ticketOfAcme();
    const before = server.outbox().length;
    const staffLine = await server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticket.id}/messages`, {
      token: token(SUPPORT),
      body: { body: 'Could you send a photo of the label?' },
    });
    expect(staffLine.status).toBe(201);
    // The partner is offline: staff's line reaches them by mail, with a reply address and the ticket's thread (another
    // test's staff line may mail them too, a moment later: this ticket's mail is the one naming it).
    const aboutTicket = () => mailsAbout(ticket.id, ACME, before);
    await expect.poll(() => aboutTicket().length).toBe(1);
    const mailed = await simpleParser(aboutTicket()[0]);
    const replyTo = mailed.replyTo!.value[0].address!;
    expect(replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]{48}@${DOMAIN.replace(/\./g, '\\.')}$`));
    expect(replyTo.split('@')[0].length).toBeLessThanOrEqual(64);
    expect(mailed.messageId).toBe(`<ticket-${ticket.id}-${staffLine.body.data!.id}@${DOMAIN}>`);
    expect(mailed.inReplyTo).toBe(`<ticket-${ticket.id}@${DOMAIN}>`);
    expect(mailed.references).toBe(`<ticket-${ticket.id}@${DOMAIN}>`);

    await send({
      from: `Bình Trần <${ACME.toUpperCase()}>`,
      to: replyTo,
      inReplyTo: mailed.messageId,
      text: 'Here it is, taken just now.\n\nOn Wed, 2 Dec 2026 at 10:00, Partner Portal <no-reply@partner-portal.local> wrote:\n> Could you send a photo of the label?\n',
      attachments: [{ filename: 'IMG_0001.png', content: PHOTO, contentType: 'image/png' }],
    });

    const last = (await messagesOf(ticket.id)).at(-1)!;
    expect(last.authorId).toBe(userIds[ACME]);
    expect(last.body).toBe('Here it is, taken just now.');
    expect(last.attachments).toEqual([expect.objectContaining({ fileName: 'IMG_0001.png', contentType: 'image/png', size: PHOTO.length })]);
    const download = await fetch(`${server.url}/api/v1/tickets/${ticket.id}/attachments/${last.attachments[0].id}`, {
      headers: { authorization: `Bearer ${token(SUPPORT)}` },
    });
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PHOTO);
    // It is a chat line like any other: the ticket's last message is it, and the audit trail has its row.
    const read = await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: token(SUPPORT) });
    expect(read.body.data!.lastMessageAt).toBe(last.createdAt);
  });

  it('a colleague of the same partner may answer the mail sent to the ticket’s creator', async () => {
    const ticket = await ticketOfAcme();
    await send({ from: ACME_ADMIN, to: addressFor(ticket.id, userIds[ACME]), text: 'I can answer that for Bình.' });
    const last = (await messagesOf(ticket.id)).at(-1)!;
    expect([last.authorId, last.body]).toEqual([userIds[ACME_ADMIN], 'I can answer that for Bình.']);
  });

  it('staff replying by mail post as themselves', async () => {
    const ticket = await ticketOfAcme();
    await send({ from: SUPPORT, to: addressFor(ticket.id, userIds[SUPPORT]), text: 'On its way.' });
    const last = (await messagesOf(ticket.id)).at(-1)!;
    expect([last.authorId, last.authorIsStaff, last.internal ?? false, last.body]).toEqual([userIds[SUPPORT], true, false, 'On its way.']);
  });

  it('staff mailing the note address of a ticket leave an internal note the partner never sees', async () => {
    const ticket = await ticketOfAcme();
    await send({ from: SUPPORT, to: addressFor(ticket.id, userIds[SUPPORT], { kind: 'note' }), text: 'Checked with the warehouse: on its way.' });
    const last = (await messagesOf(ticket.id)).at(-1)!;
    expect([last.authorId, last.internal, last.body]).toEqual([userIds[SUPPORT], true, 'Checked with the warehouse: on its way.']);
    const partnerView = await server.api<TicketMessageDto[]>('GET', `/api/v1/tickets/${ticket.id}/messages`, { token: token(ACME) });
    expect(partnerView.body.data!.map((m) => m.body)).not.toContain('Checked with the warehouse: on its way.');
  });

  it('a reply to a closed ticket reopens it and is posted', async () => {
    const ticket = await ticketOfAcme();
    expect((await server.api('PUT', `/api/v1/tickets/${ticket.id}`, { token: token(ACME), body: { status: 'CLOSED' } })).status).toBe(200);
    await send({ from: ACME, to: addressFor(ticket.id, userIds[ACME]), text: 'Sorry, one more thing.' });
    const read = await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: token(ACME) });
    expect(read.body.data!.status).toBe('OPEN');
    expect((await messagesOf(ticket.id)).at(-1)!.body).toBe('Sorry, one more thing.');
  });

  it('HTML with script, event handlers and javascript: links is posted sanitised', async () => {
    const ticket = await ticketOfAcme();
    await send({
      from: ACME,
      to: addressFor(ticket.id, userIds[ACME]),
      html:
        '<div dir="ltr"><p>Fine <b>now</b> <a href="javascript:alert(1)">click</a> <a href="https://example.com/x" onclick="steal()">docs</a></p>' +
        '<script>alert(document.cookie)</script><img src=x onerror="alert(1)"><style>p{}</style></div>' +
        '<div class="gmail_quote"><div class="gmail_attr">On Wed, Support wrote:</div><blockquote class="gmail_quote">old history</blockquote></div>',
    });
    const { body } = (await messagesOf(ticket.id)).at(-1)!;
    expect(body).toContain('<b>now</b>');
    expect(body).toContain('href="https://example.com/x"');
    expect(body).not.toMatch(/script|onerror|onclick|javascript:|<img|<style|old history/i);
  });
});

describe('mail that is refused: nothing posted', () => {
  /** Sends a mail (its SMTP answer is returned, a refusal too) and proves that the ticket's chat did not change. */
  async function expectNothingPosted(ticketId: string, mail: Mail.Options) {
    const before = await messagesOf(ticketId);
    const answer = await send(mail).then(
      () => 'accepted',
      (error: { responseCode?: number }) => error.responseCode,
    );
    expect(await messagesOf(ticketId)).toEqual(before);
    return answer;
  }

  it('a forged token is refused', async () => {
    const ticket = await ticketOfAcme();
    const real = addressFor(ticket.id, userIds[ACME]);
    // The ticket named right, the MAC guessed: the last characters changed.
    const forged = real.replace(/([a-z2-7]{6})@/, 'aaaaaa@');
    expect(forged).not.toBe(real);
    await expectNothingPosted(ticket.id, { from: ACME, to: forged, text: 'Forged' });
    // Signed with another key (not the server's) for the right ticket and user.
    const otherKey = Buffer.alloc(32, 7);
    const foreign = replyAddress('reply', signReplyToken(otherKey, 'reply', ticket.id, userIds[ACME], new Date(Date.now() + DAY)), DOMAIN);
    await expectNothingPosted(ticket.id, { from: ACME, to: foreign, text: 'Foreign key' });
  });

  it('an expired token is refused and its sender told why, in both languages', async () => {
    const ticket = await ticketOfAcme();
    const before = server.outbox().length;
    await expectNothingPosted(ticket.id, { from: ACME, to: addressFor(ticket.id, userIds[ACME], { expiresAt: new Date(Date.now() - 1000) }), text: 'Late' });
    const [bounce] = mailsAbout(ticket.id, ACME, before);
    const parsed = await simpleParser(bounce);
    expect(parsed.text).toContain('the address you replied to has expired');
    expect(parsed.text).toContain('địa chỉ bạn trả lời đã hết hạn');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-replied');
  });

  it('a valid token from another sender is refused: a stranger is not answered, staff are not the recipient', async () => {
    const ticket = await ticketOfAcme();
    const address = addressFor(ticket.id, userIds[ACME]);
    const before = server.outbox().length;
    await expectNothingPosted(ticket.id, { from: 'someone@elsewhere.example', to: address, text: 'Not me' });
    expect(mailsNaming(ticket.id, before)).toEqual([]);
    await expectNothingPosted(ticket.id, { from: SUPPORT, to: address, text: 'Staff with the partner’s token' });
    // The envelope sender does not make a mail theirs: From is what is compared.
    await expectNothingPosted(ticket.id, { from: 'someone@elsewhere.example', envelope: { from: ACME, to: address }, to: address, text: 'Envelope' });
  });

  it("another partner's user is refused even with a token signed for them", async () => {
    const ticket = await ticketOfAcme();
    await expectNothingPosted(ticket.id, { from: GLOBEX, to: addressFor(ticket.id, userIds[GLOBEX]), text: 'Globex here' });
    // A partner's user mailing the note address posts no note.
    await expectNothingPosted(ticket.id, { from: ACME, to: addressFor(ticket.id, userIds[ACME], { kind: 'note' }), text: 'A note?' });
  });

  it('the same Message-ID delivered twice is posted once', async () => {
    const ticket = await ticketOfAcme();
    const mail = { from: ACME, to: addressFor(ticket.id, userIds[ACME]), text: 'Only once', messageId: `<${randomUUID()}@phone.example>` };
    await send(mail);
    await expectNothingPosted(ticket.id, mail);
    // Two deliveries at once, as two instances behind one MX would take them.
    const twice = { ...mail, text: 'Raced', messageId: `<${randomUUID()}@phone.example>` };
    await Promise.all([send(twice), send(twice)]);
    expect((await messagesOf(ticket.id)).filter((m) => m.body === 'Raced')).toHaveLength(1);
  });

  it('an out-of-office storm of 50 auto-replies posts nothing and sends nothing', async () => {
    const ticket = await ticketOfAcme();
    const address = addressFor(ticket.id, userIds[ACME]);
    const before = server.outbox().length;
    const noise: Mail.Options[] = [
      { subject: 'Automatic reply: your ticket', headers: { 'Auto-Submitted': 'auto-replied' } },
      { subject: 'Re: ticket', headers: { Precedence: 'bulk' } },
      { subject: 'Re: ticket', headers: { 'X-Autoreply': 'yes' } },
      { subject: 'Re: ticket', headers: { 'X-Autorespond': 'yes' } },
      { subject: 'Out of Office: Re: ticket' },
      { subject: 'Trả lời tự động: vắng mặt đến thứ Hai' },
      { subject: 'Re: ticket', headers: { 'Auto-Submitted': 'auto-generated' } },
      { subject: 'Re: ticket', headers: { Precedence: 'auto_reply' } },
    ];
    await expectNothingPosted(ticket.id, { from: ACME, to: address, text: 'warm-up', headers: { 'Auto-Submitted': 'auto-replied' } });
    const storm = Array.from({ length: 50 }, (_, i) => ({ ...noise[i % noise.length], from: ACME, to: address, text: `I am away (${i})` }));
    const results = await Promise.all(storm.map((mail) => send(mail).then(() => 'accepted')));
    expect(results.every((r) => r === 'accepted')).toBe(true);
    expect((await messagesOf(ticket.id)).some((m) => m.body.includes('I am away'))).toBe(false);
    expect(mailsNaming(ticket.id, before)).toEqual([]);
  });

  it('a 30 MB attachment is refused at the SMTP size limit and leaves no file', async () => {
    const ticket = await ticketOfAcme();
    const files = storedAttachmentFiles();
    const answer = await expectNothingPosted(ticket.id, {
      from: ACME,
      to: addressFor(ticket.id, userIds[ACME]),
      text: 'Big one',
      attachments: [{ filename: 'huge.png', content: Buffer.concat([PHOTO, Buffer.alloc(30 * 1024 * 1024, 1)]) }],
    });
    expect(answer).toBe(552);
    expect(storedAttachmentFiles()).toBe(files);
  });

  it('a zip bomb (a compressed attachment the chat refuses) is refused, its sender told, and no file left', async () => {
    const ticket = await ticketOfAcme();
    const files = storedAttachmentFiles();
    const before = server.outbox().length;
    // A zip's local header followed by deflated zeros: a few KB that would inflate to gigabytes.
    const bomb = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), (await import('node:zlib')).deflateRawSync(Buffer.alloc(50 * 1024 * 1024))]);
    await expectNothingPosted(ticket.id, {
      from: ACME,
      to: addressFor(ticket.id, userIds[ACME]),
      text: 'See zip',
      attachments: [{ filename: 'logs.zip', content: bomb }],
    });
    expect(storedAttachmentFiles()).toBe(files);
    const [bounce] = mailsAbout(ticket.id, ACME, before);
    expect((await simpleParser(bounce)).text).toContain('logs.zip is not an accepted file');
  });

  it('mail to an address that is not ours is refused at RCPT', async () => {
    const answer = await send({ from: ACME, to: `someone@${DOMAIN}`, text: 'Hello?' }).then(
      () => 'accepted',
      (error: { responseCode?: number }) => error.responseCode,
    );
    expect(answer).toBe(550);
  });
});

describe('delivery reports', () => {
  /** A delivery status notification (RFC 3464) as a relay sends it to a mail's envelope sender. */
  function deliveryReport(to: string, failed: string) {
    const report = [
      'Reporting-MTA: dns; mx.example.net',
      '',
      `Final-Recipient: rfc822; ${failed}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 user unknown',
      '',
    ].join('\r\n');
    return smtp.sendMail({
      envelope: { from: '', to },
      raw: [
        'From: MAILER-DAEMON@mx.example.net',
        `To: ${to}`,
        'Subject: Undelivered Mail Returned to Sender',
        'Auto-Submitted: auto-replied',
        `Message-ID: <${randomUUID()}@mx.example.net>`,
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain',
        '',
        'Your mail could not be delivered.',
        '--b1',
        'Content-Type: message/delivery-status',
        '',
        report,
        '--b1--',
        '',
      ].join('\r\n'),
    });
  }
  const mailTo = (email: string) => server.built.ctx.mailer.send({ to: email, subject: 'Hello', text: 'Anyone there?' });

  it('a DSN marks its failed recipient as bouncing: the mailer skips the address until it is cleared', async () => {
    const user = await make.user({ partnerId: null });
    const before = server.outbox().length;
    // Mails go out with the recipient's own bounce address as their envelope sender (VERP).
    const bounceTo = envelopeFromOf(server.config, user.email)!;
    expect(bounceTo).toMatch(new RegExp(`^bounces\\+[a-z2-7]{16}@${DOMAIN.replace(/\./g, '\\.')}$`));
    await deliveryReport(bounceTo, user.email.toUpperCase());
    await mailTo(user.email);
    expect(mailsTo(user.email, before)).toHaveLength(0);
    await clearBouncing(server.built.database.db, user.email);
    await mailTo(user.email);
    expect(mailsTo(user.email, before)).toHaveLength(1);
  });

  it('a forged DSN naming another address than its bounce address was made for marks nobody', async () => {
    const user = await make.user({ partnerId: null });
    const before = server.outbox().length;
    await deliveryReport(envelopeFromOf(server.config, 'someone-else@example.net')!, user.email);
    await mailTo(user.email);
    expect(mailsTo(user.email, before)).toHaveLength(1);
  });
});
