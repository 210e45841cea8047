import { index, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per hub connection that finished its handshake, on any instance: "is this user online" for all of
 * them (presence.ts). Each instance pushes its rows' expiry forward on a heartbeat, so a killed instance's rows
 * lapse on their own. Unlogged (see the migration): nothing here outlives the connections it describes.
 */
export const hubPresence = pgTable(
  'hub_presence',
  {
    /** The instance holding the connection (random per process). */
    instanceId: varchar('instance_id', { length: 64 }).notNull(),
    connectionId: varchar('connection_id', { length: 64 }).notNull(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.connectionId] }),
    index('hub_presence_user_idx').on(t.userId),
    index('hub_presence_expires_idx').on(t.expiresAt),
  ],
);
