import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import * as yup from 'yup';
import { foldForSearch } from '../../../contract/fold';
import {
  HELP_ARTICLE_STATUSES,
  HELP_AUDIENCES,
  HELP_BODY_MAX,
  helpArticleInputSchema,
  type HelpArticleDto,
  type HelpArticleInput,
  type HelpTranslation,
} from '../../../contract/helpCenter';
import { id } from '../../../contract/schemas/fields';
import { helpArticleDtoSchema } from '../../../contract/schemas/helpCenter.dto';
import type { CrudResource, CrudRow } from '../../core/crud';
import { ApiError, fieldError } from '../../core/errors';
import { containsFolded, containsFoldedIn, keywordOf } from '../../core/search';
import { partners } from '../partners/partners.schema';
import { toSafeArticleHtml } from './articleHtml';
import { helpArticles, helpCategories, helpFeedback } from './helpCenter.schema';

/** What a save stores beside the input: decided in the write's transaction (beforeWrite), read by toValues. */
interface ArticleWrite extends HelpArticleInput {
  /** A new article's id, chosen before the insert so its first version can name it. */
  newId?: string;
  /** The number of the version this save makes. */
  savedVersion?: number;
}

/** Named by its table, not a column object: a RETURNING writes columns unqualified, and `id` would be the feedback's. */
const feedbackCount = (helpful: boolean) =>
  Object.assign(sql`(select count(*)::int from ${helpFeedback} f where f.article_id = help_articles.id and f.helpful = ${helpful})`.mapWith(Number), {
    notNull: true,
  });

const translationOf = (title: unknown, body: unknown): HelpTranslation | null =>
  typeof title === 'string' ? { title, body: typeof body === 'string' ? body : '' } : null;

const isoOrNull = (value: unknown) => (value instanceof Date ? value.toISOString() : ((value as string | null) ?? null));
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string));

export function articleDtoOf(row: CrudRow): Omit<HelpArticleDto, 'version'> {
  return {
    id: row.id,
    slug: row.slug as string,
    categoryId: (row.categoryId as string | null) ?? null,
    audience: row.audience as HelpArticleDto['audience'],
    partnerIds: (row.partnerIds as string[]) ?? [],
    status: row.status as HelpArticleDto['status'],
    en: translationOf(row.enTitle, row.enBody),
    vi: translationOf(row.viTitle, row.viBody),
    publishedVersion: (row.publishedVersion as number | null) ?? null,
    publishedAt: isoOrNull(row.publishedAt),
    latestVersion: row.latestVersion as number,
    helpfulYes: (row.helpfulYes as number) ?? 0,
    helpfulNo: (row.helpfulNo as number) ?? 0,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    updatedBy: (row.updatedBy as string | null) ?? null,
  };
}

/** Fields `advancedSearch.fields` may limit the keyword to (contract/apiResources.ts); without: slug and titles. */
const SEARCH_FIELDS = ['slug'];

function keywordWhere(search: Record<string, unknown>) {
  const keyword = keywordOf(search);
  const named = (search.advancedSearch as { fields?: string[] } | undefined)?.fields;
  if (!keyword || !named?.length) return containsFolded(helpArticles.searchText, keyword);
  const unknown = named.findIndex((field) => !SEARCH_FIELDS.includes(field));
  if (unknown >= 0)
    throw new ApiError(400, 'api.searchFieldNotAllowed', [{ field: `advancedSearch.fields[${unknown}]`, message: 'api.searchFieldNotAllowed' }], {
      allowed: SEARCH_FIELDS.join(', '),
    });
  return containsFoldedIn(helpArticles.slug, keyword);
}

/** Sanitises both bodies in place and refuses one that is too long once stored. */
function sanitiseBodies(input: ArticleWrite) {
  for (const language of ['en', 'vi'] as const) {
    const translation = input[language];
    if (!translation) continue;
    translation.body = toSafeArticleHtml(translation.body ?? '');
    if (translation.body.length > HELP_BODY_MAX) throw fieldError(`${language}.body`, 'validation.helpBodyTooLong');
  }
}

/**
 * Staff's `help-articles` as a CRUD resource (server/core/crud): the declared resources' routes, paging, ETag
 * (412 on a stale If-Match) and audit, with the contract's input (nested translations, chosen partners) that a
 * declaration's flat fields cannot say. Each save makes a version (helpArticles.versions.ts).
 */
