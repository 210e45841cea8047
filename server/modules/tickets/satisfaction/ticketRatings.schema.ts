import { index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tickets } from '../tickets.schema';
import { users } from '../../users/users.schema';

/** A partner's rating of a resolved ticket (issue 25): one per ticket, the key makes a second one a conflict. */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** 1 to 5 (contract/schemas/tickets.ts ticketRatingSchema). */
    score: smallint('score').notNull(),
    comment: text('comment'),
    ratedBy: uuid('rated_by')
      .notNull()
      .references(() => users.id),
    ratedAt: timestamp('rated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_ratings_rated_at_idx').on(t.ratedAt)],
);
