import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { AnswerValue, Answers, PartnerFormReviewState, PartnerFormStatus, ReviewAnswerChange, ReviewDecision } from '../../../contract/forms';
import { createdAt, updatedAt } from '../../db/columns';
import { formDefinitions, formVersions } from '../formDefinitions/formDefinitions.schema';
import { partners } from '../partners/partners.schema';
import { users } from '../users/users.schema';

/** An answer no longer asked (its question left the version a draft moved to): kept, never lost. */
export interface RetiredAnswer {
  questionKey: string;
  value: AnswerValue;
  fromFormId: string;
  retiredAt: string;
}

/** One assignment of one Ready version to one partner, with its answers by question key (DESIGN.md "Forms"). */
export const partnerForms = pgTable(
  'partner_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => formVersions.id),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => formDefinitions.id),
    status: varchar('status', { length: 10 }).$type<PartnerFormStatus>().notNull().default('OPEN'),
    answers: jsonb('answers').$type<Answers>().notNull().default({}),
    retiredAnswers: jsonb('retired_answers').$type<RetiredAnswer[]>().notNull().default([]),
    /** The keys whose answer was filled in at assignment from the partner record or an accepted form (issue 40). */
    prefilledKeys: jsonb('prefilled_keys').$type<string[]>().notNull().default([]),
    /** Staff's comments by question key, from the last reopen or return for changes (a returned round's flags). */
    comments: jsonb('comments').$type<Record<string, string>>().notNull().default({}),
    note: varchar('note', { length: 1000 }).notNull().default(''),
    totalFields: integer('total_fields').notNull().default(0),
    requiredFields: integer('required_fields').notNull().default(0),
    filledCount: integer('filled_count').notNull().default(0),
    /** Staff chose to let this partner finish on its version although a newer one is Ready ("keep"). */
    versionDecision: varchar('version_decision', { length: 10 }),
    assignedBy: uuid('assigned_by').references(() => users.id),
    /** Form name and partner name folded by contract/fold.ts, for the keyword search. */
    searchText: text('search_text').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Staff sent it back (reopen) and it is not submitted again: the funnel's "reopened". Cleared on submit. */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    /** The last review round's number (0: never reviewed) and where it stands (partner_form_reviews holds each round). */
    reviewRound: integer('review_round').notNull().default(0),
    /** null: no review in force; 'returned': only the flagged questions (comments' keys) take answers while OPEN. */
    reviewState: varchar('review_state', { length: 12 }).$type<PartnerFormReviewState>(),
    /** When the partner should have submitted it (set at assignment); null: no due date. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('partner_forms_one_open_idx')
      .on(t.partnerId, t.definitionId)
      .where(sql`${t.status} <> 'SUBMITTED'`),
    index('partner_forms_partner_idx').on(t.partnerId, t.updatedAt),
    index('partner_forms_form_idx').on(t.formId, t.status),
    index('partner_forms_status_idx').on(t.status, t.updatedAt),
    index('partner_forms_definition_status_idx').on(t.definitionId, t.status),
    index('partner_forms_updated_idx').on(t.updatedAt, t.id),
    index('partner_forms_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null and ${t.status} = 'OPEN'`),
    index('partner_forms_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Files answering a file or files question; the bytes are in the `partner-forms` area of the file store. */
export const partnerFormFiles = pgTable(
  'partner_form_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerFormId: uuid('partner_form_id')
      .notNull()
      .references(() => partnerForms.id, { onDelete: 'cascade' }),
    questionKey: varchar('question_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    type: varchar('type', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    storageName: varchar('storage_name', { length: 255 }).notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('partner_form_files_form_idx').on(t.partnerFormId, t.questionKey)],
);

/**
 * One review round of a submitted partner form (issue 24): the reviewer's decision per question key (accepted, or
 * flagged with a comment), the note, the version and the answers as they were; once the partner resubmits a
 * returned round, what they changed (old → new by question key).
 */
export const partnerFormReviews = pgTable(
  'partner_form_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerFormId: uuid('partner_form_id')
      .notNull()
      .references(() => partnerForms.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    /** 'returned': sent back for the flagged questions; 'accepted': the submission approved. */
    outcome: varchar('outcome', { length: 10 }).$type<'returned' | 'accepted'>().notNull(),
    formId: uuid('form_id')
      .notNull()
      .references(() => formVersions.id),
    reviewerId: uuid('reviewer_id').references(() => users.id),
    decisions: jsonb('decisions').$type<Record<string, ReviewDecision>>().notNull().default({}),
    note: varchar('note', { length: 1000 }).notNull().default(''),
    answers: jsonb('answers').$type<Answers>().notNull().default({}),
    resubmittedAt: timestamp('resubmitted_at', { withTimezone: true }),
    changes: jsonb('changes').$type<Record<string, ReviewAnswerChange>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('partner_form_reviews_round_idx').on(t.partnerFormId, t.round)],
);
