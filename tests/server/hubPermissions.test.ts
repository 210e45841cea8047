import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { HUB_PATH, HUB_SIGN_IN_ENDED_CLOSE, type UserTypingMessage } from '../../contract/realtime';
import { permission, type Permission } from '../../contract/permissions';
import type { TicketDto } from '../../contract/tickets';
import { createPostgresBackplane } from '../../server/hub/postgresBackplane';
import { expectEnvelope } from './expectations';
import { useDemoServer, type MadeUser } from './factories';
import { eventually, heardBefore, hubClient, linkedBackplanes, nextCall, startHubApp } from './hubHarness';

/**
 * Who hears what on the hub: only the connections whose user may read it through the API, as that user is
 * now. The official client on the app's own hub, fed by the same server that takes the API calls.
 */
const { server, token, userIds, partnerIds, make } = useDemoServer();

const ADMIN = 'admin@example.com';
const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';
const ACME_ADMIN = 'partner.admin@acme.example';

const TICKET_EVENTS = ['TicketMessageCreated', 'TicketStatusChanged', 'ReceiveNotification', 'ResourceChanged', 'UserTyping'];
const TICKET_READ: Permission[] = [permission('Tickets', 'View'), permission('Tickets', 'Search')];
const CHAT_READ: Permission[] = [permission('TicketConversations', 'View'), permission('TicketConversations', 'Search')];

const clients: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
});

async function connect(accessToken: string, transport = HttpTransportType.WebSockets, reconnectDelays?: number[]) {
  const connection = hubClient(`${server.url}${HUB_PATH}`, transport, () => accessToken, { reconnectDelays });
  clients.push(connection);
  await connection.start();
  return connection;
}

const realtime = () => server.built.app.realtime;
const listen = (connection: HubConnection, userId: string, methods = TICKET_EVENTS) => heardBefore(realtime(), connection, userId, methods);
const methodsOf = (calls: { method: string }[]) => calls.map((c) => c.method).sort();

const acmeTicket = () => make.ticket(token(ACME));
const post = (accessToken: string, ticketId: string, body: string) =>
  server.api('POST', `/api/v1/tickets/${ticketId}/messages`, { token: accessToken, body: { body } });
const setStatus = (ticket: TicketDto, status: string) =>
  server.api('PUT', `/api/v1/tickets/admin/${ticket.id}`, { token: token(SUPPORT), body: { ticketId: ticket.id, status } });
const setPermissions = (roleId: string, permissions: Permission[]) =>
  server.api('PUT', `/api/v1/roles/${roleId}/permissions`, { token: token(ADMIN), body: { permissions } });

/** A user of Acme whose only role holds exactly `permissions`. */
const acmeUserWith = (permissions: Permission[]) => make.userWith(permissions, { partnerId: partnerIds['Acme Logistics'] });

