import { eq } from 'drizzle-orm';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import { permission } from '../../contract/permissions';
import { HUB_PATH, type NotificationMessage } from '../../contract/realtime';
import type { NotificationDto } from '../../contract/notifications';
import type { TicketDto, TicketMessageDto, TicketReadState } from '../../contract/tickets';
import { auditTrails, tickets } from '../../server/db/schema';
import { expectEnvelope } from './expectations';
import { unique, useDemoServer } from './factories';
import { eventually, heardBefore, nextCall } from './hubHarness';

/**
 * Internal notes (issue 25, point 2): staff write them in a ticket's chat; a partner never receives one by any
 * path. Each test tries one path as the ticket's partner and shows staff do get the note.
 */
const { server, make, token, userIds } = useDemoServer();
const clients: HubConnection[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
});

const ADMIN = 'admin@example.com';
const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';

const post = (as: string, ticketId: string, body: Record<string, unknown>) =>
  server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticketId}/messages`, { token: as, body });
const messagesOf = async (as: string, ticketId: string) => {
  const answer = await server.api<TicketMessageDto[]>('GET', `/api/v1/tickets/${ticketId}/messages`, { token: as });
  expectEnvelope(answer, 200);
  return answer.body.data!;
};
const ticketRow = async (id: string) => (await server.built.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];

/** A fresh ticket raised by Acme's partner user, with a reply from support so both sides have spoken. */
async function acmeTicket() {
  const ticket = await make.ticket(token(ACME), { subject: `Notes ${unique('n')}` });
  expectEnvelope(await post(token(SUPPORT), ticket.id, { body: 'A reply the partner reads.' }), 201);
  return ticket;
}

/** Support leaves a note with a text found nowhere else. */
async function leaveNote(ticketId: string, as = token(SUPPORT), tail = '') {
  const text = `secret-${unique('s')}`;
  const answer = await post(as, ticketId, { body: `<p>Partner is late paying: ${text}${tail}</p>`, internal: true });
  expectEnvelope(answer, 201);
  return { text, note: answer.body.data! };
}

/** Support leaves a note with one text file, as the composer sends it (multipart). */
async function leaveNoteWithFile(ticketId: string, body: string, fileName: string, content: string) {
  const form = new FormData();
  form.append('body', body);
  form.append('internal', 'true');
  form.append('files', new Blob([content], { type: 'text/plain' }), fileName);
  const answer = await fetch(`${server.url}/api/v1/tickets/${ticketId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token(SUPPORT)}` },
    body: form,
  });
  const answered = await answer.text();
  expect(answer.status, answered).toBe(201);
  return (JSON.parse(answered) as { data: TicketMessageDto }).data;
}

async function connect(email: string) {
  const connection = new HubConnectionBuilder()
    .withUrl(`${server.url}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token(email) })
    .configureLogging(LogLevel.None)
    .build();
  clients.push(connection);
  await connection.start();
  return connection;
}

