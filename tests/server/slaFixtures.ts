import { eq } from 'drizzle-orm';
import { WEEKDAYS, type ServiceLevelSettings } from '../../contract/serviceLevels';
import type { Db } from '../../server/db/client';
import { tickets, ticketStatusChanges } from '../../server/db/schema';

/** Open all day every day in UTC: states then depend on elapsed minutes alone, whatever the time the test runs. */
export const ALWAYS_OPEN: ServiceLevelSettings = {
  calendar: {
    timeZone: 'UTC',
    week: Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '00:00', end: '24:00' }]])) as ServiceLevelSettings['calendar']['week'],
    holidays: [],
  },
  targets: {
    LOW: { firstResponse: 600, resolution: 6000 },
    NORMAL: { firstResponse: 10, resolution: 100 },
    HIGH: { firstResponse: 5, resolution: 50 },
    URGENT: { firstResponse: 2, resolution: 20 },
  },
};

/** Moves a ticket's creation and history `minutes` into the past. */
export async function age(db: Db, ticketId: string, minutes: number) {
  const shift = minutes * 60_000;
  const [row] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
  await db
    .update(tickets)
    .set({ createdAt: new Date(row.createdAt.getTime() - shift) })
    .where(eq(tickets.id, ticketId));
  for (const change of await db.select().from(ticketStatusChanges).where(eq(ticketStatusChanges.ticketId, ticketId)))
    await db
      .update(ticketStatusChanges)
      .set({ changedAt: new Date(change.changedAt.getTime() - shift) })
      .where(eq(ticketStatusChanges.id, change.id));
}
