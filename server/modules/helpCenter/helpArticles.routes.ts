import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { permission } from '../../../contract/permissions';
import { helpArticleDtoSchema, helpArticleVersionDtoSchema, helpInsightsDtoSchema } from '../../../contract/schemas/helpCenter.dto';
import type { AppContext } from '../../context';
import { createCrudService, registerCrudRoutes } from '../../core/crud';
import { send } from '../../core/envelope';
import { ApiError } from '../../core/errors';
import { requirePrincipal } from '../../core/guard';
import { answers, idParams, routeDocs } from '../../core/openapi/routeDocs';
import { ifMatchOf, withEtag } from '../../core/recordVersion';
import { helpArticlesResource } from './helpArticles.resource';
import { createArticleVersions, recordVersion } from './helpArticles.versions';
import { helpInsights } from './helpFeedback';

type IdParams = { Params: { id: string } };
type VersionParams = { Params: { id: string; number: string } };
const tags = ['help-articles'];
const versionParams = idParams.shape({ number: yup.number().integer().min(1).required() });

/** A version's number from the path: a whole number, else 404 (as a missing one). */
function versionNumberOf(raw: string) {
  if (!/^\d{1,9}$/.test(raw)) throw new ApiError(404, 'api.notFound');
  return Number(raw);
}

/** Staff's side of the help center: `help-articles` as every declared resource, its publication and versions, the insights. */
export const helpArticlesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createCrudService(ctx, helpArticlesResource);
  registerCrudRoutes(app, service);
  const versions = createArticleVersions(ctx, service as never);
  ctx.events.handleInTransaction('ResourceChanged', async (tx, event) => {
    if (event.resource === 'help-articles' && event.action !== 'deleted') await recordVersion(tx, event.id);
  });

  const configure = { access: permission('HelpArticles', 'Configure') };
  const change = { params: idParams, headers: ['ifMatch' as const], response: { 200: helpArticleDtoSchema } };
  for (const [path, summary, act] of [
    ['publish', 'Publish the working copy of one of help-articles as a new published version (If-Match: its version)', versions.publish],
    ['unpublish', 'Take one of help-articles off the help center (If-Match: its version)', versions.unpublish],
  ] as const)
    app.post<IdParams>(`/help-articles/:id/${path}`, { config: configure, schema: { tags, summary, ...routeDocs(change) } }, async (request, reply) => {
      const dto = await act(requirePrincipal(request), request.params.id, ifMatchOf(request));
      withEtag(reply, dto.version);
      return send(request, reply, dto);
    });

  app.get<IdParams>(
    '/help-articles/:id/versions',
    {
      config: { access: permission('HelpArticles', 'View') },
      schema: {
        tags,
        summary: 'The versions of one of help-articles, newest first (titles, not bodies)',
        ...routeDocs({ params: idParams, response: { 200: answers.listOf(helpArticleVersionDtoSchema) } }),
      },
    },
    async (request, reply) => send(request, reply, await versions.list(requirePrincipal(request), request.params.id)),
  );

  app.get<VersionParams>(
    '/help-articles/:id/versions/:number',
    {
      config: { access: permission('HelpArticles', 'View') },
      schema: {
        tags,
        summary: 'One version of one of help-articles, whole',
        ...routeDocs({ params: versionParams, response: { 200: helpArticleVersionDtoSchema } }),
      },
    },
    async (request, reply) => send(request, reply, await versions.one(requirePrincipal(request), request.params.id, versionNumberOf(request.params.number))),
  );

  app.get(
    '/help-center/insights',
    {
      config: { access: permission('HelpArticles', 'View') },
      schema: {
        tags,
        summary: "The help center's figures: tickets avoided, searches that found nothing, feedback",
        ...routeDocs({ response: { 200: helpInsightsDtoSchema } }),
      },
    },
    async (request, reply) => send(request, reply, await helpInsights(ctx.db)),
  );
};
