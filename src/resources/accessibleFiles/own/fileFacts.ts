import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { managedFileTypeFacts } from '../../../../contract/files';

/** The catalogue key of a file's type as a reader names it ("PDF", "Word document"). */
export const fileTypeKey = (contentType: string) => `fileAccess.types.${managedFileTypeFacts(contentType)?.kind ?? 'other'}`;

/**
 * Whether an ended file's access ended because its downloads were used up, not by time: its grant would still
 * run (an ended grant's `expiresAt` is when it stopped, so a future one is the end it never reached).
 */
export const downloadsUsedUp = (file: { downloadsLeft: number | null; expiresAt: string }, now = Date.now()) =>
  file.downloadsLeft === 0 && Date.parse(file.expiresAt) > now;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far an instant lies from `now` in the unit a reader expects: minutes within the hour, hours within the day, else days. */
export function relativeParts(iso: string, now: number): [number, Intl.RelativeTimeFormatUnit] {
  const distance = Date.parse(iso) - now;
  const size = Math.abs(distance);
  if (size < HOUR) return [Math.round(distance / MINUTE), 'minute'];
  if (size < DAY) return [Math.round(distance / HOUR), 'hour'];
  return [Math.round(distance / DAY), 'day'];
}

/** Dates of expiry in the reader's language: "3 Dec 2026, 17:00" and "in 3 days" / "sau 3 ngày". */
export function useExpiryFormat() {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const tag = locale === 'vi' ? 'vi-VN' : 'en-GB';
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
    const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
    return {
      date: (iso: string) => date.format(new Date(iso)),
      relative: (iso: string, now = Date.now()) => relative.format(...relativeParts(iso, now)),
    };
  }, [locale]);
}
