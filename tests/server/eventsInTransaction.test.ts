import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { transactionThenPublish, type DomainEvent } from '../../server/core/events';
import { partners } from '../../server/db/schema';
import { expectEnvelope } from './expectations';
import { recordEvents } from './eventRecorder';
import { unique, useDemoServer } from './factories';

/**
 * In-transaction handlers (`ctx.events.handleInTransaction`): work that commits or rolls back with the change
 * an event reports, as onboarding rules assign the next form in the submit's own transaction.
 */
const { server, token, make } = useDemoServer();
const ctx = () => server.built.ctx;

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** Runs `handler` in the transaction of every PartnerCreated queued while the test runs. */
function onPartnerCreated(handler: Parameters<ReturnType<typeof ctx>['events']['handleInTransaction']>[1]) {
  stops.push(ctx().events.handleInTransaction('PartnerCreated', handler as never));
}

const partnerNamed = async (name: string) => (await ctx().db.select().from(partners).where(eq(partners.name, name))).length;

describe('work done in the transaction of an event', () => {
  it("runs inside the change's transaction: it sees the uncommitted row and its own writes commit with it", async () => {
    const seen: number[] = [];
    onPartnerCreated(async (tx, event) => {
      const rows = await tx
        .select()
        .from(partners)
        .where(eq(partners.id, (event as { partnerId: string }).partnerId));
      seen.push(rows.length);
      await tx
        .update(partners)
        .set({ contactPhone: '+84 90 111 2222' })
        .where(eq(partners.id, (event as { partnerId: string }).partnerId));
    });
    const created = await make.partner();
    expect(seen).toEqual([1]);
    const [row] = await ctx().db.select().from(partners).where(eq(partners.id, created.id));
    expect(row.contactPhone).toBe('+84 90 111 2222');
  });

  it('a handler that throws rolls the whole change back: the partner is not created and nothing is announced', async () => {
    const name = `Rolled back ${unique()}`;
    const heard = recordEvents(ctx().events, 'PartnerCreated', 'ResourceChanged');
    stops.push(() => heard.stop());
    onPartnerCreated(async () => {
      throw new Error('refused by a rule');
    });
    const answer = await server.api('POST', '/api/v1/partners', {
      token: token('admin@example.com'),
      body: { name, email: `${unique()}@partner.example`, type: 'T', address: 'A', phone: '+84 90 000 1234' },
    });
    expectEnvelope(answer, 500);
    expect(await partnerNamed(name)).toBe(0);
    expect(heard.events()).toEqual([]);
  });

  it('events a handler queues run their own handlers in the same transaction and go out after the commit', async () => {
    const order: string[] = [];
    const heard = recordEvents(ctx().events, 'ResourceChanged');
    stops.push(() => heard.stop());
    stops.push(
      ctx().events.handleInTransaction('PartnerFormSubmitted', async () => {
        order.push('second handler, in the transaction');
      }),
    );
    onPartnerCreated(async (_tx, event, publish) => {
      order.push('first handler');
      // Ids as real events carry them: the onboarding rules' handler looks the definition up.
      publish({
        type: 'PartnerFormSubmitted',
        partnerFormId: crypto.randomUUID(),
        partnerId: (event as { partnerId: string }).partnerId,
        definitionId: crypto.randomUUID(),
        actorId: crypto.randomUUID(),
      });
    });
    const id = crypto.randomUUID();
    await transactionThenPublish(ctx(), async (_tx, publish) => {
      publish({ type: 'PartnerCreated', partnerId: id } satisfies DomainEvent);
      publish({ type: 'ResourceChanged', resource: 'partners', id, action: 'created' });
      order.push('work done');
    });
    expect(order).toEqual(['work done', 'first handler', 'second handler, in the transaction']);
    expect(heard.events()).toEqual([{ type: 'ResourceChanged', resource: 'partners', id, action: 'created' }]);
  });

  it('the unsubscribe returned stops the handler', async () => {
    let calls = 0;
    const stop = ctx().events.handleInTransaction('PartnerCreated', async () => {
      calls += 1;
    });
    stop();
    await make.partner();
    expect(calls).toBe(0);
  });
});
