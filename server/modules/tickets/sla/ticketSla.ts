import { sql } from 'drizzle-orm';
import { DEFAULT_SERVICE_LEVELS, type ServiceLevelSettings, type TicketSla } from '../../../../contract/serviceLevels';
import type { TicketPriority, TicketStatus } from '../../../../contract/tickets';
import type { Db } from '../../../db/client';
import { serviceLevelsInForce } from './serviceLevels.service';
import { turnTaker } from '../../../core/eventLoopTurns';
import { BusinessHoursOf, slaClock, type SlaFacts } from './slaClock';

export interface TicketSlaFacts extends SlaFacts {
  id: string;
  priority: TicketPriority;
  assigneeId: string | null;
  subject: string;
  partnerId: string;
}

interface FactsRow {
  id: string;
  priority: TicketPriority;
  status: TicketStatus;
  assigneeId: string | null;
  subject: string;
  partnerId: string;
  createdAt: string | Date;
  updatedAt: string | Date;
  raisedByStaff: boolean;
  mergedIntoId: string | null;
  firstStaffReplyAt: string | Date | null;
  history: [TicketStatus, string][];
}

/**
 * The columns the SLA clock needs beside a ticket's row (alias t, its creator alias `creator`): whether staff raised
 * it, the first staff reply that is not an internal note nor a system line, and the status history. The hot status
 * change's read selects them too, so its answer carries the SLA without another round trip.
 */
export const SLA_FACT_COLUMNS = `(creator.partner_id is null) as "raisedByStaff",
      (select m.created_at from ticket_messages m join users author on author.id = m.author_id
        where m.ticket_id = t.id and not m.internal and m.system_event is null and author.partner_id is null
        order by m.created_at limit 1) as "firstStaffReplyAt",
      coalesce((select jsonb_agg(jsonb_build_array(c.to_status, c.changed_at) order by c.changed_at, c.id)
        from ticket_status_changes c where c.ticket_id = t.id), '[]'::jsonb) as history`;

/** The saved service level settings as one JSON value (null before the first save), for a read that wants them along. */
export const SLA_SETTINGS_COLUMN = `(select jsonb_build_object('calendar', s.calendar, 'targets', s.targets) from service_level_settings s) as "serviceLevels"`;

/** What the SLA clock needs of some tickets, in one query. `where` picks the tickets (alias t): a page of them. */
export async function selectSlaFacts(db: Db, where: ReturnType<typeof sql>): Promise<TicketSlaFacts[]> {
  const result = (await db.execute(sql`
    select t.id, t.priority, t.status, t.assignee_id as "assigneeId", t.subject, t.partner_id as "partnerId",
      t.created_at as "createdAt", t.updated_at as "updatedAt", t.merged_into_id as "mergedIntoId", ${sql.raw(SLA_FACT_COLUMNS)}
    from tickets t join users creator on creator.id = t.created_by
    where ${where}`)) as unknown as { rows: FactsRow[] };
  return result.rows.map(factsOf);
}

/** Tickets read at a time by selectManySlaFacts: the rows of one read are parsed in one go when they arrive. */
const FACTS_BATCH = 2000;

/**
 * The same facts of many tickets (every open one: staff Home's summary, the reminder tick), as sets: the first staff
 * replies and the histories are each read in one pass joined to the tickets picked, not asked once per ticket by a
 * correlated subquery (issue 33: 12,000 open tickets took 0.5–0.9 s that way). Read FACTS_BATCH tickets at a time
 * (by id) and handed on one by one, with a turn of the event loop every few milliseconds (the caller's work included).
 */
