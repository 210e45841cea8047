import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { permission } from '../../contract/permissions';
import type { TicketMessageDto } from '../../contract/tickets';
import { createCountCache } from '../../server/core/countCache';
import { createEventBus, transactionThenPublish, type DomainEvent, type DomainEventType, type InstanceChannel } from '../../server/core/events';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { recordEvents } from './eventRecorder';

/**
 * Domain events: typed, published after commit on `ctx.events`, heard by every subscriber once. Instances in
 * one process are linked here by a channel that passes JSON as PostgreSQL would; the PostgreSQL pass adds
 * domainEventsAcrossInstances.test.ts.
 */
const { server, token, userIds, make } = useDemoServer();
const ADMIN = 'admin@example.com';
const events = () => server.built.ctx.events;

const recorders: { stop(): void }[] = [];
afterEach(() => recorders.splice(0).forEach((recorder) => recorder.stop()));
/** What the server's bus publishes from now on until the test ends. */
function recordServerEvents<T extends DomainEventType>(...types: T[]) {
  const recorder = recordEvents(events(), ...types);
  recorders.push(recorder);
  return recorder;
}

/** Channels of instances in one process: each message reaches every other instance, as text (never its sender). */
function linkedChannels(count: number) {
  const receivers: ((text: string) => void)[] = [];
  const reconnects: (() => void)[] = [];
  const channels: InstanceChannel[] = Array.from({ length: count }, (_, index) => ({
    async publish(text) {
      receivers.forEach((receive, other) => other !== index && receive(text));
    },
    isListening: () => true,
    subscribe(receive, reconnected) {
      receivers[index] = receive;
      reconnects[index] = reconnected ?? (() => {});
    },
    async close() {},
  }));
  return { channels, loseLink: (index: number) => reconnects[index]() };
}

const partnerCreated = (partnerId: string): DomainEvent => ({ type: 'PartnerCreated', partnerId });

describe('the event bus', () => {
  it('a subscriber hears only the events of its type, each once, as JSON made them', async () => {
    const bus = createEventBus();
    const partners = recordEvents(bus, 'PartnerCreated');
    const published = { type: 'PartnerCreated', partnerId: 'p1', extra: new Date(0) } as unknown as DomainEvent;
    await bus.publish({ type: 'ResourceChanged', resource: 'partners', id: 'p1', action: 'created' });
    await bus.publish(published);
    expect(partners.events()).toEqual([{ type: 'PartnerCreated', partnerId: 'p1', extra: '1970-01-01T00:00:00.000Z' }]);
  });

  it('a failing subscriber neither stops the others nor fails the publisher', async () => {
    const bus = createEventBus();
    bus.subscribe('PartnerCreated', () => {
      throw new Error('broken subscriber');
    });
    bus.subscribe('PartnerCreated', async () => {
      throw new Error('broken asynchronous subscriber');
    });
    const heard = recordEvents(bus, 'PartnerCreated');
    await expect(bus.publish(partnerCreated('p2'))).resolves.toBeUndefined();
    expect(heard.events()).toEqual([partnerCreated('p2')]);
  });

  it("publishing resolves once this instance's subscribers have finished their work", async () => {
    const bus = createEventBus();
    let finished = false;
    bus.subscribe('PartnerCreated', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      finished = true;
    });
    await bus.publish(partnerCreated('p3'));
    expect(finished).toBe(true);
  });

  it('an event published on one instance reaches every instance once, the publisher included', async () => {
    const { channels } = linkedChannels(2);
    const [here, there] = channels.map((channel) => createEventBus({ channel }));
    const [heardHere, heardThere] = [recordEvents(here, 'PartnerCreated'), recordEvents(there, 'PartnerCreated')];
    await here.publish(partnerCreated('p4'));
    expect(heardHere.heard).toEqual([{ event: partnerCreated('p4'), publishedHere: true }]);
    expect(heardThere.heard).toEqual([{ event: partnerCreated('p4'), publishedHere: false }]);
  });

  it('publishing answers once this instance heard the event, without waiting for the other instances; access changes wait', async () => {
    let sent = () => {};
    const channel: InstanceChannel = {
      publish: () => new Promise<void>((resolve) => (sent = resolve)),
      subscribe() {},
      isListening: () => true,
      async close() {},
    };
    const bus = createEventBus({ channel, acrossInstances: ['RoleChanged'] });
    const heard = recordEvents(bus, 'PartnerCreated', 'RoleChanged');
    // The channel never sends: the publish still answers, the subscriber heard it.
    await bus.publish(partnerCreated('p6'));
    expect(heard.events()).toEqual([partnerCreated('p6')]);

    const settled = (promise: Promise<void>) => Promise.race([promise.then(() => 'sent'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 50))]);
    const roleChanged: DomainEvent = { type: 'RoleChanged', roleIds: ['r1'], userIds: null };
    const accessChange = bus.publish(roleChanged);
    expect(await settled(accessChange)).toBe('waiting');
    expect(heard.events()).toEqual([partnerCreated('p6'), roleChanged]);
    sent();
    expect(await settled(accessChange)).toBe('sent');

    const asked = bus.publish(partnerCreated('p7'), { acrossInstances: true });
    expect(await settled(asked)).toBe('waiting');
    sent();
    expect(await settled(asked)).toBe('sent');
  });

  it('an instance that lost its link drops the totals it counted, since changes may have passed it by', async () => {
    const { channels, loseLink } = linkedChannels(1);
    const totals = createCountCache(createEventBus({ channel: channels[0] }), 'partners');
    expect(await totals.get('all', async () => 1)).toBe(1);
    expect(await totals.get('all', async () => 2)).toBe(1);
    loseLink(0);
    expect(await totals.get('all', async () => 2)).toBe(2);
  });

  it("another instance's change of a resource drops this instance's totals of it, not of others", async () => {
    const { channels } = linkedChannels(2);
    const [here, there] = channels.map((channel) => createEventBus({ channel }));
    const [partnerTotals, roleTotals] = [createCountCache(there, 'partners'), createCountCache(there, 'roles')];
    await Promise.all([partnerTotals.get('all', async () => 1), roleTotals.get('all', async () => 1)]);
    await here.publish({ type: 'ResourceChanged', resource: 'partners', id: 'p5', action: 'created' });
    expect(await partnerTotals.get('all', async () => 2)).toBe(2);
    expect(await roleTotals.get('all', async () => 2)).toBe(1);
  });
});

