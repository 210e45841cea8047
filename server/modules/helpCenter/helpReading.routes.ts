import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { helpDeflectionSchema, helpFeedbackSchema, helpSearchQuerySchema, helpSuggestionSchema } from '../../../contract/helpCenter';
import { helpArticleHitDtoSchema, helpArticleViewDtoSchema, helpCategoryDtoSchema } from '../../../contract/schemas/helpCenter.dto';
import type { AppContext } from '../../context';
import { send } from '../../core/envelope';
import { requirePrincipal } from '../../core/guard';
import { answers, routeDocs } from '../../core/openapi/routeDocs';
import { withQueryNumbers } from '../../core/search';
import { validate } from '../../core/validation';
import { recordDeflection, recordFeedback } from './helpFeedback';
import type { HelpReader } from './helpReaders';
import { articleView, readableCategories, searchArticles, suggestArticles } from './helpSearch';

type SlugParams = { Params: { slug: string } };
const tags = ['help'];
const slugParams = yup.object({ slug: yup.string().required() });
const langQuery = yup.object({ lang: helpSearchQuerySchema.fields.lang as yup.Schema });
/** Visitors without a token, and every signed-in user (no permission): each reads what is published for them. */
const reading = { access: 'publicOrSignedIn' as const };
const security: { [label: string]: string[] }[] = [{}, { bearer: [] }];

const readerOf = (request: FastifyRequest): HelpReader => request.principal ?? null;

/** The help center as its readers reach it: `/help/...`, the same answers for a token's user and a visitor's. */
export const helpReadingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/help/articles',
    {
      config: reading,
      schema: {
        tags,
        security,
        summary: 'The published articles the reader may read, searched with q',
        ...routeDocs({ querystring: helpSearchQuerySchema, response: { 200: answers.pageOf(helpArticleHitDtoSchema) } }),
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await searchArticles(
          db,
          readerOf(request),
          await validate(helpSearchQuerySchema, withQueryNumbers(request.query as Record<string, unknown>, ['page', 'perPage'])),
        ),
      ),
  );

  app.get<SlugParams>(
    '/help/articles/:slug',
    {
      config: reading,
      schema: {
        tags,
        security,
        summary: 'One published article in the language asked for (or the other)',
        ...routeDocs({ params: slugParams, querystring: langQuery, response: { 200: helpArticleViewDtoSchema } }),
      },
    },
    async (request, reply) => {
      const { lang } = await validate(helpSearchQuerySchema.pick(['lang']), request.query);
      return send(request, reply, await articleView(db, readerOf(request), request.params.slug, lang));
    },
  );

  app.get(
    '/help/categories',
    {
      config: reading,
      schema: {
        tags,
        security,
        summary: 'The categories holding an article the reader may read',
        ...routeDocs({ response: { 200: answers.listOf(helpCategoryDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await readableCategories(db, readerOf(request))),
  );

  app.post(
    '/help/suggestions',
    {
      config: reading,
      schema: {
        tags,
        security,
        summary: "The best articles for a ticket draft's subject and description",
        ...routeDocs({ body: helpSuggestionSchema, response: { 200: answers.listOf(helpArticleHitDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await suggestArticles(db, readerOf(request), await validate(helpSuggestionSchema, request.body))),
  );

  app.post<SlugParams>(
    '/help/articles/:slug/feedback',
    {
      config: reading,
      schema: {
        tags,
        security,
        summary: 'Was this article helpful (per language, with an optional comment)',
        ...routeDocs({ params: slugParams, body: helpFeedbackSchema, response: { 201: answers.none } }),
      },
    },
    async (request, reply) => {
      await recordFeedback(db, readerOf(request), request.params.slug, await validate(helpFeedbackSchema, request.body));
      return send(request, reply, null, { statusCode: 201 });
    },
  );

  app.post(
    '/help/deflections',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: '"This answered my question": a ticket draft ended by an article',
        ...routeDocs({ body: helpDeflectionSchema, response: { 201: answers.none } }),
      },
    },
    async (request, reply) => {
      await recordDeflection(db, requirePrincipal(request), await validate(helpDeflectionSchema, request.body));
      return send(request, reply, null, { statusCode: 201 });
    },
  );
};
