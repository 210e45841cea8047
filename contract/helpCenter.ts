import * as yup from 'yup';
import { msg } from './schemas/messages';
import { id, requiredText, text } from './schemas/fields';

/**
 * The help center (issue 39): articles in categories, each in English and Vietnamese, written by staff, published
 * for an audience, searched and suggested while a partner writes a ticket. This file is the HTTP contract both
 * sides keep; the server's rules live in server/modules/helpCenter/, the screens in src/resources/helpArticles/ and
 * src/helpCenter/.
 *
 * Routes (all under /api/v1; envelopes and errors as everywhere else):
 * - Staff, permission `HelpArticles` (View, Search, Create, Update, Delete; Configure publishes and unpublishes):
 *   the declared resource `help-articles` (list/search/get/create/update/delete as every declared resource), and
 *   `POST /help-articles/{id}/publish` (publishes the working copy as a new published version),
 *   `POST /help-articles/{id}/unpublish`, `GET /help-articles/{id}/versions` (newest first, without bodies),
 *   `GET /help-articles/{id}/versions/{number}` (one version whole), `GET /help-center/insights` (Home's figures).
 *   Categories are the declared resource `help-categories` (permission `HelpCategories`).
 * - Any signed-in user (a partner's users and staff), no permission: what is published for them only, anything else
 *   404: `GET /help/articles` (query: q, categoryId, page, perPage, lang), `GET /help/articles/{slug}`,
 *   `GET /help/categories`, `POST /help/suggestions`, `POST /help/articles/{slug}/feedback`,
 *   `POST /help/deflections` ("this answered my question").
 * - Signed out: the public help center's pages, rendered by the server without the app's JavaScript:
 *   `GET /help` and `GET /help/{slug}` (English), `GET /vi/help` and `GET /vi/help/{slug}` (Vietnamese), public
 *   articles only; the same JSON routes above answer public articles to a request without a token.
 *
 * Answers (the envelope's data): `GET /help/articles` a `PagedResult<HelpArticleHitDto>` (with `q` empty: the
 * articles of the category, newest first, `snippet` the start of the body); `GET /help/articles/{slug}` (query:
 * lang) a `HelpArticleViewDto`; `GET /help/categories` a `HelpCategoryDto[]` by position; `POST /help/suggestions`
 * a `HelpArticleHitDto[]` of at most HELP_SUGGESTIONS; feedback and deflections null (201);
 * `GET /help-articles/{id}/versions` a `HelpArticleVersionDto[]` whose `en` and `vi` carry titles only (body '');
 * publish and unpublish the article's `HelpArticleDto`.
 */

export const HELP_LANGUAGES = ['en', 'vi'] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

/**
 * Who reads a published article: signed-out visitors and everyone signed in (`public`), every partner's users and
 * staff (`partners`), the users of the partners in `partnerIds` and staff (`chosenPartners`), or staff only.
 */
export const HELP_AUDIENCES = ['public', 'partners', 'chosenPartners', 'staff'] as const;
export type HelpAudience = (typeof HELP_AUDIENCES)[number];

export const HELP_ARTICLE_STATUSES = ['draft', 'published'] as const;
export type HelpArticleStatus = (typeof HELP_ARTICLE_STATUSES)[number];

export const HELP_TITLE_MAX = 200;
/** Stored HTML (after the server's sanitiser): about 40 printed pages. */
export const HELP_BODY_MAX = 200_000;
export const HELP_SLUG_MAX = 120;
export const HELP_CATEGORY_NAME_MAX = 100;
/** As many as a bulk PATCH's `data` list may hold (server/core/crud/bulkSchemas.ts), so both refuse one more alike. */
export const HELP_CHOSEN_PARTNERS_MAX = 1000;
export const HELP_QUERY_MAX = 200;
export const HELP_FEEDBACK_COMMENT_MAX = 2000;
/** What a ticket draft sends for suggestions: its subject and the start of its description. */
export const HELP_SUGGESTION_TEXT_MAX = 2000;
export const HELP_SUGGESTIONS = 3;

/** Lower-case words of letters and digits joined by hyphens: the address of an article (`/help/{slug}`). */
export const HELP_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One language's text of an article; `null` where that translation is not written yet. */
export interface HelpTranslation {
  title: string;
  /** Sanitised HTML on the allow-list of contract/html/allowList.ts (headings, lists, links, images, tables, code). */
  body: string;
}

/** An article as staff edit it (`help-articles`): the working copy, and what is published now. */
export interface HelpArticleDto {
  id: string;
  slug: string;
  categoryId: string | null;
  audience: HelpAudience;
  /** With `chosenPartners`: who reads it; empty otherwise. */
  partnerIds: string[];
  status: HelpArticleStatus;
  en: HelpTranslation | null;
  vi: HelpTranslation | null;
  /** The number of the published version, null while never published. */
  publishedVersion: number | null;
  publishedAt: string | null;
  /** The newest version's number (each save of the working copy makes one). */
  latestVersion: number;
  helpfulYes: number;
  helpfulNo: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
  /** The record's version as every declared resource's: answered as the ETag, sent back as If-Match (412 when stale). */
  version: string;
}

