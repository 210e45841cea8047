/**
 * An instance's presence in a process of its own, for hubPresence.test.ts to kill -9: it marks one connection
 * of a user online, prints "ready" once the row is written, and keeps beating until it is killed.
 * Arguments: database URL, user id, heartbeat ms, expiry ms.
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../../server/db/client';
import { createPresence } from '../../server/hub/presence';
import { hubPresence } from '../../server/hub/presence.schema';

const [databaseUrl, userId, heartbeatMs, ttlMs] = process.argv.slice(2);
const { db } = await openDatabase({ databaseUrl, poolSize: 2 });
const presence = createPresence({ db, log: pino({ level: 'silent' }), timing: { heartbeatMs: Number(heartbeatMs), ttlMs: Number(ttlMs) } });
presence.online({ id: `doomed-${process.pid}`, user: { id: userId } });
while (
  (
    await db
      .select()
      .from(hubPresence)
      .where(eq(hubPresence.connectionId, `doomed-${process.pid}`))
  ).length === 0
) {
  await new Promise((resolve) => setTimeout(resolve, 20));
}
console.log('ready');
// The heartbeat's timer does not hold a process open; this does, until the kill.
setInterval(() => {}, 60_000);
