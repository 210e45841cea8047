import { index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import type { CannedLanguage } from '../../../contract/cannedResponses';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../users/users.schema';

/** Canned responses (issue 25): shared (owner null) or one staff user's own; deleted for good (nothing refers to them). */
export const cannedResponses = pgTable(
  'canned_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: varchar('title', { length: 120 }).notNull(),
    /** Plain text with {{placeholders}}. */
    body: text('body').notNull(),
    language: varchar('language', { length: 2 }).$type<CannedLanguage>(),
    /** The owner of a personal response; null for a shared one. A user's own go with them. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Title and text folded by contract/fold.ts, for the keyword search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('canned_responses_owner_idx').on(t.ownerId, t.title)],
);
