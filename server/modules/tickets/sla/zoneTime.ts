/** Wall time in a calendar's zone, for the SLA clock: offsets, local days and the instants of local wall times. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

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

/** The zone's offset from UTC at an instant, in ms (local wall time minus UTC), as Intl tells it. */
function offsetByIntl(timeZone: string, instant: number) {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** Days or hours (UTC) kept per zone before the oldest are dropped: years of tickets. */
const KEPT = 50_000;
/** Per zone, the offset of each UTC day, then of each UTC hour, asked about that had one offset from its start to its end. */
const dayOffsets = new Map<string, Map<number, number>>();
const hourOffsets = new Map<string, Map<number, number>>();

/**
 * The offset throughout the `length` ms from `index * length` when it is the same at both ends, else undefined; both
 * answers kept (NaN: not steady).
 */
function steadyOffset(kept: Map<string, Map<number, number>>, timeZone: string, index: number, length: number) {
  let zone = kept.get(timeZone);
  if (!zone) kept.set(timeZone, (zone = new Map()));
  let offset = zone.get(index);
  if (offset === undefined) {
    const start = offsetByIntl(timeZone, index * length);
    offset = start === offsetByIntl(timeZone, (index + 1) * length) ? start : NaN;
    if (zone.size >= KEPT) zone.delete(zone.keys().next().value!);
    zone.set(index, offset);
  }
  return Number.isNaN(offset) ? undefined : offset;
}

/**
 * The zone's offset at an instant. Intl's formatToParts costs microseconds and an SLA summary asks hundreds of
 * thousands of times (issue 33: 15 % of its CPU), so a UTC day whose two ends have the same offset is kept as one
 * offset (a zone changes its offset at most once a day); on a day of a change, an hour likewise; an hour with the
 * change in it is asked of Intl at the very instant.
 */
export function offsetAt(timeZone: string, instant: number) {
  return (
    steadyOffset(dayOffsets, timeZone, Math.floor(instant / DAY), DAY) ??
    steadyOffset(hourOffsets, timeZone, Math.floor(instant / HOUR), HOUR) ??
    offsetByIntl(timeZone, instant)
  );
}

/** The instant a local wall time (a day number since 1970-01-01 and a minute of it) happens in the zone. */
export function instantOf(timeZone: string, day: number, minute: number) {
  const wall = day * DAY + minute * MINUTE;
  const first = wall - offsetAt(timeZone, wall);
  return wall - offsetAt(timeZone, first);
}

/** The local day number (days since 1970-01-01 in the zone) of an instant. */
export const localDayOf = (timeZone: string, instant: number) => Math.floor((instant + offsetAt(timeZone, instant)) / DAY);
