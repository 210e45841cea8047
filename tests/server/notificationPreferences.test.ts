import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { NotificationPreferencesDto } from '../../contract/notificationPreferences';
import { auditTrails, digestItems, notificationPreferences } from '../../server/db/schema';
import { runDigest } from '../../server/modules/notificationPreferences/digest';
import { sendNotificationMail } from '../../server/modules/notificationPreferences/notificationMail';
import { expectEnvelope, refused } from './expectations';
import { useDemoServer, type MadeUser } from './factories';
import { eventually } from './hubHarness';
import { minutes, nextHour } from './digestClock';

const { server, make, roleIds, partnerIds, token } = useDemoServer();
const PATH = '/api/v1/account/notification-preferences';
const db = () => server.built.ctx.db;

const partnerUser = () => make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
const staffUser = () => make.user({ roleId: roleIds.Support });

const preferencesOf = async (user: MadeUser) => {
  const answer = await server.api<NotificationPreferencesDto>('GET', PATH, { token: user.token });
  expectEnvelope(answer, 200);
  return answer.body.data!;
};
const put = (user: MadeUser, body: unknown) => server.api<NotificationPreferencesDto>('PUT', PATH, { token: user.token, body });

/** The outbox's notification mails (those with an unsubscribe link: not the activation mail) to one address, parsed. */
const mailsTo = async (email: string) =>
  Promise.all(
    server
      .outbox()
      .filter((m) => m.includes(email) && /^List-Unsubscribe:/im.test(m))
      .map((m) => simpleParser(m)),
  );
const headerOf = (mail: Awaited<ReturnType<typeof simpleParser>>, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, '')
    .trim();
};

/** A ticket reply notification to `user` through the one place every non-security mail goes. */
const tellOfReply = (user: MadeUser, subject: string) =>
  sendNotificationMail(server.built.ctx, {
    to: { id: user.id, email: user.email, partnerId: user.dto.partnerId ?? null },
    kind: 'ticketReplies',
    subjectKey: 'tickets.mail.replySubject',
    bodyKey: 'tickets.mail.replyBody',
    values: { name: 'Bình', author: 'Staff', subject, text: 'Hello there', link: 'https://portal.example/tickets/1' },
  });

const pendingOf = (userId: string) =>
  db()
    .select()
    .from(digestItems)
    .where(and(eq(digestItems.userId, userId)));

