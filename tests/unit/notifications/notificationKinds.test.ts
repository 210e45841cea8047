import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KEYS } from '../../../contract/notifications';
import { notificationText } from '../../../src/notifications/notificationText';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';

/** A value for every placeholder the notifications' texts name. */
const VALUES = {
  subject: 'Printer',
  partner: 'Acme',
  author: 'Ada',
  status: 'RESOLVED',
  source: '1A2B3C',
  target: '4D5E6F',
  minutes: '25',
  form: 'Onboarding',
  note: 'Please check',
  count: '2',
  due: '2026-12-03 09:00 UTC',
  reopened: '2026-12-01',
  file: 'Licence.pdf',
  to: '2026-12-31 00:00 UTC',
  reason: 'Not yours',
  impersonator: 'Ada',
  endsAt: '2026-12-02 10:00 UTC',
};

describe('every notification kind the server stores', () => {
  it.each(['en', 'vi'] as const)('shows a real title and message in %s, never a raw key or placeholder', (language) => {
    const { translate } = createI18nProvider(language);
    const raw = /notifications?\.|%\{/;
    const unreadable = NOTIFICATION_KEYS.flatMap((key) => {
      // No English fallback from the server: only the catalogue speaks.
      const { title, message } = notificationText(translate, { id: key, createdAt: '', key, values: VALUES, title: '', message: '' });
      return [title, message].filter((text) => !text.trim() || raw.test(text)).map((text) => `${key}: "${text}"`);
    });
    expect(unreadable).toEqual([]);
  });
});
