import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    type: varchar('type', { length: 50 }).notNull(),
    address: varchar('address', { length: 500 }).notNull(),
    phone: varchar('phone', { length: 50 }).notNull(),
    website: varchar('website', { length: 255 }),
    contactPhone: varchar('contact_phone', { length: 50 }),
    /** Name, email, phone and the rest folded by contract/fold.ts: diacritics and case ignored by search. */
    searchText: text('search_text').notNull().default(''),
    nameFolded: varchar('name_folded', { length: 255 }).notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('partners_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('partners_name_trgm_idx').using('gin', sql`${t.nameFolded} gin_trgm_ops`),
    index('partners_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('partners_name_idx').on(t.name, t.id),
    index('partners_created_idx').on(t.createdAt, t.id),
  ],
);