describe('notification preferences', () => {
  it('defaults per role: a partner user gets mail at once, staff a daily digest; security mails are listed fixed', async () => {
    const partner = await preferencesOf(await partnerUser());
    expect(partner.channels).toEqual({ ticketReplies: 'mail', partnerForms: 'mail', fileAccess: 'mail' });
    expect(partner.security).toEqual(['signInHolds', 'newSignIns', 'secondFactor', 'passwordReset', 'activation']);
    expect(partner.timeZone).toBe('Asia/Ho_Chi_Minh');
    const staff = await preferencesOf(await staffUser());
    expect(staff.channels).toEqual({ ticketReplies: 'digest', partnerForms: 'digest', fileAccess: 'digest' });
  });

  it('saves the user’s own choices, audited', async () => {
    const user = await partnerUser();
    const answer = await put(user, { channels: { ticketReplies: 'digest' }, language: 'vi', timeZone: 'Europe/Paris' });
    expectEnvelope(answer, 200);
    expect(answer.body.data!.channels.ticketReplies).toBe('digest');
    expect((await preferencesOf(user)).channels).toEqual({ ticketReplies: 'digest', partnerForms: 'mail', fileAccess: 'mail' });
    expect((await preferencesOf(user)).timeZone).toBe('Europe/Paris');
    const audit = await db()
      .select()
      .from(auditTrails)
      .where(and(eq(auditTrails.tableName, 'notification_preferences'), eq(auditTrails.primaryKey, user.id)));
    expect(audit.map((a) => [a.type, a.userId])).toEqual([['Create', user.id]]);
  });

  it('refuses a security kind, an unknown kind, odd keys, a bad channel or time zone, with nothing changed', async () => {
    const user = await partnerUser();
    const bodies: unknown[] = [
      { channels: { signInHolds: 'portal' } },
      { channels: { passwordReset: 'digest' } },
      { channels: { nonsense: 'mail' } },
      { channels: { toString: 'mail' } },
      { channels: { ticketReplies: 'pigeon' } },
      { timeZone: 'Mars/Olympus' },
      { somethingElse: 1 },
    ];
    for (const body of bodies) {
      const answer = await refused(server, () => put(user, body));
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const proto = await refused(server, () =>
      server.api('PUT', PATH, {
        token: user.token,
        rawBody: '{"channels":{"__proto__":{"ticketReplies":"portal"}}}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(proto.status).toBe(400);
    const outer = await refused(server, () =>
      server.api('PUT', PATH, { token: user.token, rawBody: '{"__proto__":{"channels":{}}}', headers: { 'content-type': 'application/json' } }),
    );
    expect(outer.status).toBe(400);
  });

  it('needs a sign-in', async () => {
    expect((await server.api('GET', PATH)).status).toBe(401);
    expect((await server.api('PUT', PATH, { body: { channels: { ticketReplies: 'portal' } } })).status).toBe(401);
  });

  it('honours each choice: mail sends at once with its unsubscribe headers, portal sends nothing, digest keeps it', async () => {
    const user = await partnerUser();
    await tellOfReply(user, 'At once');
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toContain('At once');
    expect(headerOf(mail, 'List-Unsubscribe')).toMatch(/^<http.*\/api\/unsubscribe\?token=[\w.-]+>$/);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    expectEnvelope(await put(user, { channels: { ticketReplies: 'portal' } }), 200);
    await tellOfReply(user, 'Portal only');
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await pendingOf(user.id)).toHaveLength(0);

    expectEnvelope(await put(user, { channels: { ticketReplies: 'digest' } }), 200);
    await tellOfReply(user, 'For the digest');
    expect(await mailsTo(user.email)).toHaveLength(1);
    const pending = await pendingOf(user.id);
    expect(pending.map((p) => [p.kind, p.sentAt])).toEqual([['ticketReplies', null]]);
    expect(pending[0].subjects.en).toContain('For the digest');
  });

  it('always sends security mails, whatever the user chose', async () => {
    const user = await partnerUser();
    expectEnvelope(await put(user, { channels: { ticketReplies: 'portal', partnerForms: 'portal', fileAccess: 'portal' } }), 200);
    expectEnvelope(await server.api('POST', '/api/users/forgot-password', { body: { email: user.email } }), 200);
    const mails = await Promise.all(
      server
        .outbox()
        .filter((m) => m.includes(user.email))
        .map((m) => simpleParser(m)),
    );
    expect(mails.map((m) => m.subject).some((s) => /reset/i.test(s ?? ''))).toBe(true);
  });
});

describe('the daily digest', () => {
  it('goes out once across two concurrent runs, at 08:00 in each reader’s zone, in their language', async () => {
    const english = await staffUser();
    const vietnamese = await staffUser();
    expectEnvelope(await put(english, { language: 'en', timeZone: 'UTC' }), 200);
    expectEnvelope(await put(vietnamese, { language: 'vi' }), 200);
    await tellOfReply(english, 'Subject for the English digest');
    await tellOfReply(vietnamese, 'Subject for the Vietnamese digest');
    const kept = new Date();

    // The first 08:00 after the items were kept: in UTC for the one, in Ho Chi Minh City (01:00 UTC) for the other;
    // taken in the order they come, whatever the hour the test runs at.
    const readers = [
      { user: english, eight: nextHour(kept, 8), subject: 'Your daily summary: 1 notifications', own: 'English digest', foreign: 'Tóm tắt' },
      { user: vietnamese, eight: nextHour(kept, 1), subject: 'Tóm tắt hằng ngày: 1 thông báo', own: 'Vietnamese digest', foreign: 'daily summary' },
    ].sort((a, b) => a.eight.getTime() - b.eight.getTime());
    const [first, second] = readers;
    for (const reader of readers) {
      await runDigest(server.built.ctx, new Date(reader.eight.getTime() - minutes(30)));
      expect(await mailsTo(reader.user.email)).toHaveLength(0);
      const run = new Date(reader.eight.getTime() + minutes(30));
      // Two instances at the same moment: one mail.
      await Promise.all([runDigest(server.built.ctx, run), runDigest(server.built.ctx, run)]);
      const mails = await mailsTo(reader.user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(reader.subject);
      expect(mails[0].text).toContain(`Subject for the ${reader.own}`);
      expect(mails[0].text).not.toContain(reader.foreign);
      expect(headerOf(mails[0], 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    }
    expect(await mailsTo(first.user.email)).toHaveLength(1);
    const lastRun = second.eight;

    // A later run finds nothing left.
    await runDigest(server.built.ctx, new Date(lastRun.getTime() + minutes(60 * 24)));
    expect(await mailsTo(english.email)).toHaveLength(1);
    expect((await pendingOf(english.id)).every((item) => item.sentAt)).toBe(true);
  });
});

describe('one-click unsubscribe', () => {
  const unsubscribeAddressOf = async (user: MadeUser) => {
    await tellOfReply(user, 'With a link');
    const [mail] = await mailsTo(user.email);
    const address = new URL(headerOf(mail, 'List-Unsubscribe').slice(1, -1));
    return `${address.pathname}${address.search}`;
  };
  const stored = async (userId: string) => (await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)))[0];
  const oneClick = (path: string) =>
    server.api('POST', path, { rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('POST without a sign-in turns that kind to portal for that user', async () => {
    const user = await partnerUser();
    const path = await unsubscribeAddressOf(user);
    const answer = await oneClick(path);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Ticket replies');
    expect(answer.text).toContain('Phản hồi yêu cầu hỗ trợ');
    expect((await preferencesOf(user)).channels).toEqual({ ticketReplies: 'portal', partnerForms: 'mail', fileAccess: 'mail' });
  });

  it('GET shows a page in en and vi whose form posts, and changes nothing', async () => {
    const user = await partnerUser();
    const path = await unsubscribeAddressOf(user);
    const before = await server.snapshot();
    const answer = await server.api('GET', path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.text).toContain('<form method="post"');
    expect(answer.text).toContain('Stop these mails');
    expect(answer.text).toContain('Ngừng nhận thư');
    expect(await server.snapshot()).toBe(before);
    expect(await stored(user.id)).toBeUndefined();
  });

  it('refuses a forged or tampered token with nothing changed', async () => {
    const user = await partnerUser();
    const path = await unsubscribeAddressOf(user);
    const token = new URL(path, server.url).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const otherKind = Buffer.from(`${user.id}:fileAccess`).toString('base64url');
    const forged = [
      `${otherKind}.${signature}`,
      `${payload}.${Buffer.alloc(32, 7).toString('base64url')}`,
      `${payload}`,
      'nonsense',
      `${payload}.${signature}x`,
    ];
    for (const bad of forged) {
      const before = await server.snapshot();
      const answer = await oneClick(`/api/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.text).toContain('not valid');
      expect(await server.snapshot()).toBe(before);
    }
    expect(await stored(user.id)).toBeUndefined();
  });
});

describe('a staff reply to a ticket, through the real relay', () => {
  it('mails the partner at once with its unsubscribe link, or keeps it for the digest once they chose so', async () => {
    const partner = await partnerUser();
    const ticket = await make.ticket(partner.token, { subject: `Prefs ${partner.id.slice(0, 8)}` });
    const reply = (body: string) =>
      server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: token('admin@example.com'), body: { body } }).then((a) => expectEnvelope(a, 201));

    await reply('First answer by staff');
    await eventually(() => server.outbox().some((m) => m.includes(partner.email) && /^List-Unsubscribe:/im.test(m)), 5000, 'the reply mail');
    const mails = await mailsTo(partner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(ticket.subject);
    expect(headerOf(mails[0], 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    expectEnvelope(await put(partner, { channels: { ticketReplies: 'digest' } }), 200);
    await reply('Second answer by staff');
    let pending: Awaited<ReturnType<typeof pendingOf>> = [];
    const until = Date.now() + 5000;
    while (!(pending = await pendingOf(partner.id)).length && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pending.map((item) => item.texts.en)).toEqual([expect.stringContaining('Second answer by staff')]);
    expect(await mailsTo(partner.email)).toHaveLength(1);
  });
});
