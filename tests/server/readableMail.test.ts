import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { TicketMessageDto } from '../../contract/tickets';
import { digestItems } from '../../server/db/schema';
import { instantIn } from '../../server/mail/mailTime';
import { runDigest } from '../../server/modules/notificationPreferences/digest';
import { sendNotificationMail } from '../../server/modules/notificationPreferences/notificationMail';
import { expectEnvelope } from './expectations';
import { useDemoServer, type MadeUser } from './factories';
import { eventually } from './hubHarness';
import { minutes, nextHour } from './digestClock';

const { server, make, roleIds, partnerIds, token } = useDemoServer();
const PREFERENCES = '/api/v1/account/notification-preferences';
const STAFF = 'admin@example.com';

const partnerUser = () => make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
const prefer = async (user: MadeUser, body: object) => expectEnvelope(await server.api('PUT', PREFERENCES, { token: user.token, body }), 200);

/** The mails to one address that carry `text` in their text part, parsed. */
const mailsWith = async (email: string, text: string) =>
  (
    await Promise.all(
      server
        .outbox()
        .filter((m) => m.includes(`To: ${email}`))
        .map((m) => simpleParser(m)),
    )
  ).filter((m) => m.text?.includes(text));

const headerOf = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line.slice(line.indexOf(':') + 1).trim();
};
const htmlText = (mail: ParsedMail) =>
  mail.html
    ? mail.html
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
    : '';

describe('the staff-reply mail', () => {
  it('quotes the chat’s last three lines, newest last, with author and time in the reader’s zone, never an internal note', async () => {
    const partner = await partnerUser();
    await prefer(partner, { language: 'en', timeZone: 'Europe/Paris' });
    const ticket = await make.ticket(partner.token, { subject: `Quoted ${partner.id.slice(0, 8)}` });
    const post = async (as: string, body: string, internal = false) =>
      (await server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: as, body: { body, internal } })).body.data!;

    await post(partner.token, '<p>Line one from the partner</p>');
    await post(partner.token, '<p>Line two from the partner &amp; <b>bold</b></p>');
    await post(token(STAFF), '<p>Secret note: partner is late paying</p>', true);
    await post(partner.token, '<p>Line three from the partner</p>');
    const reply = await post(token(STAFF), '<p>Staff answer <script>x</script>here</p>');

    const arrived = () => server.outbox().some((m) => m.includes(`To: ${partner.email}`) && m.replace(/=\r?\n/g, '').includes('Staff answer here'));
    await eventually(arrived, 5000, 'the reply mail');
    const [mail] = await mailsWith(partner.email, 'Staff answer');
    const text = mail.text!;
    expect(text).not.toContain('Line one');
    expect(text).not.toContain('Secret note');
    const quoted = ['Line two from the partner & bold', 'Line three from the partner', 'Staff answer here'];
    const positions = quoted.map((line) => text.indexOf(`> ${line}`));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain(`> ${reply.authorName} · ${instantIn('en', 'Europe/Paris', new Date(reply.createdAt))}\n> Staff answer here`);
    expect(text).toContain(`> ${partner.dto.firstName} ${partner.dto.lastName} · `);

    // The HTML part says the same, the note left out there too, and the button opens the ticket.
    const html = htmlText(mail);
    for (const line of quoted) expect(html).toContain(line);
    expect(html).not.toContain('Secret note');
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).toContain(`href="${server.config.publicUrl}/tickets/${ticket.id}/detail"`);
    expect(mail.html).toMatch(/>Open the ticket to answer<\/a>/);
    // Its headers as before: threading and one-click unsubscribe.
    expect(mail.messageId).toMatch(new RegExp(ticket.id));
    expect(mail.inReplyTo).toBeTruthy();
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.subject).toBe(`Support replied to your ticket "${ticket.subject}"`);
  });
});

const keepForDigest = (user: MadeUser, subject: string, link: string) =>
  sendNotificationMail(server.built.ctx, {
    to: { id: user.id, email: user.email, partnerId: user.dto.partnerId ?? null },
    kind: 'ticketReplies',
    subjectKey: 'tickets.mail.replySubject',
    bodyKey: 'tickets.mail.replyBody',
    actionKey: 'tickets.mail.replyAction',
    values: { name: 'Bình', author: 'Staff', subject },
    link,
  });

describe('the daily digest', () => {
  it('goes out at 08:00 in the reader’s zone, in their language, each item at its time in that zone and with its link', async () => {
    const reader = await partnerUser();
    // Bogotá: UTC-5 all year, 08:00 there is 13:00 UTC.
    await prefer(reader, { channels: { ticketReplies: 'digest' }, language: 'vi', timeZone: 'America/Bogota' });
    const subject = `Digest <b>${reader.id.slice(0, 8)}</b>`;
    const link = `${server.config.publicUrl}/tickets/00000000-0000-4000-8000-000000000001/detail`;
    await keepForDigest(reader, subject, link);
    const [item] = await server.built.ctx.db.select().from(digestItems).where(eq(digestItems.userId, reader.id));
    const eight = nextHour(item.createdAt, 13);

    await runDigest(server.built.ctx, new Date(eight.getTime() - minutes(1)));
    expect(await mailsWith(reader.email, subject)).toHaveLength(0);
    await runDigest(server.built.ctx, new Date(eight.getTime() + minutes(1)));
    const [mail] = await mailsWith(reader.email, subject);
    expect(mail.subject).toBe('Tóm tắt hằng ngày: 1 thông báo');
    const at = instantIn('vi', 'America/Bogota', item.createdAt);
    expect(at).toContain('GMT-5');
    expect(mail.text).toContain(`- Bộ phận hỗ trợ đã trả lời yêu cầu "${subject}"\n${at}`);
    expect(mail.text).toContain(`Mở: ${link}`);
    expect(mail.text).not.toMatch(/Your daily summary|Hello/);
    expect(mail.html).toContain('<html lang="vi">');
    expect(mail.html).toContain(`&quot;Digest &lt;b&gt;${reader.id.slice(0, 8)}&lt;/b&gt;&quot;`);
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.html).toContain(at);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });
});
