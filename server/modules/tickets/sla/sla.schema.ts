import { index, jsonb, pgTable, primaryKey, smallint, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { BusinessCalendar, ServiceLevelTargets, SlaTargetKind } from '../../../../contract/serviceLevels';
import { tickets } from '../tickets.schema';
import { users } from '../../users/users.schema';

/**
 * Every status a ticket took (issue 25): the SLA clock is computed from it, so it is right after downtime and on
 * every instance. Written in the same statement as the status change (ticketWrites.ts) and at creation (from null).
 */
export const ticketStatusChanges = pgTable(
  'ticket_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Null at creation. */
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for rows the migration backfilled. */
    actorId: uuid('actor_id').references(() => users.id),
  },
  (t) => [index('ticket_status_changes_ticket_idx').on(t.ticketId, t.changedAt)],
);

/** The one row of service level settings (id 1): the business calendar and the targets per priority. */
export const serviceLevelSettings = pgTable('service_level_settings', {
  id: smallint('id').primaryKey().default(1),
  calendar: jsonb('calendar').$type<BusinessCalendar>().notNull(),
  targets: jsonb('targets').$type<ServiceLevelTargets>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id),
});

/**
 * Each near-breach reminder sent: one per ticket, target and clock start (a reopen restarts the resolution clock,
 * so it may be reminded again). The key makes it sent once however many instances tick at once.
 */
export const ticketSlaReminders = pgTable(
  'ticket_sla_reminders',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    target: varchar('target', { length: 20 }).$type<SlaTargetKind>().notNull(),
    clockStartedAt: timestamp('clock_started_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.target, t.clockStartedAt] }), index('ticket_sla_reminders_sent_idx').on(t.sentAt)],
);
