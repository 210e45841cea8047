import { index, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../users/users.schema';

/**
 * A user's notification choices (issue 38, item 4): a channel per kind they changed (a kind absent takes its role's
 * default), the digest's language (null: every language) and time zone. No row: every default.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels').$type<Record<string, string>>().notNull().default({}),
  language: varchar('language', { length: 5 }),
  timeZone: varchar('time_zone', { length: 64 }),
  updatedAt: updatedAt(),
});

/**
 * One mail waiting for its reader's daily digest: its subject and text per language. `sent_at` is set by the run
 * that claims it (UPDATE … WHERE sent_at IS NULL RETURNING): two instances never send it twice.
 */
export const digestItems = pgTable(
  'notification_digest_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    subjects: jsonb('subjects').$type<Record<string, string>>().notNull(),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    link: text('link'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('notification_digest_items_pending_idx').on(t.userId, t.createdAt)],
);
