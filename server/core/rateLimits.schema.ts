import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hits counted per key in a fixed window (requests per address, failed sign-ins and reset mails per email), in the
 * database so every instance counts into the same row. A row whose window ended counts from one again on its next
 * hit; rows ended a while ago are swept.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** What is counted and for whom, e.g. `token:203.0.113.7` or `sign-in-failures:ann@example.com`. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_window_ends_idx').on(t.windowEndsAt)],
);