describe('events go out after the change commits', () => {
  it('a transaction that rolls back publishes nothing of what it queued', async () => {
    const bus = createEventBus();
    const heard = recordEvents(bus, 'PartnerCreated');
    const ctx = { db: server.built.database.db, events: bus };
    const failing = transactionThenPublish(ctx, async (tx, publish) => {
      await tx.execute(sql`select 1`);
      publish(partnerCreated('rolled-back'));
      throw new Error('refused inside the transaction');
    });
    await expect(failing).rejects.toThrow('refused inside the transaction');
    expect(heard.events()).toEqual([]);
  });

  it('a transaction publishes what it queued once it has committed, not before', async () => {
    const bus = createEventBus();
    const heard = recordEvents(bus, 'PartnerCreated');
    const heardInside = await transactionThenPublish({ db: server.built.database.db, events: bus }, async (_tx, publish) => {
      publish(partnerCreated('committed'));
      return heard.events().length;
    });
    expect(heardInside).toBe(0);
    expect(heard.events()).toEqual([partnerCreated('committed')]);
  });

  it('a bulk delete refused part-way publishes nothing and deletes nobody', async () => {
    const user = await make.user();
    const heard = recordServerEvents('UserDeleted', 'ResourceChanged');
    // Admin's own id comes second: the first user is deleted inside the transaction, then the refusal undoes it.
    expectEnvelope(await server.api('POST', '/api/v1/users/delete', { token: token(ADMIN), body: { ids: [user.id, userIds[ADMIN]] } }), 403);
    expect(heard.events()).toEqual([]);
    expectEnvelope(await server.api('GET', `/api/v1/users/${user.id}`, { token: token(ADMIN) }), 200);
  });
});

