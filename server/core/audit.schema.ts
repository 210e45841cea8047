import { index, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

export const auditTrails = pgTable(
  'audit_trails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    type: varchar('type', { length: 20 }).notNull(),
    tableName: varchar('table_name', { length: 100 }).notNull(),
    primaryKey: varchar('primary_key', { length: 100 }).notNull(),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    affectedColumns: jsonb('affected_columns'),
    dateTime: timestamp('date_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_trails_user_idx').on(t.userId, t.dateTime),
    index('audit_trails_key_idx').on(t.tableName, t.primaryKey),
    // Home's recent activity: the newest rows of the whole trail, read backwards from the end of this index.
    index('audit_trails_date_idx').on(t.dateTime, t.id),
  ],
);
