import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { CategoryPriorities } from '../../../../contract/ticketAssignment';
import { users } from '../../users/users.schema';

/**
 * The one row of assignment settings (id 1, issue 25): auto-assignment on or off, the priority each category a
 * partner picks gives a new ticket, and the round robin's position (the staff user assigned last). A create locks
 * this row for its transaction, so concurrent creates on any instance take turns and get different assignees.
 */
export const ticketAssignmentSettings = pgTable('ticket_assignment_settings', {
  id: smallint('id').primaryKey().default(1),
  autoAssign: boolean('auto_assign').notNull().default(false),
  categoryPriorities: jsonb('category_priorities').$type<CategoryPriorities>().notNull().default({}),
  lastAssigneeId: uuid('last_assignee_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Whether a staff user takes new tickets by auto-assignment (they toggle it themselves); no row means not available. */
export const supportAvailability = pgTable('support_availability', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  available: boolean('available').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A support team a ticket may be handed to besides its assignee (issue 25); names are unique whatever their case. */
export const supportTeams = pgTable(
  'support_teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('support_teams_name_lower_idx').on(sql`lower(${t.name})`)],
);