describe('modules publish what changed, as ids', () => {
  it('a partner created publishes PartnerCreated with its id', async () => {
    const heard = recordServerEvents('PartnerCreated');
    const partner = await make.partner();
    expect(heard.events()).toEqual([{ type: 'PartnerCreated', partnerId: partner.id }]);
  });

  it("a role's permissions changed publish RoleChanged for every holder, who is refused at once", async () => {
    const holder = await make.userWith([permission('Partners', 'Search')]);
    expectEnvelope(await server.api('POST', '/api/v1/partners/search', { token: holder.token, body: {} }), 200);
    const heard = recordServerEvents('RoleChanged');
    expectEnvelope(
      await server.api('PUT', `/api/v1/roles/${holder.role.id}/permissions`, { token: token(ADMIN), body: { permissions: [permission('Dashboard', 'View')] } }),
      200,
    );
    expect(heard.events()).toEqual([{ type: 'RoleChanged', roleIds: [holder.role.id], userIds: null }]);
    expectEnvelope(await server.api('POST', '/api/v1/partners/search', { token: holder.token, body: {} }), 403);
  });

  it("a user's roles changed publish RoleChanged naming that user", async () => {
    const user = await make.userWith([permission('Partners', 'Search')]);
    expectEnvelope(await server.api('POST', '/api/v1/partners/search', { token: user.token, body: {} }), 200);
    const heard = recordServerEvents('RoleChanged');
    const body = { userRoles: [{ roleId: user.role.id, enabled: false }] };
    expectEnvelope(await server.api('POST', `/api/v1/users/${user.id}/roles`, { token: token(ADMIN), body }), 200);
    expect(heard.events()).toEqual([{ type: 'RoleChanged', roleIds: [user.role.id], userIds: [user.id] }]);
    expectEnvelope(await server.api('POST', '/api/v1/partners/search', { token: user.token, body: {} }), 403);
  });

  it('deactivating a user publishes UserDeactivated; reactivating, UserChanged', async () => {
    const user = await make.user();
    const heard = recordServerEvents('UserDeactivated', 'UserChanged');
    for (let i = 0; i < 2; i++) expectEnvelope(await server.api('POST', `/api/v1/users/${user.id}/toggle-status`, { token: token(ADMIN) }), 200);
    expect(heard.events().map((e) => [e.type, e.userId])).toEqual([
      ['UserDeactivated', user.id],
      ['UserChanged', user.id],
    ]);
  });

  it('a chat line publishes TicketMessagePosted with the line as answered and its ticket, so its relay reads nothing', async () => {
    const ticket = await make.ticket(token('partner@acme.example'));
    const heard = recordServerEvents('TicketMessagePosted');
    const answer = expectEnvelope(
      await server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: token('support@example.com'), body: { body: 'Short' } }),
      201,
    );
    expect(heard.events()).toEqual([
      {
        type: 'TicketMessagePosted',
        ticketId: ticket.id,
        partnerId: ticket.partnerId,
        messageId: answer.body.data!.id,
        actor: { id: userIds['support@example.com'], partnerId: null },
        ticket: {
          id: ticket.id,
          partnerId: ticket.partnerId,
          partnerName: 'Acme Logistics',
          subject: ticket.subject,
          assigneeId: null,
          createdBy: ticket.createdBy,
        },
        message: answer.body.data,
      },
    ]);
  });

  it('a line too long to travel in one notification to the other instances goes by id (its relay reads it)', async () => {
    const ticket = await make.ticket(token('partner@acme.example'));
    const heard = recordServerEvents('TicketMessagePosted');
    const body = `A long message ${'x'.repeat(9000)}`;
    const answer = expectEnvelope(
      await server.api<TicketMessageDto>('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: token('support@example.com'), body: { body } }),
      201,
    );
    const [event] = heard.events();
    expect(event).toMatchObject({ type: 'TicketMessagePosted', messageId: answer.body.data!.id, message: null });
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThan(1000);
  });
});

describe('module boundaries', () => {
  it("no module's routes or services import the realtime hub: only its realtime/ relays use its delivery, and the hub asks modules through what they register", () => {
    const modulesDir = fileURLToPath(new URL('../../server/modules', import.meta.url));
    const files = fs.readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.split(path.sep).includes('realtime'));
    const importsOfHub = files.filter((file) => /from '(\.\.\/)+hub(\/|')/.test(fs.readFileSync(path.join(modulesDir, file), 'utf8')));
    expect(importsOfHub).toEqual([]);
  });
});
