import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { useDateTimeFormat } from '../../resources/tickets/useDateTimeFormat';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * A time as the reader would say it ("3 days ago", "in 2 hours"; "3 ngày trước") and in full ("12 Mar 2025, 14:05")
 * for a title, in the reader's language; under a minute is "now".
 */
export function useTimeText() {
  const [locale] = useLocaleState();
  const absolute = useDateTimeFormat();
  return useMemo(() => {
    const language = locale === 'vi' ? 'vi-VN' : 'en-GB';
    // Figures always ("2 days ago", not "the day before yesterday": Vietnamese "Hôm kia" reads oddly mid-sentence).
    const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
    const now = new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(0, 'second');
    const relative = (iso: string, at = Date.now()) => {
      const seconds = (new Date(iso).getTime() - at) / 1000;
      const found = UNITS.find(([, length]) => Math.abs(seconds) >= length);
      return found ? format.format(Math.round(seconds / found[1]), found[0]) : now;
    };
    return { relative, absolute };
  }, [locale, absolute]);
}
