import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SlaTargetKind } from '../../../../contract/serviceLevels';
import type { AppContext } from '../../../context';
import { transactionThenPublish } from '../../../core/events';
import { scheduleIntervalJob } from '../../../core/intervalJob';
import { serviceLevelsInForce } from './serviceLevels.service';
import { ticketSlaReminders } from './sla.schema';
import { resolutionStartOf, slaClock } from './slaClock';
import { selectManySlaFacts } from './ticketSla';

/** How often an instance looks for targets nearing their breach (a reminder is at most this late). */
export const SLA_REMINDER_TICK_MS = 60 * 1000;
const BATCH = 500;

export interface SlaReminderRun {
  /** Reminders this call sent (inserted first: another instance ticking at the same time sent none of them). */
  sent: number;
}

/**
 * One tick at `now` (tests pass their own): for each OPEN ticket with an assignee, the SLA computed from its
 * history; a target near its breach (or already breached: the tick after downtime catches up) and not reminded
 * since its clock started is inserted into ticket_sla_reminders, and the rows the insert returns are this tick's
 * to send (TicketSlaNearBreach after the commit: the hub's relay notifies the assignee). Two instances ticking at
 * once insert the same keys: the second inserts none, so each reminder goes out once.
 */
export async function runSlaReminders(ctx: Pick<AppContext, 'db' | 'events'>, now: Date = new Date()): Promise<SlaReminderRun> {
  const { settings, hours } = await serviceLevelsInForce(ctx.db);
  const due: { ticketId: string; partnerId: string; assigneeId: string; target: SlaTargetKind; clockStartedAt: Date; left: number }[] = [];
  for await (const ticket of selectManySlaFacts(ctx.db, sql`t.status = 'OPEN' and t.assignee_id is not null`)) {
    const sla = slaClock(ticket, hours, settings.targets[ticket.priority], now);
    const base = { ticketId: ticket.id, partnerId: ticket.partnerId, assigneeId: ticket.assigneeId! };
    const { firstResponse, resolution } = sla;
    if (firstResponse && (firstResponse.state === 'near' || firstResponse.state === 'breached'))
      due.push({ ...base, target: 'firstResponse', clockStartedAt: ticket.history[0].at, left: firstResponse.businessMinutesLeft });
    if (resolution && (resolution.state === 'near' || resolution.state === 'breached'))
      due.push({ ...base, target: 'resolution', clockStartedAt: resolutionStartOf(ticket.history), left: resolution.businessMinutesLeft });
  }
  if (!due.length) return { sent: 0 };
  const key = (r: { ticketId: string; target: string; clockStartedAt: Date }) => `${r.ticketId}|${r.target}|${r.clockStartedAt.getTime()}`;
  const byKey = new Map(due.map((d) => [key(d), d]));
  return transactionThenPublish(ctx, async (tx, publish) => {
    let sent = 0;
    for (let i = 0; i < due.length; i += BATCH) {
      const inserted = await tx
        .insert(ticketSlaReminders)
        .values(due.slice(i, i + BATCH).map(({ ticketId, target, clockStartedAt }) => ({ ticketId, target, clockStartedAt, sentAt: now })))
        .onConflictDoNothing()
        .returning();
      for (const row of inserted) {
        const reminder = byKey.get(key(row))!;
        sent += 1;
        publish({
          type: 'TicketSlaNearBreach',
          ticketId: reminder.ticketId,
          partnerId: reminder.partnerId,
          assigneeId: reminder.assigneeId,
          target: reminder.target,
          businessMinutesLeft: reminder.left,
        });
      }
    }
    return { sent };
  });
}

/** The reminder job, ticking on every instance (not in tests: they call runSlaReminders with their clock). */
export function scheduleSlaReminders(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'db' | 'events' | 'log'>) {
  scheduleIntervalJob(app, ctx, {
    name: 'SLA reminder job',
    everyMs: SLA_REMINDER_TICK_MS,
    run: async () => {
      const run = await runSlaReminders(ctx);
      if (run.sent) ctx.log.info(run, 'SLA reminders sent');
    },
  });
}
