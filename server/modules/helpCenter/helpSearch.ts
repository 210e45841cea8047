import { and, asc, eq, sql } from 'drizzle-orm';
import { foldForSearch } from '../../../contract/fold';
import type { PagedResult } from '../../../contract/envelope';
import {
  HELP_LANGUAGES,
  HELP_QUERY_MAX,
  HELP_SUGGESTIONS,
  otherHelpLanguage,
  type HelpArticleHitDto,
  type HelpArticleViewDto,
  type HelpCategoryDto,
  type HelpLanguage,
} from '../../../contract/helpCenter';
import type { Db } from '../../db/client';
import { ApiError } from '../../core/errors';
import { helpArticleSearch, helpArticles, helpArticleVersions, helpCategories, helpUnansweredSearches } from './helpCenter.schema';
import { readableBy, type HelpReader } from './helpReaders';
import { lastTypedTerm, queryTermsOf, snippetOf, tsQueryOf } from './helpSnippets';

interface Found {
  id: string;
  slug: string;
  language: HelpLanguage;
  title: string;
  body_text: string;
  rank: number;
  total: number;
}

interface FindOptions {
  terms: string[];
  /** All words (a search) or any (a suggestion from a ticket draft, ranked by how many it has). */
  join: '&' | '|';
  /** The words matched as prefixes; all of them when absent. */
  typed?: Set<string>;
  language: HelpLanguage;
  categoryId?: string;
  limit: number;
  offset: number;
}

/**
 * Published articles the reader may read, best first: with words, those whose title or text (either language)
 * has them, ranked; without, the newest. One hit per article, in the language asked for when that one matched.
 * The costly parts run on as few rows as they can: the query is parsed once, matches are kept narrow (their row's
 * ctid, not their document), the readers' rule is one hash of the readable articles rather than a lookup per
 * match, only the row shown of each readable article is ranked, and only the page's title and text are read.
 */
async function findArticles(db: Db, reader: HelpReader, { terms, join, typed, language, categoryId, limit, offset }: FindOptions) {
  const query = terms.length ? sql`(select to_tsquery('simple', ${tsQueryOf(terms, join, typed)}))` : null;
  const category = categoryId ? sql`and ${helpArticles.categoryId} = ${categoryId}::uuid` : sql``;
  // A ctid names the same row version for the whole statement (one snapshot): the document is read again by it.
  const result = (await db.execute(sql`
    with readable as materialized (
      select ${helpArticles.id} as id, ${helpArticles.publishedAt} as published_at from ${helpArticles}
      where ${readableBy(reader)} ${category}
    ), matched as materialized (
      select s.article_id, s.language, s.ctid as row from ${helpArticleSearch} s ${query ? sql`where s.document @@ ${query}` : sql``}
    ), shown as (
      select m.* from matched m
      where m.language = ${language} or not exists (select 1 from matched o where o.article_id = m.article_id and o.language = ${language})
    ), ranked as materialized (
      select shown.article_id, shown.language, readable.published_at,
        ${query ? sql`ts_rank(d.document, ${query})` : sql`0`}::float8 as rank
      from shown join readable on readable.id = shown.article_id ${query ? sql`join ${helpArticleSearch} d on d.ctid = shown.row` : sql``}
    )
    select page.article_id as id, ${helpArticles.slug} as slug, page.language, s.title, s.body_text, page.rank,
      (select count(*) from ranked)::int as total
    from (select * from ranked order by rank desc, published_at desc, article_id limit ${limit} offset ${offset}) page
      join ${helpArticleSearch} s on s.article_id = page.article_id and s.language = page.language
      join ${helpArticles} on ${helpArticles.id} = page.article_id
    order by page.rank desc, page.published_at desc, page.article_id`)) as unknown as { rows: Found[] };
  return result.rows;
}

const hitOf =
  (terms: string[]) =>
  (row: Found): HelpArticleHitDto => ({
    id: row.id,
    slug: row.slug,
    language: row.language,
    title: row.title,
    snippet: snippetOf(row.body_text || row.title, terms),
    rank: Number(row.rank),
  });