describe('ticket events reach only those who may read the ticket', () => {
  it("a partner role without the ticket permissions hears none of a ticket's chat, status, notifications or list changes", async () => {
    const [outsider, ticket] = await Promise.all([acmeUserWith([permission('Dashboard', 'View')]), acmeTicket()]);
    const [member, stranger] = await Promise.all([connect(token(ACME)), connect(outsider.token)]);
    const memberHeard = listen(member, userIds[ACME]);
    const strangerHeard = listen(stranger, outsider.id);

    expectEnvelope(await post(token(SUPPORT), ticket.id, 'We are on it.'), 201);
    expectEnvelope(await setStatus(ticket, 'PENDING'), 200);

    expect(methodsOf(await memberHeard.settle())).toEqual([
      'ReceiveNotification',
      'ReceiveNotification',
      'ResourceChanged',
      'ResourceChanged',
      'TicketMessageCreated',
      'TicketStatusChanged',
    ]);
    expect(await strangerHeard.settle()).toEqual([]);
  });

  it('a staff role without Tickets.AdminView hears nothing of partners’ tickets; Support does', async () => {
    const deskWithoutAdminView = await make.userWith([...TICKET_READ, ...CHAT_READ], { partnerId: null });
    const [support, desk] = await Promise.all([connect(token(SUPPORT)), connect(deskWithoutAdminView.token)]);
    const supportHeard = listen(support, userIds[SUPPORT]);
    const deskHeard = listen(desk, deskWithoutAdminView.id);

    const ticket = await acmeTicket();
    expectEnvelope(await post(token(ACME), ticket.id, 'Here is the bank letter.'), 201);

    expect(methodsOf(await supportHeard.settle())).toEqual([
      'ReceiveNotification',
      'ReceiveNotification',
      'ResourceChanged',
      'ResourceChanged',
      'TicketMessageCreated',
    ]);
    expect(await deskHeard.settle()).toEqual([]);
  });

  it('the chat needs the conversations permission: without it a partner hears status changes and list changes, not messages', async () => {
    const [reader, ticket] = await Promise.all([acmeUserWith(TICKET_READ), acmeTicket()]);
    const connection = await connect(reader.token);
    const heard = listen(connection, reader.id);

    expectEnvelope(await post(token(SUPPORT), ticket.id, 'Secret chat'), 201);
    expectEnvelope(await setStatus(ticket, 'PENDING'), 200);

    const calls = await heard.settle();
    expect(methodsOf(calls)).toEqual(['ReceiveNotification', 'ResourceChanged', 'ResourceChanged', 'TicketStatusChanged']);
    expect(JSON.stringify(calls)).not.toContain('Secret chat');
    expect(calls.find((c) => c.method === 'ReceiveNotification')?.payload).toMatchObject({ key: 'tickets.notifications.status' });
  });

  it('an offline creator who may no longer read the chat gets no mail quoting the reply; one who may does', async () => {
    const creator = await acmeUserWith([...TICKET_READ, permission('Tickets', 'Create'), ...CHAT_READ]);
    const [theirs, another] = await Promise.all([make.ticket(creator.token), acmeTicket()]);
    expectEnvelope(await setPermissions(creator.role.id, [...TICKET_READ, permission('Tickets', 'Create')]), 200);
    const mailsTo = (email: string) => server.outbox().filter((mail) => mail.includes(`To: ${email}`));
    const [creatorMails, otherMails] = [mailsTo(creator.email).length, mailsTo(ACME).length];

    expectEnvelope(await post(token(SUPPORT), theirs.id, 'Quoted in a mail?'), 201);
    expectEnvelope(await post(token(SUPPORT), another.id, 'Quoted in a mail.'), 201);
    // The second reply's mail is written after the first reply's check: once it is there, the first is decided.
    await eventually(() => mailsTo(ACME).length > otherMails, 5000, 'the reply mail to the allowed creator');
    expect(mailsTo(creator.email)).toHaveLength(creatorMails);
  });

  it('JoinTicket answers false without the conversations permission', async () => {
    const reader = await acmeUserWith(TICKET_READ);
    const [withoutChat, member] = await Promise.all([connect(reader.token), connect(token(ACME))]);
    const ticket = await acmeTicket();
    expect(await withoutChat.invoke('JoinTicket', ticket.id)).toBe(false);
    expect(await member.invoke('JoinTicket', ticket.id)).toBe(true);
  });

  it('Typing to a ticket not joined reaches nobody', async () => {
    const [listener, typist] = await Promise.all([connect(token(ACME)), connect(token(ACME_ADMIN))]);
    const [joinedByBoth, notJoinedByTypist] = await Promise.all([acmeTicket(), acmeTicket()]);
    for (const ticket of [joinedByBoth, notJoinedByTypist]) expect(await listener.invoke('JoinTicket', ticket.id)).toBe(true);
    expect(await typist.invoke('JoinTicket', joinedByBoth.id)).toBe(true);

    const typing: UserTypingMessage[] = [];
    listener.on('UserTyping', (message: UserTypingMessage) => typing.push(message));
    const typed = nextCall<UserTypingMessage>(listener, 'UserTyping');
    // Handled in this order: a relayed Typing to the ticket not joined would arrive first.
    await typist.send('Typing', notJoinedByTypist.id);
    await typist.send('Typing', joinedByBoth.id);
    expect((await typed).ticketId).toBe(joinedByBoth.id);
    expect(typing.map((t) => t.ticketId)).toEqual([joinedByBoth.id]);
  });
});

