import { HttpTransportType, type HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../contract/realtime';
import type { TicketMessageDto, TicketReadMessage, TicketReadState } from '../../contract/tickets';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { heardBefore, hubClient, nextCall } from './hubHarness';

/** "Seen" as the other side hears it: TicketRead on the ticket's group, over the official SignalR client. */
const { server, make, token, userIds } = useDemoServer();
const clients: HubConnection[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop().catch(() => {})));
});

const SUPPORT = 'support@example.com';
const ACME = 'partner@acme.example';
const ACME_ADMIN = 'partner.admin@acme.example';
const GLOBEX = 'partner@globex.example';

async function connect(email: string) {
  const connection = hubClient(`${server.url}${HUB_PATH}`, HttpTransportType.WebSockets, () => token(email));
  clients.push(connection);
  await connection.start();
  return connection;
}

const post = async (email: string, ticketId: string, body: string) =>
  expectEnvelope(await server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticketId}/messages`, { token: token(email), body: { body } }), 201).body.data!;

const read = async (email: string, ticketId: string, messageId: string) =>
  expectEnvelope(await server.api<TicketReadState>('PUT', `/api/v1/tickets/${ticketId}/reads`, { token: token(email), body: { messageId } }), 200).body.data;

const listen = (connection: HubConnection, email: string) => heardBefore(server.built.app.realtime, connection, userIds[email], ['TicketRead']);

describe('TicketRead', () => {
  it('reaches staff following the ticket when the partner reads a reply', async () => {
    const ticket = await make.ticket(token(ACME));
    const reply = await post(SUPPORT, ticket.id, 'We have sent the invoice again.');
    const staff = await connect(SUPPORT);
    expect(await staff.invoke('JoinTicket', ticket.id)).toBe(true);
    const heard = nextCall<TicketReadMessage>(staff, 'TicketRead');
    await read(ACME, ticket.id, reply.id);
    expect(await heard).toEqual({ ticketId: ticket.id, side: 'partner', userId: userIds[ACME], readUpTo: reply.createdAt });
  });

  it('reaches the partner following the ticket when staff read, and never another partner', async () => {
    const ticket = await make.ticket(token(ACME));
    const question = await post(ACME, ticket.id, 'Is the contract signed?');
    const [acme, globex] = await Promise.all([connect(ACME_ADMIN), connect(GLOBEX)]);
    expect(await acme.invoke('JoinTicket', ticket.id)).toBe(true);
    expect(await globex.invoke('JoinTicket', ticket.id)).toBe(false);
    const heard = nextCall<TicketReadMessage>(acme, 'TicketRead');
    const overheard = listen(globex, GLOBEX);
    await read(SUPPORT, ticket.id, question.id);
    expect(await heard).toEqual({ ticketId: ticket.id, side: 'staff', userId: userIds[SUPPORT], readUpTo: question.createdAt });
    expect(await overheard.settle()).toEqual([]);
  });

  it('is sent once: reading the same message again, or an older one, or behind a reader of the same side, publishes nothing', async () => {
    const ticket = await make.ticket(token(ACME));
    const first = await post(SUPPORT, ticket.id, 'First answer');
    const second = await post(SUPPORT, ticket.id, 'Second answer');
    const staff = await connect(SUPPORT);
    expect(await staff.invoke('JoinTicket', ticket.id)).toBe(true);
    const heard = listen(staff, SUPPORT);
    await read(ACME, ticket.id, second.id);
    await read(ACME, ticket.id, second.id);
    await read(ACME, ticket.id, first.id);
    await read(ACME_ADMIN, ticket.id, first.id);
    await read(ACME_ADMIN, ticket.id, second.id);
    expect((await heard.settle()).map((call) => call.payload)).toEqual([
      { ticketId: ticket.id, side: 'partner', userId: userIds[ACME], readUpTo: second.createdAt },
    ]);
  });
});
