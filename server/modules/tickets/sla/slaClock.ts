import { SLA_NEAR_SHARE, WEEKDAYS, type BusinessCalendar, type ServiceLevelTarget, type SlaTarget, type TicketSla } from '../../../../contract/serviceLevels';
import type { TicketStatus } from '../../../../contract/tickets';

/** What a ticket's SLA clock is computed from: its status history (the first entry is its creation) and its first staff reply. */
export interface SlaFacts {
  /** Every status the ticket took, oldest first; the first is the creation. */
  history: { status: TicketStatus; at: Date }[];
  /** The first staff message that is not an internal note, if any. */
  firstStaffReplyAt: Date | null;
  /** A ticket staff raised for a partner waits for no first response. */
  raisedByStaff: boolean;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How far ahead a due date is looked for: a calendar open less than this often has none. */
const HORIZON_DAYS = 800;

const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in ms (local wall time minus UTC). */
function offsetAt(timeZone: string, instant: number) {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a local wall time (a day number since 1970-01-01 and a minute of it) happens in the zone. */
function instantOf(timeZone: string, day: number, minute: number) {
  const wall = day * DAY + minute * MINUTE;
  const first = wall - offsetAt(timeZone, wall);
  const second = wall - offsetAt(timeZone, first);
  return second;
}

/** The local day number (days since 1970-01-01 in the zone) of an instant. */
const localDayOf = (timeZone: string, instant: number) => Math.floor((instant + offsetAt(timeZone, instant)) / DAY);

/** Date.getUTCDay's order (0 Sunday) onto the calendar's weekdays. */
const weekdayOf = (day: number) => WEEKDAYS[(new Date(day * DAY).getUTCDay() + 6) % 7];
const isoDateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * A calendar's business hours as UTC instants, day by day (kept: a page of tickets, and the next ones, ask for the
 * same days again).
 */
export class BusinessHoursOf {
  private readonly days = new Map<number, [number, number][]>();
  private readonly holidays: Set<string>;

  constructor(private readonly calendar: BusinessCalendar) {
    this.holidays = new Set(calendar.holidays.map((h) => h.date));
  }

  private openOn(day: number): [number, number][] {
    let open = this.days.get(day);
    if (!open) {
      const { timeZone, week } = this.calendar;
      open = this.holidays.has(isoDateOf(day))
        ? []
        : week[weekdayOf(day)].map(({ start, end }) => [instantOf(timeZone, day, minuteOfDay(start)), instantOf(timeZone, day, minuteOfDay(end))]);
      this.days.set(day, open);
    }
    return open;
  }

  /** The business hours overlapping [from, to), clipped to it, in order. */
  *between(from: number, to: number): Generator<[number, number]> {
    if (to <= from) return;
    const last = localDayOf(this.calendar.timeZone, to);
    for (let day = localDayOf(this.calendar.timeZone, from); day <= last; day += 1) {
      for (const [start, end] of this.openOn(day)) {
        const s = Math.max(start, from);
        const e = Math.min(end, to);
        if (e > s) yield [s, e];
      }
    }
  }

  /** The instant `ms` of business time after `from`, or null when the calendar opens too rarely. */
  after(from: number, ms: number): number | null {
    let left = ms;
    const first = localDayOf(this.calendar.timeZone, from);
    for (let day = first; day <= first + HORIZON_DAYS; day += 1) {
      for (const [start, end] of this.openOn(day)) {
        const s = Math.max(start, from);
        if (end <= s) continue;
        if (end - s >= left) return s + left;
        left -= end - s;
      }
    }
    return null;
  }
}

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
  let total = 0;
  let reachedAt: number | null = null;
  for (const span of spans) {
    if (span.status !== 'OPEN') continue;
    for (const [s, e] of hours.between(Math.max(span.from, start), Math.min(span.to, stop))) {
      if (reachedAt === null && total + (e - s) >= target * MINUTE) reachedAt = s + (target * MINUTE - total);
      total += e - s;
    }
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
 * CLOSED; a reopen starts it again.
 */
export function slaClock(facts: SlaFacts, hours: BusinessHoursOf, target: ServiceLevelTarget, now: Date): TicketSla {
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