export const helpArticlesResource: CrudResource<ArticleWrite, Omit<HelpArticleDto, 'version'>> = {
  name: 'help-articles',
  permissions: 'HelpArticles',
  table: helpArticles,
  schema: helpArticleInputSchema,
  searchFilters: {
    categoryId: id().optional(),
    audience: yup.string().oneOf(HELP_AUDIENCES).optional(),
    status: yup.string().oneOf(HELP_ARTICLE_STATUSES).optional(),
  },
  dtoSchema: helpArticleDtoSchema,
  toDto: articleDtoOf,
  computed: { helpfulYes: feedbackCount(true), helpfulNo: feedbackCount(false) },
  toValues(input, principal) {
    return {
      ...(input.newId ? { id: input.newId } : {}),
      slug: input.slug,
      categoryId: input.categoryId ?? null,
      audience: input.audience,
      partnerIds: input.audience === 'chosenPartners' ? [...new Set(input.partnerIds.map((id) => id.toLowerCase()))] : [],
      enTitle: input.en?.title ?? null,
      enBody: input.en ? input.en.body : null,
      viTitle: input.vi?.title ?? null,
      viBody: input.vi ? input.vi.body : null,
      latestVersion: input.savedVersion ?? 1,
      updatedBy: principal.id,
      searchText: foldForSearch([input.slug.replace(/-/g, ' '), input.en?.title, input.vi?.title].filter(Boolean).join(' ')),
    };
  },
  sortable: {
    slug: helpArticles.slug,
    categoryId: helpArticles.categoryId,
    audience: helpArticles.audience,
    status: helpArticles.status,
    publishedVersion: helpArticles.publishedVersion,
    publishedAt: helpArticles.publishedAt,
    latestVersion: helpArticles.latestVersion,
    updatedBy: helpArticles.updatedBy,
    createdAt: helpArticles.createdAt,
    updatedAt: helpArticles.updatedAt,
  },
  defaultSort: 'updatedAt desc',
  where: (search) => [
    keywordWhere(search),
    typeof search.categoryId === 'string' ? eq(helpArticles.categoryId, search.categoryId.toLowerCase()) : undefined,
    typeof search.audience === 'string' ? eq(helpArticles.audience, search.audience) : undefined,
    typeof search.status === 'string' ? eq(helpArticles.status, search.status) : undefined,
  ],
  csv: [
    { header: 'id', value: (row) => row.id },
    { header: 'slug', value: (row) => row.slug },
    { header: 'titleEn', value: (row) => row.en?.title ?? '' },
    { header: 'titleVi', value: (row) => row.vi?.title ?? '' },
    { header: 'audience', value: (row) => row.audience },
    { header: 'status', value: (row) => row.status },
    { header: 'publishedVersion', value: (row) => row.publishedVersion },
    { header: 'updatedAt', value: (row) => row.updatedAt },
  ],
  async beforeWrite(tx, input, existing) {
    sanitiseBodies(input);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`help_articles.slug:${input.slug}`}))`);
    const [taken] = await tx
      .select({ id: helpArticles.id })
      .from(helpArticles)
      .where(and(eq(helpArticles.slug, input.slug), existing ? sql`${helpArticles.id} <> ${existing.id}` : undefined));
    if (taken) throw fieldError('slug', 'validation.helpSlugTaken');
    if (input.categoryId) {
      const [category] = await tx.select({ id: helpCategories.id }).from(helpCategories).where(eq(helpCategories.id, input.categoryId.toLowerCase()));
      if (!category) throw fieldError('categoryId', 'validation.referenceNotFound');
    }
    if (input.audience === 'chosenPartners') {
      const wanted = [...new Set(input.partnerIds.map((id) => id.toLowerCase()))];
      const found = await tx.select({ id: partners.id }).from(partners).where(inArray(partners.id, wanted));
      const missing = input.partnerIds.findIndex((id) => !found.some((p) => p.id === id.toLowerCase()));
      if (missing >= 0) throw fieldError(`partnerIds[${missing}]`, 'validation.referenceNotFound');
    }
    input.savedVersion = existing ? (existing.latestVersion as number) + 1 : 1;
    // Whatever a client sent in these keys, the save decides them.
    input.newId = existing ? undefined : randomUUID();
  },
};

/** The columns of an article row as stored (its version's hash reads these, not the computed counts). */
export const articleColumns = getTableColumns(helpArticles);
