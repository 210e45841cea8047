import { LANGUAGES } from '../../contract/http';
import { translate } from '../core/i18n';
import type { AppContext } from '../context';
import { storeNotification, type NotificationToStore } from '../modules/notifications/notifications.service';
import { hubGroups } from './groups';
import type { TicketRelayHub as RealtimeSender } from './ticketRelay';

/** A mail's subject and text in every language, one after the other: we do not know the reader's language. */
export function inEveryLanguage(subjectKey: string, bodyKey: string, values: Record<string, string>) {
  return {
    subject: LANGUAGES.map((language) => translate(language, subjectKey, values)).join(' / '),
    text: LANGUAGES.map((language) => translate(language, bodyKey, values)).join('\n\n-----\n\n'),
  };
}

/**
 * How a relay notifies: the notification is stored for each user the groups hold who may read what it tells of
 * (notifications.service.ts), then sent as ReceiveNotification to those users' connections on every instance.
 * Relays run on the instance that made the change only, so each event is stored once.
 */
export function createNotifier(ctx: Pick<AppContext, 'db'>, hub: Pick<RealtimeSender, 'sendToGroups'>) {
  return async function notify(notification: NotificationToStore) {
    const stored = await storeNotification(ctx.db, notification);
    if (stored) hub.sendToGroups(stored.readers.map(hubGroups.user), 'ReceiveNotification', stored.notification, notification.audience);
  };
}

export type Notify = ReturnType<typeof createNotifier>;
