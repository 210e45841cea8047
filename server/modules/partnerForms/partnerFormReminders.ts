import { and, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { scheduleIntervalJob } from '../../core/intervalJob';
import { transactionThenPublish } from '../../core/events';
import { partnerForms } from './partnerForms.schema';
import { partnerFormReminders, type PartnerFormReminderKind } from './partnerFormReminders.schema';
import type { ReminderPoint } from './reminderPoints';

/** How often an instance looks for reminders due (points are days apart: a reminder is at most this late). */
export const REMINDER_TICK_MS = 5 * 60 * 1000;
/** Reminders one tick inserts per statement. */
const BATCH = 500;

export interface ReminderRun {
  /** Reminders this call sent (inserted first: another instance's tick at the same time sent none of them). */
  sent: number;
}

/** A reminder to send: the form, what it is about, the anchor it is measured from, and the point. */
export interface DueReminder {
  partnerFormId: string;
  kind: PartnerFormReminderKind;
  anchorAt: Date;
  point: string;
}

/**
 * The latest point reached by `now` that falls at or after `since` (the form's assignment, or its reopen): after
 * downtime only that one goes out, the earlier points missed are skipped, and a point before the form was even
 * assigned (a due date two days off has no "-3d") never does. Null when none is reached.
 */
export function latestPointReached(points: ReminderPoint[], anchor: Date, since: Date, now: Date): ReminderPoint | null {
  let latest: ReminderPoint | null = null;
  for (const point of points) {
    const at = anchor.getTime() + point.offsetMs;
    if (at <= now.getTime() && at >= since.getTime()) latest = point;
  }
  return latest;
}

const key = (r: Pick<DueReminder, 'partnerFormId' | 'kind' | 'anchorAt' | 'point'>) => `${r.partnerFormId}|${r.kind}|${r.anchorAt.getTime()}|${r.point}`;

/**
 * One tick of the reminder job, at `now` (tests pass their own). For each OPEN partner form (not submitted, not
 * locked) with a due date or returned for changes, the latest configured point reached and not sent yet is
 * inserted into partner_form_reminders; the rows the insert returns are this tick's to send
 * (PartnerFormReminderDue, after the commit: the hub's relay notifies and mails the partner's readers). Two
 * instances ticking at once insert the same keys: the second waits on the first's rows and inserts none, so each
 * reminder goes out once. A changed due date (or a new reopen) is a new anchor, so its points go out anew.
 */
export async function runPartnerFormReminders(ctx: Pick<AppContext, 'config' | 'db' | 'events'>, now: Date = new Date()): Promise<ReminderRun> {
  const { due, returned } = ctx.config.reminders;
  if (!due.length && !returned.length) return { sent: 0 };
  const reached = (points: ReminderPoint[]) => new Date(now.getTime() - (points[0]?.offsetMs ?? 0));
  const candidates = await ctx.db
    .select({
      id: partnerForms.id,
      partnerId: partnerForms.partnerId,
      dueAt: partnerForms.dueAt,
      reopenedAt: partnerForms.reopenedAt,
      createdAt: partnerForms.createdAt,
    })
    .from(partnerForms)
    .where(
      and(
        eq(partnerForms.status, 'OPEN'),
        or(
          due.length ? and(isNotNull(partnerForms.dueAt), lte(partnerForms.dueAt, reached(due))) : undefined,
          returned.length ? and(isNotNull(partnerForms.reopenedAt), lte(partnerForms.reopenedAt, reached(returned))) : undefined,
        ),
      ),
    );
  const wanted: (DueReminder & { partnerId: string; offsetMs: number })[] = [];
  for (const form of candidates) {
    const dueAt = form.dueAt;
    const dueNow = dueAt && latestPointReached(due, dueAt, form.createdAt, now);
    if (dueAt && dueNow)
      wanted.push({ partnerFormId: form.id, partnerId: form.partnerId, kind: 'due', anchorAt: dueAt, point: dueNow.label, offsetMs: dueNow.offsetMs });
    const reopenedAt = form.reopenedAt;
    const returnedNow = reopenedAt && latestPointReached(returned, reopenedAt, reopenedAt, now);
    if (reopenedAt && returnedNow)
      wanted.push({
        partnerFormId: form.id,
        partnerId: form.partnerId,
        kind: 'returned',
        anchorAt: reopenedAt,
        point: returnedNow.label,
        offsetMs: returnedNow.offsetMs,
      });
  }
  if (!wanted.length) return { sent: 0 };
  // The reminders already sent are not tried again (most ticks find every one of them sent).
  const sent = new Set<string>();
  for (let i = 0; i < wanted.length; i += BATCH) {
    const ids = [...new Set(wanted.slice(i, i + BATCH).map((w) => w.partnerFormId))];
    const rows = await ctx.db.select().from(partnerFormReminders).where(inArray(partnerFormReminders.partnerFormId, ids));
    for (const row of rows) sent.add(key(row));
  }
  const toSend = wanted.filter((w) => !sent.has(key(w)));
  if (!toSend.length) return { sent: 0 };
  const byKey = new Map(toSend.map((w) => [key(w), w]));
  return transactionThenPublish(ctx, async (tx, publish) => {
    let count = 0;
    for (let i = 0; i < toSend.length; i += BATCH) {
      const inserted = await tx
        .insert(partnerFormReminders)
        .values(toSend.slice(i, i + BATCH).map(({ partnerFormId, kind, anchorAt, point }) => ({ partnerFormId, kind, anchorAt, point, sentAt: now })))
        .onConflictDoNothing()
        .returning();
      for (const row of inserted) {
        const reminder = byKey.get(key(row))!;
        count += 1;
        publish({
          type: 'PartnerFormReminderDue',
          partnerFormId: row.partnerFormId,
          partnerId: reminder.partnerId,
          kind: row.kind,
          stage: row.kind === 'returned' ? 'returnedReminder' : reminder.offsetMs <= 0 ? 'dueSoon' : 'overdue',
          point: row.point,
          anchorAt: row.anchorAt.toISOString(),
        });
      }
    }
    return { sent: count };
  });
}

/** The reminder job, ticking on every instance (not in tests: they call runPartnerFormReminders with their clock). */
export function schedulePartnerFormReminders(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'db' | 'events' | 'log'>) {
  scheduleIntervalJob(app, ctx, {
    name: 'partner form reminder job',
    everyMs: REMINDER_TICK_MS,
    run: async () => {
      const run = await runPartnerFormReminders(ctx);
      if (run.sent) ctx.log.info(run, 'partner form reminders sent');
    },
  });
}