export interface HelpArticleVersionDto {
  articleId: string;
  number: number;
  en: HelpTranslation | null;
  vi: HelpTranslation | null;
  /** Whether this version was published (and when). */
  publishedAt: string | null;
  editedBy: string | null;
  editedByName: string | null;
  editedAt: string;
}

/** An article as a reader sees it: the published version, in the language asked for or the other one. */
export interface HelpArticleViewDto {
  id: string;
  slug: string;
  categoryId: string | null;
  /** The language `title` and `body` are in: the one asked for, or the other when that one is not written. */
  language: HelpLanguage;
  /** True when the language asked for has no translation and the other is shown. */
  translationMissing: boolean;
  /** The languages this article is written in (links between translations). */
  languages: HelpLanguage[];
  title: string;
  body: string;
  publishedAt: string;
}

/** A search or suggestion hit: `snippet` is escaped text with the matched words in `<mark>` (nothing else). */
export interface HelpArticleHitDto {
  id: string;
  slug: string;
  language: HelpLanguage;
  title: string;
  snippet: string;
  rank: number;
}

export interface HelpCategoryDto {
  id: string;
  nameEn: string;
  nameVi: string;
  position: number;
}

/** The help center's other language: where a missing translation is read, and what the language links offer. */
export const otherHelpLanguage = (language: HelpLanguage): HelpLanguage => (language === 'en' ? 'vi' : 'en');

/** A category's name in a language (the app's locale or a public page's language); English for any other. */
export const helpCategoryName = (category: Pick<HelpCategoryDto, 'nameEn' | 'nameVi'>, language: string) =>
  language === 'vi' ? category.nameVi : category.nameEn;

/** Staff Home's help-center card. */
export interface HelpInsightsDto {
  /** Ticket drafts a partner ended with "this answered my question", in the last 30 days and ever. */
  deflectedLast30Days: number;
  deflectedTotal: number;
  /** Searches and suggestions that found nothing, most asked first (a list to write articles from). */
  unanswered: { query: string; language: HelpLanguage; count: number; lastAskedAt: string }[];
  /** Per article and language: the helpful / not helpful answers, and the latest comments. */
  feedback: { articleId: string; slug: string; title: string; language: HelpLanguage; yes: number; no: number; comments: { text: string; at: string }[] }[];
}

const language = yup.string<HelpLanguage>().oneOf(HELP_LANGUAGES, msg('validation.fallback'));

const translationSchema = yup
  .object({ title: requiredText(HELP_TITLE_MAX), body: text(HELP_BODY_MAX).defined().default('') })
  .nullable()
  .default(null);

/** The working copy staff save (create and update): at least one translation. */
export const helpArticleInputSchema = yup
  .object({
    slug: requiredText(HELP_SLUG_MAX).matches(HELP_SLUG_PATTERN, msg('validation.helpSlug')),
    categoryId: id().nullable().default(null),
    audience: yup.string<HelpAudience>().oneOf(HELP_AUDIENCES, msg('validation.fallback')).required(),
    partnerIds: yup.array(id().required()).max(HELP_CHOSEN_PARTNERS_MAX).default([]),
    en: translationSchema,
    vi: translationSchema,
  })
  .test('oneTranslation', msg('validation.helpOneTranslation'), (value) => Boolean(value?.en || value?.vi))
  .test('chosenPartners', msg('validation.helpChoosePartners'), (value) => value?.audience !== 'chosenPartners' || (value.partnerIds?.length ?? 0) > 0);
export type HelpArticleInput = yup.InferType<typeof helpArticleInputSchema>;

export const helpSearchQuerySchema = yup.object({
  q: text(HELP_QUERY_MAX).default(''),
  categoryId: id().optional(),
  lang: language.default('en'),
  page: yup.number().integer().min(1).max(10_000).default(1),
  perPage: yup.number().integer().min(1).max(50).default(10),
});

export const helpSuggestionSchema = yup.object({
  subject: text(HELP_SUGGESTION_TEXT_MAX).default(''),
  description: text(HELP_SUGGESTION_TEXT_MAX).default(''),
  lang: language.default('en'),
});

export const helpFeedbackSchema = yup.object({
  helpful: yup.boolean().required(),
  language: language.required(),
  comment: text(HELP_FEEDBACK_COMMENT_MAX).default(''),
});

/** "This answered my question" from a ticket draft: which article, and what the draft said (for the insights). */
export const helpDeflectionSchema = yup.object({
  articleId: id().required(),
  query: text(HELP_SUGGESTION_TEXT_MAX).default(''),
});
