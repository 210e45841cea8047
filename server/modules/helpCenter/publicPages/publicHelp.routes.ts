import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HELP_LANGUAGES, HELP_QUERY_MAX, helpCategoryName, type HelpLanguage } from '../../../../contract/helpCenter';
import type { AppContext } from '../../../context';
import { registerPageRefusal } from '../../../core/errorHandlers';
import { ApiError } from '../../../core/errors';
import { articleView, readableCategories, searchArticles } from '../helpSearch';
import { queryTermsOf } from '../helpSnippets';
import { helpArticlePage, helpNotFoundPage } from './publicHelpArticlePage';
import { publicHelpIndex } from './publicHelpIndex';
import { helpHomePage, helpSearchPage } from './publicHelpListPage';
import { isArticleSlug, PUBLIC_HELP_ROOTS, publicHelpLanguageOf } from './publicHelpPaths';
import { renderPublicHelpPage, type PublicHelpPage } from './publicHelpShell';

/** Hits a search page shows; more words narrow it (the page says so). */
const SEARCH_HITS = 20;
const routeConfig = { config: { access: 'public' as const }, schema: { hide: true } };

/** The first `q` of a query string, cut to what a search reads. */
function queryOf(query: unknown): string {
  const q = (query as Record<string, unknown> | undefined)?.q;
  const first = Array.isArray(q) ? q[0] : q;
  return typeof first === 'string' ? first.slice(0, HELP_QUERY_MAX).trim() : '';
}

/**
 * A page as the answer: revalidated on each visit (no-cache), a 304 when the reader's copy is the same (the ETag is
 * the page's hash). The page depends on its address alone (the language is in the path, no cookie or header is
 * read), so there is nothing to Vary on.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string, status = 200) {
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  reply.code(status).header('cache-control', 'no-cache').header('etag', etag);
  if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('text/html; charset=utf-8').send(html);
}

/**
 * The public help center as server-rendered pages, without the app's JavaScript (issue 39 item 6): `/help`,
 * `/help?q=`, `/help/{slug}` and the same under `/vi`. Signed-out visitors' articles only, whoever asks: the page is
 * the same for everyone at an address, so it may be cached as a page (no-cache: revalidated, a publish shows at once).
 */
export const publicHelpRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const origin = ctx.config.publicUrl;
  const send = (request: FastifyRequest, reply: FastifyReply, page: PublicHelpPage, status = 200) =>
    sendPage(request, reply, renderPublicHelpPage(origin, page), status);
  // An address Fastify cannot read (percent-encoding that is not UTF-8) under /help: the help center's 404, not an envelope.
  registerPageRefusal('help-public-pages', (request, reply) => {
    const language = publicHelpLanguageOf(request.url);
    if (language) void sendPage(request, reply, renderPublicHelpPage('', helpNotFoundPage(language)), 404);
    return language !== null;
  });

  async function article(language: HelpLanguage, slug: string) {
    if (!isArticleSlug(slug)) return null;
    try {
      return await articleView(db, null, slug, language);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) return null;
      throw error;
    }
  }

  for (const language of HELP_LANGUAGES) {
    const root = PUBLIC_HELP_ROOTS[language];

    app.get(root, routeConfig, async (request, reply) => {
      const q = queryOf(request.query);
      if (!q) return send(request, reply, helpHomePage(language, await publicHelpIndex(db, language)));
      // Words a search cannot read (punctuation alone) find nothing, rather than every article.
      const found = queryTermsOf(q).length
        ? await searchArticles(db, null, { q, lang: language, page: 1, perPage: SEARCH_HITS })
        : { items: [], totalCount: 0 };
      return send(request, reply, helpSearchPage(language, q, found));
    });

    app.get<{ Params: { '*': string } }>(`${root}/*`, routeConfig, async (request, reply) => {
      const slug = request.params['*'];
      const found = await article(language, slug);
      if (!found) return send(request, reply, helpNotFoundPage(language), 404);
      const category = found.categoryId ? (await readableCategories(db, null)).find((c) => c.id === found.categoryId) : undefined;
      return send(request, reply, helpArticlePage(language, found, category ? { id: category.id, name: helpCategoryName(category, language) } : null));
    });
  }
};