/** A search or suggestion that found nothing: counted by folded words and language (staff's list to write from). */
async function countUnanswered(db: Db, text: string, language: HelpLanguage) {
  const query = foldForSearch(text).slice(0, HELP_QUERY_MAX).trim();
  if (!query) return;
  await db
    .insert(helpUnansweredSearches)
    .values({ query, language })
    .onConflictDoUpdate({
      target: [helpUnansweredSearches.query, helpUnansweredSearches.language],
      set: { count: sql`${helpUnansweredSearches.count} + 1`, lastAskedAt: new Date() },
    });
}

export interface HelpSearchInput {
  q: string;
  categoryId?: string;
  lang: HelpLanguage;
  page: number;
  perPage: number;
}

/** `GET /help/articles`: a page of what the reader may read, searched when `q` has words. */
export async function searchArticles(db: Db, reader: HelpReader, input: HelpSearchInput): Promise<PagedResult<HelpArticleHitDto>> {
  const terms = queryTermsOf(input.q);
  const rows = await findArticles(db, reader, {
    terms,
    join: '&',
    language: input.lang,
    categoryId: input.categoryId,
    limit: input.perPage,
    offset: (input.page - 1) * input.perPage,
  });
  if (terms.length && !rows.length && input.page === 1) await countUnanswered(db, input.q, input.lang);
  return { items: rows.map(hitOf(terms)), totalCount: rows[0]?.total ?? 0, currentPage: input.page, pageSize: input.perPage };
}

/**
 * `POST /help/suggestions`: the best articles for a ticket draft's subject and description (any of their words,
 * whole words but for the one being typed at the end of each field).
 */
export async function suggestArticles(db: Db, reader: HelpReader, input: { subject: string; description: string; lang: HelpLanguage }) {
  const terms = queryTermsOf(`${input.subject} ${input.description}`, 24);
  if (!terms.length) return [];
  const typed = new Set([lastTypedTerm(input.subject), lastTypedTerm(input.description)].filter((term) => term !== undefined));
  const rows = await findArticles(db, reader, { terms, join: '|', typed, language: input.lang, limit: HELP_SUGGESTIONS, offset: 0 });
  if (!rows.length) await countUnanswered(db, input.subject.trim() ? input.subject : input.description, input.lang);
  return rows.map(hitOf(terms));
}

/** `GET /help/articles/{slug}`: the published version in the language asked for, or the other one; else 404. */
export async function articleView(db: Db, reader: HelpReader, slug: string, language: HelpLanguage): Promise<HelpArticleViewDto> {
  const [row] = await db
    .select({
      id: helpArticles.id,
      slug: helpArticles.slug,
      categoryId: helpArticles.categoryId,
      publishedAt: helpArticles.publishedAt,
      enTitle: helpArticleVersions.enTitle,
      enBody: helpArticleVersions.enBody,
      viTitle: helpArticleVersions.viTitle,
      viBody: helpArticleVersions.viBody,
    })
    .from(helpArticles)
    .innerJoin(helpArticleVersions, and(eq(helpArticleVersions.articleId, helpArticles.id), eq(helpArticleVersions.number, helpArticles.publishedVersion)))
    .where(and(eq(helpArticles.slug, slug), readableBy(reader)));
  if (!row) throw new ApiError(404, 'api.notFound');
  const written = { en: row.enTitle !== null, vi: row.viTitle !== null };
  const shown: HelpLanguage = written[language] ? language : otherHelpLanguage(language);
  return {
    id: row.id,
    slug: row.slug,
    categoryId: row.categoryId,
    language: shown,
    translationMissing: shown !== language,
    languages: HELP_LANGUAGES.filter((l) => written[l]),
    title: (shown === 'en' ? row.enTitle : row.viTitle) ?? '',
    body: (shown === 'en' ? row.enBody : row.viBody) ?? '',
    publishedAt: row.publishedAt!.toISOString(),
  };
}

/** `GET /help/categories`: the categories that hold an article the reader may read, in staff's order. */
export async function readableCategories(db: Db, reader: HelpReader): Promise<HelpCategoryDto[]> {
  return db
    .select({ id: helpCategories.id, nameEn: helpCategories.nameEn, nameVi: helpCategories.nameVi, position: helpCategories.position })
    .from(helpCategories)
    .where(sql`exists (select 1 from ${helpArticles} where ${helpArticles.categoryId} = ${helpCategories.id} and ${readableBy(reader)})`)
    .orderBy(asc(helpCategories.position), asc(helpCategories.id));
}
