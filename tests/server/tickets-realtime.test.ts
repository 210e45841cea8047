import { and, eq } from 'drizzle-orm';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { HUB_PATH, type NotificationMessage, type ResourceChangedMessage } from '../../contract/realtime';
import type { TicketDto, TicketMessageDto, TicketStatus, TicketStatusChangedMessage } from '../../contract/tickets';
import { tickets } from '../../server/db/schema';
import { expectEnvelope } from './expectations';
import { unique, useDemoServer } from './factories';
import { eventually, heardBefore, nextCall } from './hubHarness';

/**
 * Ticket changes as the browser hears them: the official @microsoft/signalr client on the app's own hub,
 * fed by the same server that takes the API calls.
 */
const { server, make, token, partnerIds, userIds } = useDemoServer();
const clients: HubConnection[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
});

const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';
const GLOBEX = 'partner@globex.example';

async function connect(email: string) {
  const connection = new HubConnectionBuilder()
    .withUrl(`${server.url}${HUB_PATH}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token(email) })
    .configureLogging(LogLevel.None)
    .build();
  clients.push(connection);
  await connection.start();
  return connection;
}

async function seeded(partnerName: string, status: TicketStatus) {
  const [row] = await server.built.database.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.partnerId, partnerIds[partnerName]), eq(tickets.status, status)))
    .limit(1);
  return row;
}

/** What `email`'s connection hears of `methods` until a marker sent after the action arrives. */
const listen = (connection: HubConnection, email: string, methods: string[]) => heardBefore(server.built.app.realtime, connection, userIds[email], methods);

const post = (email: string, ticketId: string, body: string) =>
  server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticketId}/messages`, { token: token(email), body: { body } });

describe('JoinTicket', () => {
  it("lets a partner follow its own ticket only; another partner's answers false; staff follow any", async () => {
    const [acme, staff] = await Promise.all([connect(ACME), connect(SUPPORT)]);
    const acmeTicket = await seeded('Acme Logistics', 'OPEN');
    const globexTicket = await seeded('Globex Trading', 'OPEN');
    expect(await acme.invoke('JoinTicket', acmeTicket.id)).toBe(true);
    expect(await acme.invoke('JoinTicket', globexTicket.id)).toBe(false);
    expect(await acme.invoke('JoinTicket', 'not-a-ticket')).toBe(false);
    expect(await staff.invoke('JoinTicket', globexTicket.id)).toBe(true);

    // Joining failed, so a message on Globex's ticket never reaches Acme.
    const overheard = listen(acme, ACME, ['TicketMessageCreated']);
    expectEnvelope(await post(SUPPORT, globexTicket.id, 'Only for Globex'), 201);
    expect(await overheard.settle()).toEqual([]);
  });
});

describe('a partner writes', () => {
  it('staff hear TicketMessageCreated, ResourceChanged and a notification without joining the ticket', async () => {
    const [staff, globex] = await Promise.all([connect(SUPPORT), connect(GLOBEX)]);
    const ticket = await seeded('Acme Logistics', 'PENDING');
    const message = nextCall<TicketMessageDto>(staff, 'TicketMessageCreated');
    const changed = nextCall<ResourceChangedMessage>(staff, 'ResourceChanged');
    const notified = nextCall<NotificationMessage>(staff, 'ReceiveNotification');
    const globexHeard = listen(globex, GLOBEX, ['TicketMessageCreated', 'ResourceChanged', 'ReceiveNotification']);

    const answer = await post(ACME, ticket.id, 'Here is the bank letter.');
    expectEnvelope(answer, 201);
    expect(await message).toEqual(answer.body.data);
    expect(await changed).toEqual({ resource: 'tickets', id: ticket.id, action: 'updated' });
    expect(await notified).toMatchObject({
      title: 'New message on a ticket',
      message: 'Bình Trần wrote on "Update of our bank details"',
      link: `/ticket-management/${ticket.id}/detail`,
      key: 'tickets.notifications.message',
    });
    expect(await globexHeard.settle()).toEqual([]);
  });

  it('a new ticket reaches staff as ResourceChanged and a notification', async () => {
    const staff = await connect(SUPPORT);
    const changed = nextCall<ResourceChangedMessage>(staff, 'ResourceChanged');
    const notified = nextCall<NotificationMessage>(staff, 'ReceiveNotification');
    const answer = await server.api<TicketDto>('POST', '/api/v1/tickets', { token: token(GLOBEX), body: { subject: 'Live ticket' } });
    expectEnvelope(answer, 201);
    expect(await changed).toEqual({ resource: 'tickets', id: answer.body.data!.id, action: 'created' });
    expect(await notified).toMatchObject({
      title: 'New ticket',
      message: 'Globex Trading: Live ticket',
      values: { partner: 'Globex Trading', subject: 'Live ticket' },
    });
  });
});

describe('staff reply', () => {
  it('the online partner hears the reply once (ticket group and partner group) and a notification, and gets no mail', async () => {
    const acme = await connect(ACME);
    const ticket = await seeded('Acme Logistics', 'OPEN');
    expect(await acme.invoke('JoinTicket', ticket.id)).toBe(true);
    const messages = listen(acme, ACME, ['TicketMessageCreated']);
    const notified = nextCall<NotificationMessage>(acme, 'ReceiveNotification');
    const mailsBefore = server.outbox().length;

    const answer = await post(SUPPORT, ticket.id, '<p>We are looking into it.</p>');
    expectEnvelope(answer, 201);
    expect(await notified).toMatchObject({ title: 'New message on a ticket', link: `/tickets/${ticket.id}/detail` });
    expect((await messages.settle()).map((call) => call.payload)).toEqual([answer.body.data]);
    // Mail of other tests' replies may still be landing: none of it is to this partner about this ticket.
    const toThePartner = server
      .outbox()
      .slice(mailsBefore)
      .filter((mail) => /^To: partner@acme\.example/m.test(mail) && mail.replace(/=\r?\n/g, '').includes(ticket.id));
    expect(toThePartner).toEqual([]);
  });

  it('a reply too long to travel in its event reaches the partner as posted all the same, read by id', async () => {
    const acme = await connect(ACME);
    const ticket = await make.ticket(token(ACME), { subject: `Long reply ${unique()}` });
    expect(await acme.invoke('JoinTicket', ticket.id)).toBe(true);
    const messages = listen(acme, ACME, ['TicketMessageCreated']);
    const notified = nextCall<NotificationMessage>(acme, 'ReceiveNotification');
    const answer = await post(SUPPORT, ticket.id, `<p>${'A long answer. '.repeat(600)}</p>`);
    expectEnvelope(answer, 201);
    expect(await notified).toMatchObject({ key: 'tickets.notifications.message', link: `/tickets/${ticket.id}/detail` });
    expect((await messages.settle()).map((call) => call.payload)).toEqual([answer.body.data]);
  });

  it('the offline creator gets a mail linking to the ticket, in both languages', async () => {
    // Offline: a connection an earlier test stopped may still be leaving the server.
    await eventually(() => !server.built.app.realtime.isUserOnline(userIds[ACME]), 5000, 'the partner offline');
    const ticket = await seeded('Acme Logistics', 'RESOLVED');
    expectEnvelope(await post(SUPPORT, ticket.id, 'One more detail: the <b>April</b> report is fixed too.'), 201);
    // The mail about this ticket, whatever other tests' replies land beside it.
    const aboutThisTicket = () =>
      server
        .outbox()
        .map((mail) => mail.replace(/=\r?\n/g, ''))
        .filter((mail) => mail.includes(`/tickets/${ticket.id}/detail`));
    await eventually(() => aboutThisTicket().length > 0, 5000, 'reply mail');
    const mail = aboutThisTicket().join('\n');
    expect(mail).toMatch(/^To: partner@acme\.example/m);
    expect(mail).not.toMatch(/^To: (?!partner@acme\.example)/m);
    expect(mail).toMatch(/Support replied to your ticket/);
    expect(mail).not.toContain('<b>');
  });

  it('a status change reaches the partner as TicketStatusChanged, ResourceChanged and a notification', async () => {
    const subject = `Status news ${unique()}`;
    const ticket = await make.ticket(token(ACME), { subject });
    expectEnvelope(
      await server.api('PUT', `/api/v1/tickets/admin/${ticket.id}`, { token: token(SUPPORT), body: { ticketId: ticket.id, status: 'PENDING' } }),
      200,
    );
    const acme = await connect(ACME);
    const status = nextCall<TicketStatusChangedMessage>(acme, 'TicketStatusChanged');
    const changed = nextCall<ResourceChangedMessage>(acme, 'ResourceChanged');
    const notified = nextCall<NotificationMessage>(acme, 'ReceiveNotification');
    const answer = await server.api('PUT', `/api/v1/tickets/admin/${ticket.id}`, { token: token(SUPPORT), body: { ticketId: ticket.id, status: 'RESOLVED' } });
    expectEnvelope(answer, 200);
    expect(await status).toEqual({ ticketId: ticket.id, status: 'RESOLVED', previousStatus: 'PENDING' });
    expect(await changed).toEqual({ resource: 'tickets', id: ticket.id, action: 'updated' });
    expect(await notified).toMatchObject({ title: 'Ticket status changed', message: `"${subject}" is now RESOLVED` });
  });
});
