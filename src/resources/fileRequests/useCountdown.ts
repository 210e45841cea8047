import { useEffect, useState } from 'react';

/** Milliseconds left until `until`, updated every second; 0 once it has passed (the timer then stops). */
export function useCountdown(until: string): number {
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  const over = now >= end;
  useEffect(() => {
    if (over) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [over]);
  return Math.max(0, end - now);
}

/** "14:05" (minutes:seconds), or "1:02:03" past an hour. */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours ? `${hours}:${two(minutes)}:${two(seconds % 60)}` : `${minutes}:${two(seconds % 60)}`;
}