describe('a change of roles or permissions applies to open connections at once', () => {
  it('a member who loses the conversations permission stops hearing the chat and leaves the ticket group', async () => {
    const [member, ticket] = await Promise.all([acmeUserWith([...TICKET_READ, ...CHAT_READ]), acmeTicket()]);
    const [connection, typist] = await Promise.all([connect(member.token), connect(token(ACME))]);
    expect(await connection.invoke('JoinTicket', ticket.id)).toBe(true);
    expect(await typist.invoke('JoinTicket', ticket.id)).toBe(true);

    expectEnvelope(await setPermissions(member.role.id, TICKET_READ), 200);
    const heard = listen(connection, member.id);
    expectEnvelope(await post(token(SUPPORT), ticket.id, 'Not for you any more'), 201);
    expect(methodsOf(await heard.settle())).toEqual(['ResourceChanged']);

    // Given the permission back, it is no longer in the ticket's group: Typing there passes it by until it joins again.
    expectEnvelope(await setPermissions(member.role.id, [...TICKET_READ, ...CHAT_READ]), 200);
    const typingHeard = listen(connection, member.id, ['UserTyping']);
    await typist.send('Typing', ticket.id);
    await typist.invoke('LeaveTicket', 'another ticket'); // answered after the Typing was handled, so before the marker is sent
    expect(await typingHeard.settle()).toEqual([]);
    expect(await connection.invoke('JoinTicket', ticket.id)).toBe(true);
    const typed = nextCall<UserTypingMessage>(connection, 'UserTyping');
    await typist.send('Typing', ticket.id);
    expect((await typed).ticketId).toBe(ticket.id);
  });

  it('a role given the ticket permissions hears the next event without reconnecting', async () => {
    const newcomer = await acmeUserWith([permission('Dashboard', 'View')]);
    const connection = await connect(newcomer.token);
    const ticket = await acmeTicket();
    expectEnvelope(await setPermissions(newcomer.role.id, [...TICKET_READ, ...CHAT_READ]), 200);
    const message = nextCall(connection, 'TicketMessageCreated');
    const answer = await post(token(SUPPORT), ticket.id, 'Welcome aboard');
    expectEnvelope(answer, 201);
    expect(await message).toEqual(answer.body.data);
  });

  it('a user moved to another partner hears that partner’s tickets and no longer the old one’s', async () => {
    const mover = await acmeUserWith([...TICKET_READ, ...CHAT_READ]);
    const connection = await connect(mover.token);
    const [acme, globex] = await Promise.all([acmeTicket(), make.ticket(token('partner@globex.example'))]);
    const moved = await server.api('PUT', `/api/v1/users/${mover.id}`, {
      token: token(ADMIN),
      body: { firstName: 'Moved', lastName: 'User', partnerId: partnerIds['Globex Trading'] },
    });
    expectEnvelope(moved, 200);

    const heard = listen(connection, mover.id, ['TicketMessageCreated']);
    expectEnvelope(await post(token(SUPPORT), acme.id, 'For Acme'), 201);
    expectEnvelope(await post(token(SUPPORT), globex.id, 'For Globex'), 201);
    expect((await heard.settle()).map((c) => (c.payload as { ticketId: string }).ticketId)).toEqual([globex.id]);
  });
});

describe.each([
  ['WebSockets', HttpTransportType.WebSockets],
  ['LongPolling', HttpTransportType.LongPolling],
] as const)('an account that ends closes its connections at once, over %s', (_name, transport) => {
  const closedFor = async (user: MadeUser, end: () => Promise<unknown>) => {
    const connection = await connect(user.token, transport, [0, 0]);
    let reconnecting = false;
    connection.onreconnecting(() => (reconnecting = true));
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await end();
    const error = await closed;
    return { error, reconnecting, state: connection.state };
  };

  it('deactivation closes them with the reason and no reconnect', async () => {
    const user = await acmeUserWith(TICKET_READ);
    const outcome = await closedFor(user, async () =>
      expectEnvelope(await server.api('POST', `/api/v1/users/${user.id}/toggle-status`, { token: token(ADMIN) }), 200),
    );
    // The sign-in's own close, on which the open browser leaves for the sign-in page.
    expect(outcome.error?.message).toContain(HUB_SIGN_IN_ENDED_CLOSE);
    expect(outcome.reconnecting).toBe(false);
    expect(outcome.state).toBe(HubConnectionState.Disconnected);
  });

  it('deletion closes them with the reason and no reconnect', async () => {
    const user = await acmeUserWith(TICKET_READ);
    const outcome = await closedFor(user, async () => expectEnvelope(await server.api('DELETE', `/api/v1/users/${user.id}`, { token: token(ADMIN) }), 200));
    expect(outcome.error?.message).toContain(HUB_SIGN_IN_ENDED_CLOSE);
    expect(outcome.reconnecting).toBe(false);
  });
});

