import { index, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { partnerForms } from './partnerForms.schema';

/** What a reminder is about: the due date ('due') or a return for changes not resubmitted ('returned'). */
export type PartnerFormReminderKind = 'due' | 'returned';

/**
 * Each reminder sent for a partner form (partnerFormReminders.ts): one row per form, kind, anchor and point. The
 * primary key makes it sent once however many instances tick at once (`insert … on conflict do nothing
 * returning`: the one that inserts sends). The anchor is the due date (or the reopen instant) it was sent for,
 * so a changed due date has new points.
 */
export const partnerFormReminders = pgTable(
  'partner_form_reminders',
  {
    partnerFormId: uuid('partner_form_id')
      .notNull()
      .references(() => partnerForms.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<PartnerFormReminderKind>().notNull(),
    /** The due date ('due') or the reopen instant ('returned') when it was sent. */
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    /** The configured point, relative to the anchor ("-3d", "+1d"). */
    point: varchar('point', { length: 16 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerFormId, t.kind, t.anchorAt, t.point] }), index('partner_form_reminders_sent_idx').on(t.sentAt)],
);
