import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';

/** Dates and times in the reader's language ("12 Mar 2025, 14:05" / "12 thg 3, 2025 14:05"). */
export function useDateTimeFormat() {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string | null | undefined) => (iso ? format.format(new Date(iso)) : '');
  }, [locale]);
}
