import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/** Validation rules of text answers (DESIGN.md "Forms"); soft-deleted, so published versions keep their copies' origin. */
export const validationRules = pgTable(
  'validation_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 255 }).notNull(),
    suggestText: varchar('suggest_text', { length: 500 }).notNull().default(''),
    errorText: varchar('error_text', { length: 500 }).notNull().default(''),
    minLength: integer('min_length'),
    maxLength: integer('max_length'),
    regex: varchar('regex', { length: 1000 }),
    /** Name and texts folded by contract/fold.ts, for the keyword search. */
    searchText: text('search_text').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('validation_rules_name_idx')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('validation_rules_created_idx').on(t.createdAt, t.id),
    index('validation_rules_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
