import { sql, type SQL } from 'drizzle-orm';
import type { TicketSla } from '../../../../contract/serviceLevels';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema';
import { serviceLevelsInForce } from './serviceLevels.service';
import { slaClock } from './slaClock';
import { selectManySlaFacts } from './ticketSla';

/**
 * When a ticket's SLA is due: the earliest due time its targets show, that is a running target's (the first response
 * while one is awaited, else the resolution) or a breached one's; null when none runs nor is breached (met, paused in
 * time, finished, merged). A running clock's due time is the same instant at every read, so pages agree.
 */
function dueAtOf(sla: TicketSla): string | null {
  const dues = [sla.firstResponse?.dueAt, sla.resolution?.dueAt].filter((at): at is string => !!at);
  return dues.length ? dues.reduce((a, b) => (a < b ? a : b)) : null;
}

/**
 * What a search sorts `sla` by: each ticket's due time. It is computed from the history and the business calendar
 * (it is stored nowhere: a stored one would miss changes made outside the services and calendar saves), by the one
 * clock, for the OPEN and PENDING tickets `where` picks (no other has one), and handed to the query as one JSON
 * object keyed by id, so the database orders and pages as for any column; the others read null.
 */
export async function slaDueOrder(db: Db, where: SQL | undefined, now = new Date()): Promise<SQL> {
  const { settings, hours } = await serviceLevelsInForce(db);
  const picked = sql`t.status in ('OPEN', 'PENDING') and t.merged_into_id is null
    and t.id in (select ${tickets.id} from ${tickets} where ${where ?? sql`true`})`;
  const dues: Record<string, string> = {};
  for await (const facts of selectManySlaFacts(db, picked)) {
    const due = dueAtOf(slaClock(facts, hours, settings.targets[facts.priority], now));
    if (due) dues[facts.id] = due;
  }
  return sql`(${JSON.stringify(dues)}::jsonb ->> ${tickets.id}::text)::timestamptz`;
}
