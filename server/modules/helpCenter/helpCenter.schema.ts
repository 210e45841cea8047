import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { HELP_QUERY_MAX, HELP_SLUG_MAX, HELP_TITLE_MAX } from '../../../contract/helpCenter';
import { helpCategoriesDeclaration } from '../../../contract/resources/helpCategories';
import { declaredTable } from '../../core/declared/table';
import { createdAt, updatedAt } from '../../db/columns';
import { partners } from '../partners/partners.schema';
import { users } from '../users/users.schema';

/** Categories: the table contract/resources/helpCategories.ts declares. */
export const helpCategories = declaredTable(helpCategoriesDeclaration);

/** A text-search document; PGlite and PostgreSQL 15 both have it, with the 'simple' configuration (no stemming). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An article's working copy (what staff edit) and what is published of it (`published_version`, a row of
 * help_article_versions). `partner_ids` are the readers of a `chosenPartners` article.
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: varchar('slug', { length: HELP_SLUG_MAX }).notNull(),
    categoryId: uuid('category_id').references(() => helpCategories.id, { onDelete: 'set null' }),
    audience: varchar('audience', { length: 20 }).notNull(),
    partnerIds: uuid('partner_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    enTitle: varchar('en_title', { length: HELP_TITLE_MAX }),
    enBody: text('en_body'),
    viTitle: varchar('vi_title', { length: HELP_TITLE_MAX }),
    viBody: text('vi_body'),
    publishedVersion: integer('published_version'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    latestVersion: integer('latest_version').notNull().default(0),
    /** Staff's keyword search: the slug and both titles, folded (contract/fold.ts). */
    searchText: text('search_text').notNull().default(''),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('help_articles_slug_idx').on(t.slug),
    index('help_articles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('help_articles_category_idx').on(t.categoryId),
    index('help_articles_updated_idx').on(t.updatedAt, t.id),
    index('help_articles_created_idx').on(t.createdAt, t.id),
  ],
);

/** One row per save of an article's working copy: its text then, who saved it, and when it was published. */
export const helpArticleVersions = pgTable(
  'help_article_versions',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => helpArticles.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    enTitle: varchar('en_title', { length: HELP_TITLE_MAX }),
    enBody: text('en_body'),
    viTitle: varchar('vi_title', { length: HELP_TITLE_MAX }),
    viBody: text('vi_body'),
    editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.number] })],
);

/**
 * What search reads of a published article, one row per written language: the title and the body's text, and
 * their folded copy (contract/fold.ts) as a 'simple' document, so "huong dan" finds "hướng dẫn". Rewritten on
 * publish, removed on unpublish.
 */
export const helpArticleSearch = pgTable(
  'help_article_search',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => helpArticles.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 2 }).notNull(),
    title: varchar('title', { length: HELP_TITLE_MAX }).notNull(),
    bodyText: text('body_text').notNull(),
    titleFolded: text('title_folded').notNull(),
    bodyFolded: text('body_folded').notNull(),
    /** Title words weigh more (A) than body words (D) in the rank. */
    document: tsvector('document')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, "title_folded"), 'A') || setweight(to_tsvector('simple'::regconfig, "body_folded"), 'D')`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.language] }),
    // No pending list: publishing is rare and every search would otherwise read the list's unsorted entries whole.
    index('help_article_search_document_idx').using('gin', t.document).with({ fastupdate: false }),
  ],
);

/** "Was this helpful?" per article and language; a visitor's has no user. */
export const helpFeedback = pgTable(
  'help_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => helpArticles.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 2 }).notNull(),
    helpful: boolean('helpful').notNull(),
    comment: text('comment').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('help_feedback_article_idx').on(t.articleId, t.language), index('help_feedback_created_idx').on(t.createdAt)],
);

/** A ticket draft a partner's user ended with "this answered my question". */
export const helpDeflections = pgTable(
  'help_deflections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id').references(() => helpArticles.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    query: text('query').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('help_deflections_created_idx').on(t.createdAt)],
);

/** Searches and suggestions that found nothing, by folded query and language: how often, and when last. */
export const helpUnansweredSearches = pgTable(
  'help_unanswered_searches',
  {
    query: varchar('query', { length: HELP_QUERY_MAX }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    count: integer('count').notNull().default(1),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.query, t.language] }), index('help_unanswered_count_idx').on(t.count)],
);
