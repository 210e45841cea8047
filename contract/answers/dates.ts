/** Calendar dates as "YYYY-MM-DD" (years 1 to 9999), the one form a date answer and a date limit take. */

const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** Whether the text is a real calendar date of years 1 to 9999 ("2026-02-30" and year 0 are not). */
export function isCalendarDate(text: string): boolean {
  const parts = DATE.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day of `now` in UTC: relative date limits ("in the future") count from it, in the browser and on the server. */
export const utcToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** The instant at noon UTC of a calendar date, for formatting it in any zone without moving its day. */
export function dateInstant(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const instant = new Date(Date.UTC(2000, month - 1, day, 12));
  instant.setUTCFullYear(year);
  return instant;
}
