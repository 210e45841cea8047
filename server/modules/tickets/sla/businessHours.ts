import { WEEKDAYS, type BusinessCalendar } from '../../../../contract/serviceLevels';
import { DAY, instantOf, localDayOf } from './zoneTime';

/** How far ahead a due date is looked for: a calendar open less than this often has none. */
const HORIZON_DAYS = 800;
/** Days the running sums grow by at least, so a summary's tickets, each a day older, do not rebuild them each time. */
const GROWTH_DAYS = 64;

const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Date.getUTCDay's order (0 Sunday) onto the calendar's weekdays. */
const weekdayOf = (day: number) => WEEKDAYS[(new Date(day * DAY).getUTCDay() + 6) % 7];
const isoDateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * A calendar's business hours as UTC instants, day by day, with running sums of business time over the days asked
 * about: the business time between two instants, and the instant some business time after another, cost a few lookups
 * however many days lie between them (issue 33: a summary of 12,000 tickets, each months old, walked every day of
 * every ticket's life). One is kept for a few seconds and shared by every ticket read meanwhile.
 */
export class BusinessHoursOf {
  private readonly days = new Map<number, [number, number][]>();
  private readonly holidays: Set<string>;
  /** The first day the running sums cover. */
  private first = 0;
  /** `sums[i]`: business ms in the days first .. first + i - 1 (so `sums[0]` is 0); they cover days first .. first + sums.length - 2. */
  private sums: number[] = [];

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

  private get last() {
    return this.first + this.sums.length - 2;
  }

  /** Makes the running sums cover the days from .. to, growing them by at least GROWTH_DAYS on the side that lacks. */
  private cover(from: number, to: number) {
    if (this.sums.length && from >= this.first && to <= this.last) return;
    const first = !this.sums.length ? from - GROWTH_DAYS : Math.min(this.first, from < this.first ? from - GROWTH_DAYS : from);
    const last = !this.sums.length ? to + GROWTH_DAYS : Math.max(this.last, to > this.last ? to + GROWTH_DAYS : to);
    const sums = [0];
    for (let day = first; day <= last; day += 1) {
      let open = 0;
      for (const [start, end] of this.openOn(day)) open += end - start;
      sums.push(sums[sums.length - 1] + open);
    }
    this.first = first;
    this.sums = sums;
  }

  /** Business ms from the start of the sums to `instant` (of local day `day`, covered). */
  private before(day: number, instant: number) {
    let ms = this.sums[day - this.first];
    for (const [start, end] of this.openOn(day)) if (instant > start) ms += Math.min(end, instant) - start;
    return ms;
  }

  /** The business time in [from, to), in ms. */
  businessMs(from: number, to: number): number {
    if (to <= from) return 0;
    const { timeZone } = this.calendar;
    const fromDay = localDayOf(timeZone, from);
    const toDay = localDayOf(timeZone, to);
    this.cover(fromDay, toDay);
    return this.before(toDay, to) - this.before(fromDay, from);
  }

  /**
   * The instant `ms` of business time after `from`, or null when the calendar opens too rarely (`within`: an instant
   * known to be at or after the answer, which then bounds the search instead).
   */
  after(from: number, ms: number, within?: number): number | null {
    const first = localDayOf(this.calendar.timeZone, from);
    const horizon = within === undefined ? first + HORIZON_DAYS : localDayOf(this.calendar.timeZone, within);
    this.cover(first, first);
    // Whole days are skipped by the running sums (they only grow forwards here, so `base` stays true): the walk below
    // starts on the first day whose end holds `ms` after `from`.
    const base = this.before(first, from);
    while (this.last < horizon && this.sums[this.sums.length - 1] - base < ms) this.cover(first, Math.min(horizon, this.last + this.sums.length));
    let low = first;
    let high = Math.min(horizon, this.last) + 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.sums[mid - this.first + 1] - base >= ms) high = mid;
      else low = mid + 1;
    }
    let left = low === first ? ms : ms - (this.sums[low - this.first] - base);
    for (let day = low; day <= horizon; day += 1) {
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
