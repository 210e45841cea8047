/** `<input type="datetime-local">` holds a local time without offset; the API takes instants (ISO with offset). */

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the local `YYYY-MM-DDTHH:mm` a datetime-local input shows ('' for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (read as the browser's local time) as an ISO instant; '' when empty or unreadable, so the schema names it. */
export function fromLocalInput(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new grant's window: from now (to the minute) for a week. */
export function defaultWindow(now = new Date()): { from: string; to: string } {
  const start = new Date(now);
  start.setSeconds(0, 0);
  return { from: toLocalInput(start.toISOString()), to: toLocalInput(new Date(start.getTime() + 7 * DAY_MS).toISOString()) };
}
