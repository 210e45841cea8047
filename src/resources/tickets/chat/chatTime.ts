import { useEffect, useMemo, useState } from 'react';
import { useLocaleState } from 'react-admin';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Older than this, a message shows its date rather than "3 days ago". */
const RELATIVE_DAYS = 6;

const intlLocale = (locale: string) => (locale === 'vi' ? 'vi-VN' : 'en-GB');

/** Midnight of the local day `time` falls in. */
const startOfDay = (time: number) => {
  const day = new Date(time);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
};

/** Whole local calendar days between two instants (0 the same day, 1 yesterday), daylight saving aside. */
export const calendarDaysBetween = (earlier: number, later: number) => Math.round((startOfDay(later) - startOfDay(earlier)) / DAY);

/** The local day a message belongs to, as a key that groups messages under one separator. */
export const dayKeyOf = (iso: string) => new Date(startOfDay(Date.parse(iso))).toDateString();

/**
 * How the chat tells time in the reader's language: "2 minutes ago", "yesterday", then a date; the full date and
 * time for a title; and the label of a day separator ("Today", "Yesterday", a date).
 */
export function chatTimeFormat(locale: string) {
  const intl = intlLocale(locale);
  const relative = new Intl.RelativeTimeFormat(intl, { numeric: 'auto' });
  const full = new Intl.DateTimeFormat(intl, { dateStyle: 'full', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', year: 'numeric' });
  const longDate = new Intl.DateTimeFormat(intl, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return {
    relative(iso: string, now: number) {
      const time = Date.parse(iso);
      const ago = Math.max(0, now - time);
      if (ago < MINUTE) return relative.format(0, 'second');
      if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
      const days = calendarDaysBetween(time, now);
      if (days === 0) return relative.format(-Math.floor(ago / HOUR), 'hour');
      if (days <= RELATIVE_DAYS) return relative.format(-days, 'day');
      return date.format(time);
    },
    full: (iso: string) => full.format(Date.parse(iso)),
    /** The separator's text; "today" and "yesterday" come from the catalogue (`labels`), capitalised as it says. */
    day(iso: string, now: number, labels: { today: string; yesterday: string }) {
      const days = calendarDaysBetween(Date.parse(iso), now);
      if (days === 0) return labels.today;
      if (days === 1) return labels.yesterday;
      return longDate.format(Date.parse(iso));
    },
  };
}

/** The current time, moving on every `everyMs` so "2 minutes ago" stays true while the page is open. */
export function useNow(everyMs = MINUTE) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function useChatTimeFormat() {
  const [locale = 'en'] = useLocaleState();
  return useMemo(() => chatTimeFormat(locale), [locale]);
}
