import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { FormSection, FormStatus } from '../../../contract/forms';
import { createdAt, updatedAt } from '../../db/columns';

/** A form definition: what its versions share (onboarding rules and partner forms name it). */
export const formDefinitions = pgTable('form_definitions', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: createdAt(),
});

/**
 * One version of a form definition (API `forms`): Editing → Ready → Outdate. Its sections and questions are one
 * document, saved whole with If-Match, copied whole by "new version".
 */
export const formVersions = pgTable(
  'form_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => formDefinitions.id),
    versionNumber: integer('version_number').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    type: varchar('type', { length: 50 }).notNull().default(''),
    note: varchar('note', { length: 1000 }).notNull().default(''),
    status: varchar('status', { length: 10 }).$type<FormStatus>().notNull().default('Editing'),
    sections: jsonb('sections').$type<FormSection[]>().notNull().default([]),
    /** The validation rules the questions use, so "which Ready forms use this rule" is one indexed query. */
    ruleIds: uuid('rule_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    totalFields: integer('total_fields').notNull().default(0),
    requiredFields: integer('required_fields').notNull().default(0),
    /** Name folded by contract/fold.ts, for the keyword search. */
    searchText: text('search_text').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('form_versions_number_idx').on(t.definitionId, t.versionNumber),
    uniqueIndex('form_versions_one_ready_idx')
      .on(t.definitionId)
      .where(sql`${t.status} = 'Ready' and ${t.deletedAt} is null`),
    uniqueIndex('form_versions_one_editing_idx')
      .on(t.definitionId)
      .where(sql`${t.status} = 'Editing' and ${t.deletedAt} is null`),
    index('form_versions_status_idx').on(t.status, t.updatedAt),
    index('form_versions_created_idx').on(t.createdAt, t.id),
    index('form_versions_rule_ids_idx').using('gin', t.ruleIds),
    index('form_versions_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
