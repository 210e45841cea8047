import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/users.schema';

/**
 * A notification as it was sent (issue 24, item 1): what happened (`kind`), the record it is about, where to
 * open it, and its message as an i18n key with values (each reader's browser shows it in its language).
 * Who received it, and whether they read it, is in notification_recipients: one row per reader.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 40 }).notNull(),
    resource: varchar('resource', { length: 60 }).notNull(),
    recordId: varchar('record_id', { length: 100 }).notNull(),
    link: text('link'),
    messageKey: varchar('message_key', { length: 200 }).notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  // The retention job deletes by age.
  (t) => [index('notifications_created_idx').on(t.createdAt)],
);

/** One reader of a notification: theirs to list and mark read; only the users who could read the record then. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The notification's, repeated so a reader's page is one index range, newest first. */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.notificationId] }),
    index('notification_recipients_user_created_idx').on(t.userId, t.createdAt.desc(), t.notificationId),
    index('notification_recipients_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notification_recipients_notification_idx').on(t.notificationId),
  ],
);
