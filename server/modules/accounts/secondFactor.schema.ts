import { boolean, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/users.schema';

/** A user's TOTP secret (sealed with a key derived from the app's secret); on once `confirmedAt` is set. */
export const secondFactors = pgTable('second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last 30-second step whose code was accepted: that step and earlier ones are refused (replay). */
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
});

/** One-time recovery codes; only their SHA-256 is kept, each used at most once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a sign-in: opened by the password step (right or wrong alike), single use, short-lived, and
 * dead after a few wrong codes. `holdKey` is the sign-in hold's key (the email as typed, lower-cased).
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    holdKey: varchar('hold_key', { length: 320 }).notNull(),
    passwordOk: boolean('password_ok').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);
