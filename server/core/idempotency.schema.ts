import { index, integer, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/** The first answer to a request sent with an `Idempotency-Key`, replayed for the same key within 24 h. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    /** Method and route of the first request: the same key on another route is refused. */
    route: varchar('route', { length: 300 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** Null while the first request is still being answered. */
    statusCode: integer('status_code'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
