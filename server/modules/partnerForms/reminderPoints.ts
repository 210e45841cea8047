/** A reminder point: how long before (negative) or after (positive) its anchor a reminder goes out. */
export interface ReminderPoint {
  /** As configured and stored with each reminder sent ("-3d", "+1d", "+12h"). */
  label: string;
  offsetMs: number;
}

const HOUR_MS = 60 * 60 * 1000;
const UNIT_MS = { d: 24 * HOUR_MS, h: HOUR_MS } as const;
/** At most this many points, each at most a year from its anchor. */
export const REMINDER_POINTS_MAX = 10;
const OFFSET_MAX_MS = 366 * UNIT_MS.d;

/**
 * Reads a list of points such as "-3d,-1d,+1d,+7d" (days `d` or hours `h`, signed; a bare number of days counts
 * after). Empty: no reminders. A malformed list throws, naming the variable, so the server refuses to start
 * rather than remind at the wrong times. Sorted by offset, duplicates dropped.
 */
export function reminderPointsOf(given: string | undefined, fallback: string, variable: string): ReminderPoint[] {
  const text = (given ?? fallback).trim();
  if (!text) return [];
  const points = new Map<number, ReminderPoint>();
  for (const part of text.split(',')) {
    const match = /^([+-]?)(\d{1,4})([dh]?)$/.exec(part.trim());
    const unit = (match?.[3] || 'd') as keyof typeof UNIT_MS;
    const offsetMs = match ? (match[1] === '-' ? -1 : 1) * Number(match[2]) * UNIT_MS[unit] : NaN;
    if (!match || Math.abs(offsetMs) > OFFSET_MAX_MS)
      throw new Error(`${variable}: "${part.trim()}" is not a reminder point (e.g. -3d, +1d, +12h; at most 366 days)`);
    points.set(offsetMs, { label: `${offsetMs < 0 ? '-' : '+'}${match[2]}${unit}`, offsetMs });
  }
  if (points.size > REMINDER_POINTS_MAX) throw new Error(`${variable}: at most ${REMINDER_POINTS_MAX} reminder points`);
  return [...points.values()].sort((a, b) => a.offsetMs - b.offsetMs);
}
