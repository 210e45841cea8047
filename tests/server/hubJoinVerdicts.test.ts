import { describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import Fastify from 'fastify';
import { HUB_PATH } from '../../contract/realtime';
import { permission, type Permission } from '../../contract/permissions';
import { registerErrorHandlers } from '../../server/core/errorHandlers';
import { createEventBus, type InstanceChannel } from '../../server/core/events';
import type { Principal } from '../../server/core/guard';
import { registerRealtimeHub, type JoinTicketCheck } from '../../server/hub';
import { cacheJoinVerdicts } from '../../server/hub/joinVerdicts';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { RawHubSocket, useHubClients } from './hubHarness';

/**
 * JoinTicket keeps its yes answers per ticket and per partner and permissions, so a reconnect storm asks the
 * database once per ticket and partner role. It must still refuse a foreign ticket, a user who changed partner
 * or lost the permission, and ask again once the ticket changed, on every instance.
 */
const { server, token, partnerIds, make } = useDemoServer();
const ACME = 'partner@acme.example';
const GLOBEX = 'partner@globex.example';
const ADMIN = 'admin@example.com';
const CHAT: Permission[] = [permission('Tickets', 'View'), permission('TicketConversations', 'View')];

const connect = useHubClients(() => server.url);
const join = (connection: HubConnection, ticketId: string) => connection.invoke<boolean>('JoinTicket', ticketId);

const principal = (partnerId: string | null, permissions: string[], id = crypto.randomUUID()): Principal => ({
  id,
  email: `${id}@example.com`,
  fullName: 'Someone',
  role: 'Partner',
  rank: 1,
  partnerId,
  permissions: new Set(permissions),
});

/** A check that answers from a table of ticket → partner, as the tickets module would from its rows, counting its calls. */
function countingCheck(ticketsOf: Map<string, string>) {
  const calls: string[] = [];
  const check: JoinTicketCheck = async (who, ticketId) => {
    calls.push(ticketId);
    return who.permissions.has(CHAT[1]!) && ticketsOf.get(ticketId) === who.partnerId;
  };
  return { check, calls };
}

describe('the JoinTicket answers kept', () => {
  it('a yes is reused for the same partner and permissions; another partner or fewer permissions is asked, and refused', async () => {
    const { check, calls } = countingCheck(new Map([['t1', 'acme']]));
    const verdicts = cacheJoinVerdicts(() => check);
    expect(await verdicts.check(principal('acme', CHAT), 't1')).toBe(true);
    expect(await verdicts.check(principal('acme', [...CHAT].reverse()), 't1')).toBe(true);
    expect(calls).toEqual(['t1']);
    expect(await verdicts.check(principal('globex', CHAT), 't1')).toBe(false);
    expect(await verdicts.check(principal('acme', [CHAT[0]!]), 't1')).toBe(false);
    expect(calls).toEqual(['t1', 't1', 't1']);
  });

  it('a no is never kept: a ticket created after a refusal can be joined', async () => {
    const tickets = new Map<string, string>();
    const verdicts = cacheJoinVerdicts(() => countingCheck(tickets).check);
    expect(await verdicts.check(principal('acme', CHAT), 't2')).toBe(false);
    tickets.set('t2', 'acme');
    expect(await verdicts.check(principal('acme', CHAT), 't2')).toBe(true);
  });

  it('a ticket forgotten (or all) is asked again; a yes that was in flight during the forget is not kept', async () => {
    const tickets = new Map([
      ['t3', 'acme'],
      ['t4', 'acme'],
    ]);
    const { check, calls } = countingCheck(tickets);
    const verdicts = cacheJoinVerdicts(() => check);
    const acme = principal('acme', CHAT);
    await Promise.all([verdicts.check(acme, 't3'), verdicts.check(acme, 't4')]);
    verdicts.forget('t3');
    tickets.set('t3', 'globex'); // as if it had moved: the next answer is the check's
    expect(await verdicts.check(acme, 't3')).toBe(false);
    expect(await verdicts.check(acme, 't4')).toBe(true);
    expect(calls).toEqual(['t3', 't4', 't3']);

    const inFlight = verdicts.check(acme, 't5');
    tickets.set('t5', 'acme');
    verdicts.forget(null);
    await inFlight;
    tickets.delete('t5');
    expect(await verdicts.check(acme, 't5')).toBe(false);
  });
});

describe('JoinTicket on the app, with answers kept', () => {
  it("a foreign partner's ticket is refused even right after its own partner joined it", async () => {
    const ticket = await make.ticket(token(ACME));
    const [acme, globex] = await Promise.all([connect(token(ACME)), connect(token(GLOBEX))]);
    expect(await join(acme, ticket.id)).toBe(true);
    expect(await join(globex, ticket.id)).toBe(false);
    expect(await join(acme, ticket.id)).toBe(true);
  });

  it('a member moved to another partner, or whose role lost the chat, is refused the ticket it joined before', async () => {
    const [mover, loser] = await Promise.all([
      make.userWith(CHAT, { partnerId: partnerIds['Acme Logistics'] }),
      make.userWith(CHAT, { partnerId: partnerIds['Acme Logistics'] }),
    ]);
    const ticket = await make.ticket(token(ACME));
    const [moverConnection, loserConnection] = await Promise.all([connect(mover.token), connect(loser.token)]);
    expect(await join(moverConnection, ticket.id)).toBe(true);
    expect(await join(loserConnection, ticket.id)).toBe(true);

    const moved = await server.api('PUT', `/api/v1/users/${mover.id}`, {
      token: token(ADMIN),
      body: { firstName: 'Moved', lastName: 'User', partnerId: partnerIds['Globex Trading'] },
    });
    expectEnvelope(moved, 200);
    expectEnvelope(await server.api('PUT', `/api/v1/roles/${loser.role.id}/permissions`, { token: token(ADMIN), body: { permissions: [CHAT[0]] } }), 200);
    expect(await join(moverConnection, ticket.id)).toBe(false);
    expect(await join(loserConnection, ticket.id)).toBe(false);
  });
});

/** Channels of instances in one process: each message reaches every other instance as text (as PostgreSQL passes it; never its sender). */
function linkedChannels(count: number): InstanceChannel[] {
  const receivers: ((text: string) => void)[] = [];
  return Array.from({ length: count }, (_, index) => ({
    async publish(text) {
      receivers.forEach((receive, other) => other !== index && receive(text));
    },
    isListening: () => true,
    subscribe(receive) {
      receivers[index] = receive;
    },
    async close() {},
  }));
}

describe('answers dropped by event on every instance', () => {
  it("a change of the ticket published on one instance has the other ask again at the ticket's next JoinTicket", async () => {
    const ticket = await make.ticket(token(ACME));
    const [here, there] = linkedChannels(2).map((channel) => createEventBus({ channel }));
    const calls: string[] = [];
    const app = Fastify({ logger: false });
    registerErrorHandlers(app);
    await registerRealtimeHub(app, {
      ctx: { config: server.config, db: server.built.database.db, events: there!, log: app.log },
      canJoinTicket: async (who, ticketId) => {
        calls.push(ticketId);
        return who.partnerId === ticket.partnerId && ticketId === ticket.id;
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const hubUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${HUB_PATH}`;
      const socket = await RawHubSocket.connect(hubUrl, token(ACME));
      const joinRaw = async (invocationId: string) => {
        const from = socket.received.length;
        socket.send({ type: 1, invocationId, target: 'JoinTicket', arguments: [ticket.id] });
        return (await socket.next(from)).result;
      };
      expect(await joinRaw('1')).toBe(true);
      expect(await joinRaw('2')).toBe(true);
      expect(calls).toHaveLength(1);
      await here!.publish({ type: 'ResourceChanged', resource: 'tickets', id: ticket.id, action: 'updated', partnerId: ticket.partnerId });
      expect(await joinRaw('3')).toBe(true);
      expect(calls).toHaveLength(2);
      socket.close();
    } finally {
      app.server.closeAllConnections();
      await app.close();
    }
  });
});
