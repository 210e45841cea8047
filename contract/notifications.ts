import type { NotificationMessage } from './realtime';

/**
 * The signed-in user's inbox (issue 24, item 1): notifications stored per reader on the server, listed on every
 * device, delivered live by the hub's `ReceiveNotification` (whose payload is the stored notification, unread).
 */

/** The inbox's API resource (`/api/v1/inbox`): `/api/notifications` is the hub's. */
export const INBOX_RESOURCE = 'inbox';
/** The app's page of notifications. */
export const NOTIFICATIONS_ROUTE = '/notifications';
/** Rows per page on that page; the bell's menu shows the newest NOTIFICATION_MENU_SIZE. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATION_MENU_SIZE = 8;
/** A notification older than this is deleted by the retention job. */
export const NOTIFICATION_RETENTION_DAYS = 90;

/**
 * Every notification the server stores, by the catalogue key of its `{ title, message }` pair (i18n/*.ts,
 * `${key}.title` and `${key}.message`): the store takes no other key, so each kind is walked by the texts' test.
 */
export const NOTIFICATION_KEYS = [
  'tickets.notifications.created',
  'tickets.notifications.message',
  'tickets.notifications.status',
  'ticketAssignment.notifications.assigned',
  'ticketNotes.notifications.note',
  'ticketMerge.notifications.merged',
  'serviceLevels.notifications.firstResponse',
  'serviceLevels.notifications.resolution',
  'partnerFormsApi.notifications.assigned',
  'partnerFormsApi.notifications.reopened',
  'partnerFormsApi.notifications.locked',
  'partnerFormsApi.notifications.unlocked',
  'partnerFormsApi.notifications.submitted',
  'partnerFormsApi.notifications.returned',
  'partnerFormsApi.notifications.accepted',
  'partnerFormsApi.notifications.dueSoon',
  'partnerFormsApi.notifications.overdue',
  'partnerFormsApi.notifications.returnedReminder',
  'filesApi.notifications.granted',
  'filesApi.notifications.ending',
  'filesApi.notifications.requested',
  'filesApi.notifications.approved',
  'filesApi.notifications.rejected',
  'impersonation.notification',
] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];
/** The kinds under one key prefix, e.g. `NotificationKindOf<'filesApi.notifications'>` is `'granted' | 'ending' | …`. */
export type NotificationKindOf<Prefix extends string> = NotificationKey extends infer Key ? (Key extends `${Prefix}.${infer Kind}` ? Kind : never) : never;

/** What a notification is about: a record of a resource (`partner-forms`, `tickets`, `file-grants`, `file-requests`). */
export interface NotificationAbout {
  resource: string;
  recordId: string;
}

/**
 * One notification as its reader has it: the message (English `title`/`message`, and `key` + `values` for the
 * browser to show in its reader's language), what it is about, where to open it, and whether it was read.
 */
export interface NotificationDto extends NotificationMessage, NotificationAbout {
  /** What happened, e.g. `reopened`, `message`, `granted`. */
  kind: string;
  key: string;
  values: Record<string, string>;
  link: string | null;
  readAt: string | null;
}

/** GET /inbox/unread-count. */
export interface NotificationCountDto {
  unread: number;
}

/** POST /inbox/read-all: how many were unread. */
export interface NotificationsMarkedDto {
  marked: number;
}
