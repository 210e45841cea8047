import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionState, TransferFormat, type HubConnection, type HubMessage, type IHubProtocol } from '@microsoft/signalr';
import type { NotificationMessage, ResourceChangedMessage, UserTypingMessage } from '../../contract/realtime';
import { eventually, heardBefore, nextCall, sleep, startHubServer, type HubTestServer } from './hubHarness';

/**
 * The official @microsoft/signalr client against our hub, once per transport: what a browser on each
 * transport gets must not differ.
 */
let server: HubTestServer;
let admin: { token: string; id: string };
let acme: { token: string; id: string; partnerId: string };
let globex: { token: string; id: string; partnerId: string };

beforeAll(async () => {
  server = await startHubServer();
  const user = async (email: string) => {
    const token = await server.token(email);
    const claims = server.claims(token);
    return { token, id: claims.sub, partnerId: claims.partnerId ?? '' };
  };
  [admin, acme, globex] = await Promise.all([user('admin@example.com'), user('partner@acme.example'), user('partner@globex.example')]);
  // Ticket T-ACME belongs to Acme; staff may follow every ticket.
  server.realtime.setJoinTicketCheck(async (principal, ticketId) => ticketId === 'T-ACME' && (!principal.partnerId || principal.partnerId === acme.partnerId));
});
afterEach(() => server.stopClients());

/** What `user`'s connection hears of `methods` until a marker sent after the action arrives. */
const listen = (connection: HubConnection, user: { id: string }, ...methods: string[]) => heardBefore(server.realtime, connection, user.id, methods);
const nothingHeard = async (...listeners: ReturnType<typeof listen>[]) => (await Promise.all(listeners.map((l) => l.settle()))).flat();
afterAll(() => server.close());

/** A protocol the server does not speak: the handshake must refuse it. */
class XmlProtocol implements IHubProtocol {
  readonly name = 'xml';
  readonly version = 1;
  readonly transferFormat = TransferFormat.Text;
  parseMessages(): HubMessage[] {
    return [];
  }
  writeMessage(message: HubMessage) {
    return `${JSON.stringify(message)}\x1e`;
  }
}

const TRANSPORTS = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

