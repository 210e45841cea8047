import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { parseJsonBody } from '../../core/jsonBody';
import { createScimAuthentication, type ScimClient } from './scimAuth';
import { resourceTypes, schemas, serviceProviderConfig } from './scimDiscovery';
import { SCIM_CONTENT_TYPE, scimErrorHandler, ScimError, scimNotFound, sendScimError } from './scimErrors';
import { FILTER_MAX } from './scimFilter';
import { createScimGroupService, groupFieldsOf, patchedGroupFields } from './scimGroups.service';
import { boundedBody, patchOperations } from './scimInput';
import { listResponse, pageOf, scimBaseOf } from './scimResources';
import { patchedUserFields, userFieldsOf } from './scimUserFields';
import { createScimUserService } from './scimUsers.service';

type Id = { Params: { id: string } };
type ListQuery = { Querystring: Record<string, unknown> };

/** Public to the guard: the SCIM token is checked here, and nothing else is accepted. Not in /api/docs (SCIM is its own standard). */
const route = { config: { access: 'public' as const }, schema: { hide: true } };

/** The query's `filter`: one string within FILTER_MAX, or none. */
function filterOf(query: Record<string, unknown>): string | undefined {
  const filter = query.filter;
  if (filter === undefined || filter === '') return undefined;
  if (typeof filter !== 'string' || filter.length > FILTER_MAX) throw new ScimError(400, 'scim.invalidFilter', 'invalidFilter');
  return filter;
}

/** Whether `excludedAttributes` leaves members out (Entra ID asks so when it looks a group up). */
const withoutMembers = (query: Record<string, unknown>) =>
  typeof query.excludedAttributes === 'string' && query.excludedAttributes.split(',').some((a) => a.trim().toLowerCase() === 'members');

/**
 * SCIM 2.0 (RFC 7644) at `/scim/v2/`: the partner's identity provider creates, updates, deactivates and deletes the
 * partner's users and pushes groups that map to roles, with a SCIM token of that partner (scimTokens.routes.ts).
 */
export const scimRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const authenticate = createScimAuthentication(ctx);
  const usersService = createScimUserService(ctx);
  const groupsService = createScimGroupService(ctx);
  const base = scimBaseOf(ctx);
  const clients = new WeakMap<FastifyRequest, ScimClient>();
  const clientOf = (request: FastifyRequest) => clients.get(request)!;

  app.setErrorHandler(scimErrorHandler);
  app.setNotFoundHandler((request, reply) => sendScimError(request, reply, scimNotFound('scim.noSuchEndpoint')));
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, parseJsonBody(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // Before the body is read: a request without a live token is refused unparsed, and counted against its token's limit.
  app.addHook('onRequest', async (request) => {
    clients.set(request, await authenticate(request));
  });

  const answer = (reply: FastifyReply, body: unknown, status = 200) => reply.code(status).type(SCIM_CONTENT_TYPE).send(body);

  app.get('/ServiceProviderConfig', route, async (_request, reply) => answer(reply, serviceProviderConfig(base)));
  app.get('/ResourceTypes', route, async (_request, reply) => answer(reply, listResponse(resourceTypes(base), 2, 1)));
  app.get<Id>('/ResourceTypes/:id', route, async (request, reply) => {
    const found = resourceTypes(base).find((t) => t.id === request.params.id);
    if (!found) throw scimNotFound();
    return answer(reply, found);
  });
  app.get('/Schemas', route, async (_request, reply) => answer(reply, listResponse(schemas(base), 2, 1)));
  app.get<Id>('/Schemas/:id', route, async (request, reply) => {
    const found = schemas(base).find((s) => s.id === request.params.id);
    if (!found) throw scimNotFound();
    return answer(reply, found);
  });

  app.get<ListQuery>('/Users', route, async (request, reply) => {
    const page = pageOf(request.query);
    const { resources, total } = await usersService.list(clientOf(request), filterOf(request.query), page);
    return answer(reply, listResponse(resources, total, page.startIndex));
  });
  app.post('/Users', route, async (request, reply) =>
    answer(reply, await usersService.create(clientOf(request), userFieldsOf(boundedBody(request.body))), 201),
  );
  app.get<Id>('/Users/:id', route, async (request, reply) => answer(reply, await usersService.get(clientOf(request), request.params.id)));
  app.put<Id>('/Users/:id', route, async (request, reply) => {
    const body = boundedBody(request.body);
    return answer(reply, await usersService.save(clientOf(request), request.params.id, (current) => userFieldsOf(body, current)));
  });
  app.patch<Id>('/Users/:id', route, async (request, reply) => {
    const operations = patchOperations(boundedBody(request.body));
    return answer(reply, await usersService.save(clientOf(request), request.params.id, (current) => patchedUserFields(current, operations)));
  });
  app.delete<Id>('/Users/:id', route, async (request, reply) => {
    await usersService.remove(clientOf(request), request.params.id);
    return reply.code(204).send();
  });

  app.get<ListQuery>('/Groups', route, async (request, reply) => {
    const page = pageOf(request.query);
    const { resources, total } = await groupsService.list(clientOf(request), filterOf(request.query), page, !withoutMembers(request.query));
    return answer(reply, listResponse(resources, total, page.startIndex));
  });
  app.post('/Groups', route, async (request, reply) =>
    answer(reply, await groupsService.create(clientOf(request), groupFieldsOf(boundedBody(request.body))), 201),
  );
  app.get<Id & ListQuery>('/Groups/:id', route, async (request, reply) =>
    answer(reply, await groupsService.get(clientOf(request), request.params.id, !withoutMembers(request.query))),
  );
  app.put<Id>('/Groups/:id', route, async (request, reply) => {
    const fields = groupFieldsOf(boundedBody(request.body));
    const id = await groupsService.save(clientOf(request), request.params.id, () => fields);
    return answer(reply, await groupsService.get(clientOf(request), id));
  });
  app.patch<Id>('/Groups/:id', route, async (request, reply) => {
    const operations = patchOperations(boundedBody(request.body));
    const id = await groupsService.save(clientOf(request), request.params.id, (current) => patchedGroupFields(current, operations));
    return answer(reply, await groupsService.get(clientOf(request), id));
  });
  app.delete<Id>('/Groups/:id', route, async (request, reply) => {
    await groupsService.remove(clientOf(request), request.params.id);
    return reply.code(204).send();
  });

  // The app's own catch-all GET would answer an unknown SCIM address with the app's page.
  app.get('/*', route, async () => {
    throw scimNotFound('scim.noSuchEndpoint');
  });
};