describe('REST', () => {
  it('the messages list leaves notes out for the partner and for staff without TicketNotes.View; readers of notes get them marked internal', async () => {
    const ticket = await acmeTicket();
    const { note, text } = await leaveNote(ticket.id);
    expect(note).toMatchObject({ internal: true, authorIsStaff: true, ticketId: ticket.id });

    const forPartner = await messagesOf(token(ACME), ticket.id);
    expect(forPartner.map((m) => m.body).join()).not.toContain(text);
    expect(forPartner.some((m) => m.id === note.id || m.internal)).toBe(false);

    const withoutNotes = await make.userWith([permission('Tickets', 'View'), permission('Tickets', 'AdminView'), permission('TicketConversations', 'View')]);
    expect((await messagesOf(withoutNotes.token, ticket.id)).some((m) => m.id === note.id)).toBe(false);

    const forStaff = await messagesOf(token(SUPPORT), ticket.id);
    expect(forStaff.find((m) => m.id === note.id)).toEqual(note);
  });

  it('only staff holding TicketNotes.Create write a note: a partner and staff without it get 403 and nothing is written', async () => {
    const ticket = await acmeTicket();
    expectEnvelope(await post(token(ACME), ticket.id, { body: 'I want to hide this', internal: true }), 403);
    const noCreate = await make.userWith([
      permission('Tickets', 'View'),
      permission('Tickets', 'AdminView'),
      permission('TicketConversations', 'View'),
      permission('TicketConversations', 'Create'),
      permission('TicketNotes', 'View'),
    ]);
    expectEnvelope(await post(noCreate.token, ticket.id, { body: 'No right to note', internal: true }), 403);
    expect((await messagesOf(token(SUPPORT), ticket.id)).filter((m) => m.internal)).toEqual([]);
    expectEnvelope(await post(token(SUPPORT), ticket.id, { body: '<p></p>', internal: true }), 400);
  });

  it("a note moves neither the ticket's turn nor its last message or update time, which the partner sees", async () => {
    const ticket = await acmeTicket();
    const before = await ticketRow(ticket.id);
    const dtoBefore = (await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: token(ACME) })).body.data!;
    await leaveNote(ticket.id);
    const after = await ticketRow(ticket.id);
    expect({ side: after.awaitingSide, since: after.awaitingSince, last: after.lastMessageAt, updated: after.updatedAt }).toEqual({
      side: before.awaitingSide,
      since: before.awaitingSince,
      last: before.lastMessageAt,
      updated: before.updatedAt,
    });
    expect(before.awaitingSide).toBe('partner');
    const dtoAfter = (await server.api<TicketDto>('GET', `/api/v1/tickets/${ticket.id}`, { token: token(ACME) })).body.data!;
    expect(dtoAfter).toEqual(dtoBefore);
  });

  it("read markers: a partner cannot mark a note read, and staff's read of a note is told to the partner only as far as the last reply", async () => {
    const ticket = await acmeTicket();
    const reply = (await messagesOf(token(ACME), ticket.id)).at(-1)!;
    const { note } = await leaveNote(ticket.id);
    const read = (as: string, messageId: string) =>
      server.api<TicketReadState>('PUT', `/api/v1/tickets/${ticket.id}/reads`, { token: as, body: { messageId } });
    expectEnvelope(await read(token(ACME), note.id), 400);

    const staffRead = await read(token(SUPPORT), note.id);
    expectEnvelope(staffRead, 200);
    expect(staffRead.body.data!.mine).toBe(note.createdAt);
    const partnerView = (await server.api<TicketReadState>('GET', `/api/v1/tickets/${ticket.id}/reads`, { token: token(ACME) })).body.data!;
    expect(partnerView.staff).toBe(reply.createdAt);
  });

  it("a note's file is not there for the partner (404) and is for staff", async () => {
    const ticket = await acmeTicket();
    const note = await leaveNoteWithFile(ticket.id, 'See the attached statement', 'statement.txt', 'overdue invoices');
    expect(note.internal).toBe(true);
    const file = `/api/v1/tickets/${ticket.id}/attachments/${note.attachments[0].id}`;
    expect((await fetch(`${server.url}${file}`, { headers: { authorization: `Bearer ${token(ACME)}` } })).status).toBe(404);
    const forStaff = await fetch(`${server.url}${file}`, { headers: { authorization: `Bearer ${token(SUPPORT)}` } });
    expect(forStaff.status).toBe(200);
    expect(await forStaff.text()).toBe('overdue invoices');
  });

  it("the partner's search never finds a note's text", async () => {
    const ticket = await acmeTicket();
    const { text } = await leaveNote(ticket.id);
    const search = (as: string) => server.api<PagedResult<TicketDto>>('POST', '/api/v1/tickets/search', { token: as, body: { keyword: text } });
    const found = await search(token(ACME));
    expectEnvelope(found, 200);
    expect(found.body.data!.items).toEqual([]);
  });
});

describe('hub', () => {
  it.each([
    ['short', ''],
    ['too long to travel in its event', ' and more'.repeat(800)],
  ])("a note (%s) reaches staff following the ticket and never the partner's connection, joined or not", async (_kind, tail) => {
    const [acme, staff] = await Promise.all([connect(ACME), connect(SUPPORT)]);
    const ticket = await acmeTicket();
    expect(await acme.invoke('JoinTicket', ticket.id)).toBe(true);
    expect(await staff.invoke('JoinTicket', ticket.id)).toBe(true);
    const partnerHeard = heardBefore(server.built.app.realtime, acme, userIds[ACME], [
      'TicketMessageCreated',
      'ReceiveNotification',
      'ResourceChanged',
      'TicketRead',
    ]);
    const staffHeard = nextCall<TicketMessageDto>(staff, 'TicketMessageCreated');

    const { note } = await leaveNote(ticket.id, token(ADMIN), tail);
    expect(await staffHeard).toEqual(note);
    expect(await partnerHeard.settle()).toEqual([]);
  });
});

