import { sql } from 'drizzle-orm';
import { SLA_SUMMARY_LIST, type SlaAttentionTicket, type SlaSummaryDto } from '../../../../contract/serviceLevels';
import type { Db } from '../../../db/client';
import { serviceLevelsInForce } from './serviceLevels.service';
import { slaClock } from './slaClock';
import { selectManySlaFacts } from './ticketSla';

/**
 * Staff Home's service level figures at `now`: the OPEN and PENDING tickets (merged duplicates aside) whose most
 * pressing target is breached or near, counted, and the most overdue listed. Computed from the history like every
 * SLA, over the unfinished tickets only, letting other requests through every few milliseconds (issue 33).
 */
export async function slaSummary(db: Db, now = new Date()): Promise<SlaSummaryDto> {
  const { settings, hours } = await serviceLevelsInForce(db);
  const attention: (SlaAttentionTicket & { partnerId: string })[] = [];
  for await (const ticket of selectManySlaFacts(db, sql`t.status in ('OPEN', 'PENDING') and t.merged_into_id is null`)) {
    const sla = slaClock(ticket, hours, settings.targets[ticket.priority], now);
    const pressing = (['firstResponse', 'resolution'] as const)
      .flatMap((target) => {
        const state = sla[target]?.state;
        return state === 'breached' || state === 'near' ? [{ target, state, businessMinutesLeft: sla[target]!.businessMinutesLeft }] : [];
      })
      .sort((a, b) => (a.state === b.state ? a.businessMinutesLeft - b.businessMinutesLeft : a.state === 'breached' ? -1 : 1))[0];
    if (pressing) attention.push({ id: ticket.id, subject: ticket.subject, partnerId: ticket.partnerId, partnerName: '', ...pressing });
  }
  attention.sort((a, b) => a.businessMinutesLeft - b.businessMinutesLeft);
  const listed = attention.slice(0, SLA_SUMMARY_LIST);
  const names = listed.length
    ? ((await db.execute(
        sql`select id, name from partners where id in (${sql.join(
          listed.map((t) => sql`${t.partnerId}::uuid`),
          sql`, `,
        )})`,
      )) as unknown as { rows: { id: string; name: string }[] })
    : { rows: [] };
  const nameOf = new Map(names.rows.map((r) => [r.id, r.name]));
  return {
    breached: attention.filter((t) => t.state === 'breached').length,
    near: attention.filter((t) => t.state === 'near').length,
    tickets: listed.map(({ partnerId, ...ticket }) => ({ ...ticket, partnerName: nameOf.get(partnerId) ?? '' })),
  };
}

/**
 * The summary as staff readers ask for it: readers who ask while one is being computed get that one, so several
 * Homes opened at once cost one pass over the open tickets. Nothing is kept once it is answered (a ticket changed by
 * any path, even outside the services, shows at the next read).
 */
export function createSlaSummaryReader(db: Db) {
  let running: Promise<SlaSummaryDto> | null = null;
  return () =>
    (running ??= slaSummary(db).finally(() => {
      running = null;
    }));
}