describe.each(TRANSPORTS)('the hub over %s', (_name, transport) => {
  const connect = async (token: string) => {
    const connection = server.client(transport, () => token);
    await connection.start();
    return connection;
  };

  it('starts and answers invocations with their results, 0, false and null included', async () => {
    const connection = await connect(acme.token);
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(connection.connectionId).toMatch(/^[\w-]{22}$/);
    expect(await connection.invoke('Echo', 0)).toBe(0);
    expect(await connection.invoke('Echo', false)).toBe(false);
    expect(await connection.invoke('Echo', null)).toBeNull();
    expect(await connection.invoke('echo', { nested: ['x', 1] })).toEqual({ nested: ['x', 1] });
    expect(await connection.invoke('JoinTicket', 'T-UNKNOWN')).toBe(false);
    expect(await connection.invoke('JoinTicket', 'T-ACME')).toBe(true);
    expect(await connection.invoke('LeaveTicket', 'T-ACME')).toBeUndefined();
  });

  it('refuses unknown methods, wrong argument counts and bad arguments with an error completion', async () => {
    const connection = await connect(acme.token);
    await expect(connection.invoke('DropDatabase')).rejects.toThrow(/Method does not exist/);
    await expect(connection.invoke('JoinTicket')).rejects.toThrow(/provides 0 argument\(s\) but target expects 1/);
    await expect(connection.invoke('JoinTicket', 42)).rejects.toThrow(/HubException: ticketId must be a non-empty string/);
    expect(connection.state).toBe(HubConnectionState.Connected);
  });

  it('a send gets no reply; Typing reaches the other members of the ticket only', async () => {
    const [typist, listener, outsider] = await Promise.all([connect(admin.token), connect(acme.token), connect(globex.token)]);
    expect(await typist.invoke('JoinTicket', 'T-ACME')).toBe(true);
    expect(await listener.invoke('JoinTicket', 'T-ACME')).toBe(true);
    expect(await outsider.invoke('JoinTicket', 'T-ACME')).toBe(false);
    const heard = nextCall<UserTypingMessage>(listener, 'UserTyping');
    const echoed = listen(typist, admin, 'UserTyping');
    const overheard = listen(outsider, globex, 'UserTyping');
    await typist.send('Typing', 'T-ACME');
    expect(await heard).toEqual({ ticketId: 'T-ACME', userId: admin.id, fullName: expect.any(String) });
    expect(await echoed.settle()).toEqual([]);
    expect(await overheard.settle()).toEqual([]);
  });

  it('sendToUser reaches that user and nobody else', async () => {
    const [mine, theirs] = await Promise.all([connect(acme.token), connect(globex.token)]);
    const notification: NotificationMessage = {
      id: 'n1',
      title: 'Form approved',
      message: 'Your onboarding form was approved',
      link: '/partner-forms',
      createdAt: new Date().toISOString(),
    };
    const received = nextCall<NotificationMessage>(mine, 'ReceiveNotification');
    const overheard = listen(theirs, globex, 'ReceiveNotification');
    server.realtime.sendToUser(acme.id, 'ReceiveNotification', notification);
    expect(await received).toEqual(notification);
    expect(await overheard.settle()).toEqual([]);
  });

  it('group sends reach the members of the ticket, the partner or the staff only', async () => {
    const [staff, acmeUser, globexUser] = await Promise.all([connect(admin.token), connect(acme.token), connect(globex.token)]);
    expect(await acmeUser.invoke('JoinTicket', 'T-ACME')).toBe(true);

    const status = { ticketId: 'T-ACME', status: 'IN_PROGRESS' };
    const ticketHeard = nextCall(acmeUser, 'TicketStatusChanged');
    const ticketOverheard = [listen(staff, admin, 'TicketStatusChanged'), listen(globexUser, globex, 'TicketStatusChanged')];
    server.realtime.sendToTicket('T-ACME', 'TicketStatusChanged', status);
    expect(await ticketHeard).toEqual(status);
    expect(await nothingHeard(...ticketOverheard)).toEqual([]);

    const change: ResourceChangedMessage = { resource: 'partner-forms', id: 'f1', action: 'updated' };
    const partnerHeard = nextCall(globexUser, 'ResourceChanged');
    const partnerOverheard = [listen(staff, admin, 'ResourceChanged'), listen(acmeUser, acme, 'ResourceChanged')];
    server.realtime.sendToPartner(globex.partnerId, 'ResourceChanged', change);
    expect(await partnerHeard).toEqual(change);
    expect(await nothingHeard(...partnerOverheard)).toEqual([]);

    const staffHeard = nextCall(staff, 'ResourceChanged');
    const staffOverheard = [listen(acmeUser, acme, 'ResourceChanged'), listen(globexUser, globex, 'ResourceChanged')];
    server.realtime.sendToStaff('ResourceChanged', change);
    expect(await staffHeard).toEqual(change);
    expect(await nothingHeard(...staffOverheard)).toEqual([]);
  });

  it('relays ResourceChanged domain events to staff and to the partner concerned', async () => {
    const [staff, acmeUser, globexUser] = await Promise.all([connect(admin.token), connect(acme.token), connect(globex.token)]);
    const staffHeard = nextCall(staff, 'ResourceChanged');
    const acmeHeard = nextCall(acmeUser, 'ResourceChanged');
    const overheard = listen(globexUser, globex, 'ResourceChanged');
    // Tickets: a partner's users and staff with AdminView read them (hubPermissions.test.ts checks who may not).
    server.events.publish({ type: 'ResourceChanged', resource: 'tickets', id: 't1', action: 'created', partnerId: acme.partnerId });
    expect(await staffHeard).toEqual({ resource: 'tickets', id: 't1', action: 'created' });
    expect(await acmeHeard).toEqual({ resource: 'tickets', id: 't1', action: 'created' });
    expect(await overheard.settle()).toEqual([]);

    const staffOnly = nextCall(staff, 'ResourceChanged');
    const partnersOverheard = [listen(acmeUser, acme, 'ResourceChanged'), listen(globexUser, globex, 'ResourceChanged')];
    server.events.publish({ type: 'ResourceChanged', resource: 'roles', id: 'r1', action: 'updated' });
    expect(await staffOnly).toEqual({ resource: 'roles', id: 'r1', action: 'updated' });
    expect(await nothingHeard(...partnersOverheard)).toEqual([]);
  });

  it('keeps an idle connection open well past the server and client timeouts', async () => {
    const connection = await connect(acme.token);
    let closed: Error | undefined | null = null;
    connection.onclose((error) => (closed = error));
    await sleep(2500); // client and server time out after 1 s of silence
    expect(closed).toBeNull();
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(await connection.invoke('Echo', 'still here')).toBe('still here');
  });

  it('closes the connection when its token expires, saying why', async () => {
    const connection = await connect(await server.shortLivedToken('partner@acme.example', 2));
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    const error = await closed;
    expect(error?.message).toMatch(/access token has expired/);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
  });

  it('reconnects after a Close that allows it, with a fresh token, and is reachable again', async () => {
    let token = await server.shortLivedToken('partner@acme.example', 2);
    const connection = server.client(transport, () => token, { reconnectDelays: [0] });
    await connection.start();
    const firstId = connection.connectionId;
    const reconnecting = new Promise<Error | undefined>((resolve) =>
      connection.onreconnecting((error) => {
        token = acme.token; // what the app's token refresh would hand over
        resolve(error);
      }),
    );
    const reconnected = new Promise<string | undefined>((resolve) => connection.onreconnected(resolve));
    expect((await reconnecting)?.message).toMatch(/access token has expired/);
    const secondId = await reconnected;
    expect(secondId).toBeTruthy();
    expect(secondId).not.toBe(firstId);
    const received = nextCall(connection, 'ReceiveNotification');
    const notification = { id: 'n2', title: 'Back', message: 'Reconnected', createdAt: new Date().toISOString() };
    server.realtime.sendToUser(acme.id, 'ReceiveNotification', notification);
    expect(await received).toEqual(notification);
  });

  it('fails start() when the client asks for a protocol the server does not speak', async () => {
    const connection = server.client(transport, () => acme.token, { protocol: new XmlProtocol() });
    await expect(connection.start()).rejects.toThrow(/handshake error: The protocol 'xml' is not supported/);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
  });

  it('fails start() without a valid token', async () => {
    await expect(server.client(transport, () => '').start()).rejects.toThrow(/401/);
    await expect(server.client(transport, () => 'not-a-jwt').start()).rejects.toThrow(/401/);
  });

  it('forgets a stopped connection', async () => {
    const connection = await connect(acme.token);
    await eventually(() => server.realtime.stats().connections >= 1);
    await connection.stop();
    await eventually(() => server.realtime.stats().connections === 0, 3000, 'no connection left');
  });
});
