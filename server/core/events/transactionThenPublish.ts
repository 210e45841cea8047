import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { DomainEvent } from './domainEvent';

/**
 * A transaction whose events go out once it has committed: `work` queues them with `publish` as it decides
 * them; their in-transaction handlers (`ctx.events.handleInTransaction`) run before the commit; a rollback
 * (anything thrown) publishes none. Resolves once this instance's subscribers have heard them (other instances
 * hear them through the channel, which this does not wait for, access changes excepted: see PublishOptions). Not for a transaction nested in another (its commit is the outer one's).
 */
export async function transactionThenPublish<T>(
  ctx: Pick<AppContext, 'db' | 'events'>,
  work: (tx: Db, publish: (event: DomainEvent) => void) => Promise<T>,
): Promise<T> {
  const queued: DomainEvent[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const done = await work(tx as unknown as Db, (event) => void queued.push(event));
    await ctx.events.runInTransaction(tx as unknown as Db, queued);
    return done;
  });
  await Promise.all(queued.map((event) => ctx.events.publish(event)));
  return result;
}