describe('mail', () => {
  it('the offline creator is mailed a reply, never a note', async () => {
    const ticket = await acmeTicket();
    await eventually(() => !server.built.app.realtime.isUserOnline(userIds[ACME]), 5000, 'the partner offline');
    const mailsBefore = server.outbox().length;
    const { text } = await leaveNote(ticket.id);
    expectEnvelope(await post(token(SUPPORT), ticket.id, { body: 'A reply after the note' }), 201);
    const mailsOfTicket = () =>
      server
        .outbox()
        .slice(mailsBefore)
        .map((mail) => mail.replace(/=\r?\n/g, ''))
        .filter((mail) => mail.includes(ticket.id));
    // The reply's mail went out after the note was written: had the note been mailed, it would be here by now.
    await eventually(() => mailsOfTicket().some((mail) => mail.includes('A reply after the note')), 5000, 'the reply mail');
    expect(mailsOfTicket().join()).not.toContain(text);
  });
});

describe('export', () => {
  it('a partner may not export; the CSV staff export is the same before and after a note (no last message time moves)', async () => {
    const ticket = await acmeTicket();
    const csv = async () => {
      const answer = await fetch(`${server.url}/api/v1/tickets/export?subject=${encodeURIComponent(ticket.subject)}`, {
        headers: { authorization: `Bearer ${token(SUPPORT)}` },
      });
      expect(answer.status).toBe(200);
      return answer.text();
    };
    const before = await csv();
    const { text } = await leaveNote(ticket.id);
    const after = await csv();
    expect(after).toBe(before);
    expect(after).not.toContain(text);
    expectEnvelope(await server.api('GET', `/api/v1/tickets/export?subject=${encodeURIComponent(ticket.subject)}`, { token: token(ACME) }), 403);
  });
});

describe('audit trail', () => {
  it("a note's audit row holds the note as written, marked internal, with its files", async () => {
    const ticket = await acmeTicket();
    const note = await leaveNoteWithFile(ticket.id, 'Audited note', 'ledger.txt', 'ledger');
    const [row] = await server.built.database.db.select().from(auditTrails).where(eq(auditTrails.primaryKey, note.id));
    expect(row).toMatchObject({
      userId: userIds[SUPPORT],
      type: 'Create',
      tableName: 'ticket_messages',
      oldValues: null,
      newValues: {
        id: note.id,
        ticketId: ticket.id,
        authorId: userIds[SUPPORT],
        body: note.body,
        internal: true,
        createdAt: note.createdAt,
        attachments: note.attachments,
      },
      affectedColumns: ['id', 'ticketId', 'authorId', 'body', 'internal', 'createdAt', 'attachments'],
    });
  });

  it("a note's audit row shows to readers of notes only; a partner may not read audit trails at all", async () => {
    const ticket = await acmeTicket();
    const { note } = await leaveNote(ticket.id);
    const trail = async (as: string) => {
      const answer = await server.api<PagedResult<{ tableName: string; primaryKey: string }>>(
        'GET',
        `/api/v1/users/${userIds[SUPPORT]}/audit-trails?pageSize=100`,
        { token: as },
      );
      expectEnvelope(answer, 200);
      return answer.body.data!.items;
    };
    expect((await trail(token(ADMIN))).some((row) => row.primaryKey === note.id)).toBe(true);
    const auditor = await make.userWith([permission('AuditTrails', 'View'), permission('Users', 'View'), permission('Users', 'Search')], { priority: 5 });
    const seen = await trail(auditor.token);
    expect(seen.some((row) => row.tableName === 'ticket_messages')).toBe(true);
    expect(seen.some((row) => row.primaryKey === note.id)).toBe(false);
    expect((await server.api('GET', `/api/v1/users/${userIds[SUPPORT]}/audit-trails`, { token: token(ACME) })).status).toBeGreaterThanOrEqual(403);
  });
});

describe('notifications', () => {
  it("the assignee is notified of another's note, in the inbox and live; the partner's inbox never is", async () => {
    const ticket = await acmeTicket();
    await server.built.database.db.update(tickets).set({ assigneeId: userIds[SUPPORT] }).where(eq(tickets.id, ticket.id));
    const staff = await connect(SUPPORT);
    const live = nextCall<NotificationMessage>(staff, 'ReceiveNotification');
    await leaveNote(ticket.id, token(ADMIN));
    expect(await live).toMatchObject({ key: 'ticketNotes.notifications.note', link: `/ticket-management/${ticket.id}/detail` });

    const inbox = async (as: string) =>
      (await server.api<PagedResult<NotificationDto>>('GET', '/api/v1/inbox?pageSize=100', { token: as })).body.data!.items.filter(
        (n) => n.recordId === ticket.id,
      );
    expect((await inbox(token(SUPPORT))).map((n) => n.key)).toContain('ticketNotes.notifications.note');
    expect((await inbox(token(ACME))).map((n) => n.key)).not.toContain('ticketNotes.notifications.note');
    expect((await inbox(token(ACME))).map((n) => n.key)).toEqual(['tickets.notifications.message']);
  });
});
