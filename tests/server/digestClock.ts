/** The first instant at `hourUtc`:00 UTC strictly after `after` (a digest's 08:00 in a zone without summer time). */
export function nextHour(after: Date, hourUtc: number) {
  const at = new Date(after);
  at.setUTCHours(hourUtc, 0, 0, 0);
  if (at <= after) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

export const minutes = (n: number) => n * 60_000;