export async function* selectManySlaFacts(db: Db, where: ReturnType<typeof sql>): AsyncGenerator<TicketSlaFacts> {
  const takeTurnIfDue = turnTaker();
  for (let after: string | null = null; ;) {
    const { rows } = (await db.execute(sql`
      with picked as materialized (
        select t.id, t.priority, t.status, t.assignee_id as "assigneeId", t.subject, t.partner_id as "partnerId",
          t.created_at as "createdAt", t.updated_at as "updatedAt", t.merged_into_id as "mergedIntoId",
          (creator.partner_id is null) as "raisedByStaff"
        from tickets t join users creator on creator.id = t.created_by
        where ${where} and (${after}::uuid is null or t.id > ${after}::uuid)
        order by t.id limit ${FACTS_BATCH}
      ), replies as (
        select m.ticket_id, min(m.created_at) as at
        from picked p join ticket_messages m on m.ticket_id = p.id join users author on author.id = m.author_id
        where not m.internal and m.system_event is null and author.partner_id is null
        group by m.ticket_id
      ), histories as (
        select c.ticket_id, jsonb_agg(jsonb_build_array(c.to_status, c.changed_at) order by c.changed_at, c.id) as history
        from picked p join ticket_status_changes c on c.ticket_id = p.id
        group by c.ticket_id
      )
      select p.*, r.at as "firstStaffReplyAt", coalesce(h.history, '[]'::jsonb) as history
      from picked p left join replies r on r.ticket_id = p.id left join histories h on h.ticket_id = p.id
      order by p.id`)) as unknown as { rows: FactsRow[] };
    for (const row of rows) {
      await takeTurnIfDue();
      yield factsOf(row);
    }
    if (rows.length < FACTS_BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

/**
 * A row's facts. A ticket whose history misses its creation or its current status (written before the history
 * was, or by a path that wrote none) is read as the migration's backfill reads it: opened at its creation, in its
 * status since its last update.
 */
function factsOf(row: FactsRow): TicketSlaFacts {
  const history = row.history.map(([status, at]) => ({ status, at: new Date(at) }));
  const createdAt = new Date(row.createdAt);
  if (!history.length) history.push({ status: 'OPEN', at: createdAt });
  if (history[history.length - 1].status !== row.status) history.push({ status: row.status, at: new Date(row.updatedAt) });
  return {
    id: row.id,
    priority: row.priority,
    assigneeId: row.assigneeId,
    subject: row.subject,
    partnerId: row.partnerId,
    raisedByStaff: row.raisedByStaff,
    merged: row.mergedIntoId !== null,
    firstStaffReplyAt: row.firstStaffReplyAt ? new Date(row.firstStaffReplyAt) : null,
    history,
  };
}

/** The SLA of some tickets at `now`, by id, in one query (the settings aside). */
export async function slaOfTickets(db: Db, ids: string[], now = new Date()): Promise<Map<string, TicketSla>> {
  if (!ids.length) return new Map();
  const [{ settings, hours }, facts] = await Promise.all([
    serviceLevelsInForce(db),
    selectSlaFacts(
      db,
      sql`t.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    ),
  ]);
  // A clock walks each business day of its ticket's life: a thousand old tickets (an export's batch) held the loop 300 ms.
  const takeTurnIfDue = turnTaker();
  const clocks = new Map<string, TicketSla>();
  for (const f of facts) {
    await takeTurnIfDue();
    clocks.set(f.id, slaClock(f, hours, settings.targets[f.priority], now));
  }
  return clocks;
}

/**
 * The SLA of the ticket the hot status change read (its row with SLA_FACT_COLUMNS and SLA_SETTINGS_COLUMN), once
 * `change` (the status written and when) is added to its history: the answer's SLA, in no further round trip.
 */
export function slaOfRead(
  raw: Omit<FactsRow, 'history'> & { history: unknown; serviceLevels: unknown },
  change?: { status: TicketStatus; at: Date },
  now = new Date(),
): TicketSla {
  const facts = factsOf(raw as FactsRow);
  if (change) facts.history.push({ status: change.status, at: change.at });
  const saved = raw.serviceLevels as Pick<ServiceLevelSettings, 'calendar' | 'targets'> | null;
  const settings = saved ?? DEFAULT_SERVICE_LEVELS;
  return slaClock(facts, new BusinessHoursOf(settings.calendar), settings.targets[facts.priority], now);
}