describe('ResourceChanged of other resources reaches only their readers', () => {
  it("a change to a partner's user reaches its partner admin and Admin, not its plain users nor Support", async () => {
    const target = await acmeUserWith(TICKET_READ);
    const [admin, partnerAdmin, partnerUser, support] = await Promise.all([ADMIN, ACME_ADMIN, ACME, SUPPORT].map((email) => connect(token(email))));
    const listeners = [
      listen(admin, userIds[ADMIN], ['ResourceChanged']),
      listen(partnerAdmin, userIds[ACME_ADMIN], ['ResourceChanged']),
      listen(partnerUser, userIds[ACME], ['ResourceChanged']),
      listen(support, userIds[SUPPORT], ['ResourceChanged']),
    ];
    expectEnvelope(await server.api('PUT', `/api/v1/users/${target.id}`, { token: token(ADMIN), body: { firstName: 'Renamed', lastName: 'User' } }), 200);
    const change = { method: 'ResourceChanged', payload: { resource: 'users', id: target.id, action: 'updated' } };
    const [toAdmin, toPartnerAdmin, toPartnerUser, toSupport] = await Promise.all(listeners.map((l) => l.settle()));
    expect(toAdmin).toEqual([change]);
    expect(toPartnerAdmin).toEqual([change]);
    expect(toPartnerUser).toEqual([]);
    expect(toSupport).toEqual([]);
  });

  it('a change to a partner reaches holders of the partners permission, whoever they are, and nobody else', async () => {
    const [support, partnerUser] = await Promise.all([connect(token(SUPPORT)), connect(token(ACME))]);
    const [supportHeard, partnerHeard] = [listen(support, userIds[SUPPORT], ['ResourceChanged']), listen(partnerUser, userIds[ACME], ['ResourceChanged'])];
    const partner = await make.partner();
    expect(await supportHeard.settle()).toEqual([{ method: 'ResourceChanged', payload: { resource: 'partners', id: partner.id, action: 'created' } }]);
    expect(await partnerHeard.settle()).toEqual([]);
  });

  it('a change to a role reaches holders of the roles permission only', async () => {
    const role = await make.role();
    const [admin, support] = await Promise.all([connect(token(ADMIN)), connect(token(SUPPORT))]);
    const [adminHeard, supportHeard] = [listen(admin, userIds[ADMIN], ['ResourceChanged']), listen(support, userIds[SUPPORT], ['ResourceChanged'])];
    expectEnvelope(await setPermissions(role.id, [permission('Dashboard', 'View')]), 200);
    expect(await adminHeard.settle()).toEqual([{ method: 'ResourceChanged', payload: { resource: 'roles', id: role.id, action: 'updated' } }]);
    expect(await supportHeard.settle()).toEqual([]);
  });
});

describe('on every instance', () => {
  it('a user deactivated on one instance loses the connections held by another, and a role change there narrows them', async () => {
    const databaseUrl = server.config.databaseUrl;
    // In the PostgreSQL pass the instances share LISTEN/NOTIFY on the test database; otherwise an in-process link.
    const channel = `hub_permissions_${Date.now()}`;
    const backplanes = databaseUrl
      ? await Promise.all([0, 1].map(() => createPostgresBackplane({ connectionString: databaseUrl, log: server.built.app.log, channel })))
      : linkedBackplanes(2);
    const [here, there] = await Promise.all(backplanes.map((backplane) => startHubApp(server, { backplane })));
    // These hub-only instances have no tickets module: who may follow a ticket's chat is who reads chats.
    for (const instance of [here, there])
      instance.realtime.setJoinTicketCheck(async (principal) => principal.permissions.has(permission('TicketConversations', 'View')));
    const open = async (hubUrl: string, accessToken: string) => {
      const connection = hubClient(hubUrl, HttpTransportType.WebSockets, () => accessToken, { reconnectDelays: [0] });
      clients.push(connection);
      await connection.start();
      return connection;
    };
    try {
      const [leaving, narrowed] = await Promise.all([acmeUserWith(TICKET_READ), acmeUserWith([...TICKET_READ, ...CHAT_READ])]);
      const goingAway = await open(there.hubUrl, leaving.token);
      const closed = new Promise<Error | undefined>((resolve) => goingAway.onclose(resolve));
      expectEnvelope(await server.api('POST', `/api/v1/users/${leaving.id}/toggle-status`, { token: token(ADMIN) }), 200);
      // The change is announced where it was made: on the bus of `here`.
      void here.events.publish({ type: 'UserDeactivated', userId: leaving.id, partnerId: leaving.dto.partnerId });
      expect((await closed)?.message).toMatch(/account is no longer active/);

      const [listener, typist] = await Promise.all([open(there.hubUrl, narrowed.token), open(here.hubUrl, token(ACME))]);
      for (const connection of [listener, typist]) expect(await connection.invoke('JoinTicket', 'T-1')).toBe(true);
      expectEnvelope(await setPermissions(narrowed.role.id, TICKET_READ), 200);
      void here.events.publish({ type: 'RoleChanged', roleIds: [narrowed.role.id], userIds: null });
      // Sent from `here` after the change, as the marker is: in the order published.
      const heard = heardBefore(here.realtime, listener, narrowed.id, ['UserTyping']);
      await typist.send('Typing', 'T-1');
      await typist.invoke('LeaveTicket', 'T-2');
      expect(await heard.settle()).toEqual([]);
    } finally {
      await Promise.all([here.close(), there.close()]);
    }
  });
});
