import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/users.schema';

/** A user's WebAuthn credentials: several per user, each named by its owner. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id (base64url) the authenticator answers with; one credential belongs to one user. */
    credentialId: varchar('credential_id', { length: 1400 }).notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter at its last use (0 for authenticators that do not count). */
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges handed out and not yet answered: single use (deleted when answered), short-lived. An
 * enrolment's is bound to its user; a second step's to the sign-in challenge it completes; a password-less one to none.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: varchar('challenge', { length: 100 }).primaryKey(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The second step's sign-in challenge (its id in sign_in_challenges). */
    signInChallengeId: uuid('sign_in_challenge_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
