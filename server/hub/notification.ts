import crypto from 'node:crypto';
import { LANGUAGES } from '../../contract/http';
import type { NotificationMessage } from '../../contract/realtime';
import { translate } from '../core/i18n';

/**
 * A notification under `key` (`${key}.title` and `${key}.message` in the api catalogues): English for clients
 * that show it as is, the key and values for the browser to translate into its reader's language.
 */
export function notificationOf(key: string, values: Record<string, string>, link: string | null): NotificationMessage {
  return {
    id: crypto.randomUUID(),
    title: translate('en', `${key}.title`, values),
    message: translate('en', `${key}.message`, values),
    link,
    createdAt: new Date().toISOString(),
    key,
    values,
  };
}

/** A mail's subject and text in every language, one after the other: we do not know the reader's language. */
export function inEveryLanguage(subjectKey: string, bodyKey: string, values: Record<string, string>) {
  return {
    subject: LANGUAGES.map((language) => translate(language, subjectKey, values)).join(' / '),
    text: LANGUAGES.map((language) => translate(language, bodyKey, values)).join('\n\n-----\n\n'),
  };
}
