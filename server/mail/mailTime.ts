import type { Language } from '../../contract/http';

const LOCALES: Record<Language, string> = { en: 'en-GB', vi: 'vi-VN' };

/** An instant as a mail's reader reads it: their language's order, their zone's clock, the zone named (`3 Dec 2026, 08:09 GMT+7`). */
export const instantIn = (language: Language, timeZone: string, at: Date) =>
  new Intl.DateTimeFormat(LOCALES[language], {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(at);
