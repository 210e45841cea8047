import { boolean, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/users.schema';

/**
 * One row per sign-in, keyed by its refresh-token family (the `sid` of its access tokens): what the user sees in
 * their sessions list and what ending a session marks. An impersonated sign-in names the impersonator and its reason.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    /** The refresh-token family id of the sign-in. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: varchar('user_agent', { length: 512 }),
    address: varchar('address', { length: 64 }),
    method: varchar('method', { length: 20 }).notNull(),
    createdAt: createdAt(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** A sign-in through an organisation's identity provider (method `sso`) names it (no reference: sso's table is its own module's). */
    identityProviderId: uuid('identity_provider_id'),
    /** The provider said the person passed its own multi-factor check: it stands for the portal's second factor. */
    providerMfa: boolean('provider_mfa').notNull().default(false),
    /** What signing out at the provider needs (OIDC's id_token, SAML's NameID and SessionIndex). */
    providerLogoutHint: text('provider_logout_hint'),
  },
  (t) => [index('sign_ins_user_idx').on(t.userId, t.createdAt)],
);
