import { SLA_NEAR_SHARE, type ServiceLevelTarget, type SlaTarget, type TicketSla } from '../../../../contract/serviceLevels';
import type { TicketStatus } from '../../../../contract/tickets';
import { BusinessHoursOf } from './businessHours';

export { BusinessHoursOf };

/** What a ticket's SLA clock is computed from: its status history (the first entry is its creation) and its first staff reply. */
export interface SlaFacts {
  /** Every status the ticket took, oldest first; the first is the creation. */
  history: { status: TicketStatus; at: Date }[];
  /** The first staff message that is not an internal note, if any. */
  firstStaffReplyAt: Date | null;
  /** A ticket staff raised for a partner waits for no first response. */
  raisedByStaff: boolean;
  /** A duplicate merged into another ticket: its question is answered there, so it has no targets of its own. */
  merged?: boolean;
}

const MINUTE = 60_000;

/** A ticket's statuses as spans [from, to), the last one ending now. */
function spansOf(history: SlaFacts['history'], now: number) {
  return history.map((entry, index) => ({
    status: entry.status,
    from: entry.at.getTime(),
    to: Math.min(index + 1 < history.length ? history[index + 1].at.getTime() : now, now),
  }));
}

type Span = ReturnType<typeof spansOf>[number];

/**
 * Business time counted over the spans in `counted` status, from `start` to `stop`: the total, and the instant the
 * count reached `target` minutes (null if it did not).
 */
function countBusinessTime(hours: BusinessHoursOf, spans: Span[], start: number, stop: number, target: number) {
  const targetMs = target * MINUTE;
  let total = 0;
  let reachedAt: number | null = null;
  for (const span of spans) {
    if (span.status !== 'OPEN') continue;
    const from = Math.max(span.from, start);
    const to = Math.min(span.to, stop);
    const ms = hours.businessMs(from, to);
    if (reachedAt === null && ms > 0 && total + ms >= targetMs) reachedAt = hours.after(from, targetMs - total, to);
    total += ms;
  }
  return { ms: total, minutes: Math.floor(total / MINUTE), reachedAt };
}

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());

/** A target's state: stopped (met or breached), or running (ok, near, breached) or paused (PENDING). */
function targetOf(
  hours: BusinessHoursOf,
  counted: { ms: number; minutes: number; reachedAt: number | null },
  target: number,
  clock: 'stopped' | 'running' | 'paused',
  now: number,
): SlaTarget {
  const left = target - counted.minutes;
  const breached = counted.reachedAt !== null && (clock !== 'stopped' || left < 0);
  if (clock === 'stopped') return { dueAt: null, state: left < 0 ? 'breached' : 'met', businessMinutesLeft: left };
  if (breached) return { dueAt: iso(counted.reachedAt), state: 'breached', businessMinutesLeft: left };
  if (clock === 'paused') return { dueAt: null, state: 'paused', businessMinutesLeft: left };
  const near = target - left >= Math.ceil(target * SLA_NEAR_SHARE);
  // From the exact business time counted (not the whole minutes shown), so a running clock's due time is the same
  // instant at every read.
  return { dueAt: iso(hours.after(now, target * MINUTE - counted.ms)), state: near ? 'near' : 'ok', businessMinutesLeft: left };
}

const isFinished = (status: TicketStatus) => status === 'RESOLVED' || status === 'CLOSED';

/** When the resolution clock (re)started: the creation, or the last reopen of a resolved or closed ticket. */
export function resolutionStartOf(history: SlaFacts['history']): Date {
  let start = history[0].at;
  for (let i = 1; i < history.length; i += 1) if (isFinished(history[i - 1].status) && !isFinished(history[i].status)) start = history[i].at;
  return start;
}

/**
 * A ticket's SLA at `now`, computed from its history alone (so it is right after downtime and on every instance):
 * business minutes counted only while the ticket is OPEN (PENDING pauses, RESOLVED and CLOSED stop), only within
 * the calendar's hours and not on its holidays. First response: until the first staff reply (not an internal
 * note); none for a ticket staff raised, nor for one finished without a reply in time. Resolution: until RESOLVED or
 * CLOSED; a reopen starts it again. A merged duplicate has neither (closed by the merge, not resolved: not "Met").
 */
export function slaClock(facts: SlaFacts, hours: BusinessHoursOf, target: ServiceLevelTarget, now: Date): TicketSla {
  if (facts.merged) return { firstResponse: null, resolution: null };
  const at = now.getTime();
  const spans = spansOf(facts.history, at);
  const current = facts.history[facts.history.length - 1].status;
  const created = facts.history[0].at.getTime();

  const resolutionStart = resolutionStartOf(facts.history).getTime();
  const resolutionClock = isFinished(current) ? 'stopped' : current === 'PENDING' ? 'paused' : 'running';
  const resolution = targetOf(hours, countBusinessTime(hours, spans, resolutionStart, at, target.resolution), target.resolution, resolutionClock, at);

  let firstResponse: SlaTarget | null = null;
  if (!facts.raisedByStaff) {
    const reply = facts.firstStaffReplyAt?.getTime() ?? null;
    const counted = countBusinessTime(hours, spans, created, reply ?? at, target.firstResponse);
    const clock = reply !== null ? 'stopped' : resolutionClock;
    firstResponse = targetOf(hours, counted, target.firstResponse, clock, at);
    // Finished without a reply, in time: there is nothing left to answer.
    if (reply === null && isFinished(current) && firstResponse.state === 'met') firstResponse = null;
  }
  return { firstResponse, resolution };
}
